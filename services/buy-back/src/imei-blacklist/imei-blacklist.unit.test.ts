import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IllegalState, ValidationError, fold } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { messageCodesIn } from '@buyloop/i18n/testing';
import { imeiBlacklistDecider, type BlacklistImei, type ClearImei } from './decide';
import { imeiBlacklistStream, type ImeiBlacklistEvent } from './events';

const { given } = deciderSpec(imeiBlacklistDecider);

const IMEI = '352099001761481';
const day = (n: number): string => new Date(Date.parse('2026-11-01T10:00:00.000Z') + n * 86_400_000).toISOString();

const blacklist = (overrides: Partial<BlacklistImei> = {}): BlacklistImei => ({
  type: 'BlacklistImei',
  imei: IMEI,
  reason: 'Reported stolen, case 123/2026',
  source: 'police',
  at: day(1),
  ...overrides,
});
const clear = (overrides: Partial<ClearImei> = {}): ClearImei => ({
  type: 'ClearImei',
  imei: IMEI,
  reason: 'Owner found the phone',
  at: day(2),
  ...overrides,
});

const listed: ImeiBlacklistEvent = {
  type: 'ImeiBlacklisted',
  data: { imei: IMEI, reason: 'Reported stolen, case 123/2026', source: 'police', at: day(1) },
};
const cleared: ImeiBlacklistEvent = { type: 'ImeiCleared', data: { imei: IMEI, reason: 'Owner found the phone', at: day(2) } };

/** The field errors a refused command names, so a spec can say which input was wrong and why. */
function fieldErrorsOf(run: () => unknown): Readonly<Record<string, readonly string[]>> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).fieldErrors;
  }
  return expect.fail('the command was not refused');
}
const decideOn = (history: ImeiBlacklistEvent[], command: BlacklistImei | ClearImei) => () =>
  imeiBlacklistDecider.decide(command, fold(imeiBlacklistDecider, history));

describe('IMEI blacklist', () => {
  it('one stream per device, however the IMEI was typed', () => {
    expect(imeiBlacklistStream('35 209900 176148 1')).toBe('imei-blacklist-352099001761481');
    expect(imeiBlacklistStream('35-209900-176148-1')).toBe(imeiBlacklistStream(IMEI));
  });

  it('lists an IMEI that was never listed, storing it without separators and the reason trimmed', () => {
    given().when(blacklist()).then(listed);
    given()
      .when(blacklist({ imei: '35 209900 176148 1', reason: '  Distrusted by the centre ', source: 'staff' }))
      .then({ type: 'ImeiBlacklisted', data: { imei: IMEI, reason: 'Distrusted by the centre', source: 'staff', at: day(1) } });
  });

  it('lists a cleared IMEI again', () => {
    given(listed, cleared)
      .when(blacklist({ source: 'gsma', reason: 'GSMA registry: lost', at: day(3) }))
      .then({ type: 'ImeiBlacklisted', data: { imei: IMEI, reason: 'GSMA registry: lost', source: 'gsma', at: day(3) } });
  });

  it('refuses to list an IMEI that is listed already', () => {
    given(listed)
      .when(blacklist({ source: 'staff' }))
      .thenThrows(IllegalState, 'imei_blacklist.already_listed');
    given(listed, cleared, listed).when(blacklist()).thenThrows(IllegalState, 'imei_blacklist.already_listed');
  });

  it('clears a listed IMEI', () => {
    given(listed).when(clear()).then(cleared);
    given(listed)
      .when(clear({ imei: '35-209900-176148-1', reason: ' Mistaken report ' }))
      .then({ type: 'ImeiCleared', data: { imei: IMEI, reason: 'Mistaken report', at: day(2) } });
  });

  it('refuses to clear an IMEI that is not listed, never or no longer', () => {
    given().when(clear()).thenThrows(IllegalState, 'imei_blacklist.not_listed');
    given(listed, cleared).when(clear()).thenThrows(IllegalState, 'imei_blacklist.not_listed');
  });

  it('refuses an invalid IMEI, reason, source or time before looking at the state', () => {
    given(listed)
      .when(blacklist({ imei: '352099001761482' }))
      .thenThrows(ValidationError, 'validation.failed');
    expect(fieldErrorsOf(decideOn([], blacklist({ imei: '352099001761482' })))).toEqual({
      imei: ['validation.imei_check_digit'],
    });
    expect(fieldErrorsOf(decideOn([], blacklist({ imei: '35209900176148' })))).toEqual({ imei: ['validation.imei_invalid'] });
    expect(fieldErrorsOf(decideOn([], blacklist({ imei: '  ' })))).toEqual({ imei: ['validation.required'] });
    expect(
      fieldErrorsOf(decideOn([], blacklist({ reason: ' ', source: 'neighbour' as BlacklistImei['source'], at: 'yesterday' }))),
    ).toEqual({ reason: ['validation.required'], source: ['validation.invalid_value'], at: ['validation.date_invalid'] });
    expect(fieldErrorsOf(decideOn([], blacklist({ reason: 'x'.repeat(501) })))).toEqual({ reason: ['validation.max_length'] });
    given()
      .when(blacklist({ reason: 'x'.repeat(500) }))
      .then({ ...listed, data: { ...listed.data, reason: 'x'.repeat(500) } });

    given()
      .when(clear({ imei: 'not an imei' }))
      .thenThrows(ValidationError, 'validation.failed');
    expect(fieldErrorsOf(decideOn([listed], clear({ reason: '', at: '' })))).toEqual({
      reason: ['validation.required'],
      at: ['validation.date_invalid'],
    });
  });

  it('folds the latest listing and whether it still holds', () => {
    const state = fold(imeiBlacklistDecider, [listed, cleared]);
    expect(state).toEqual({
      imei: IMEI,
      listed: false,
      reason: 'Reported stolen, case 123/2026',
      source: 'police',
      listedAt: day(1),
      clearedAt: day(2),
    });
    expect(fold(imeiBlacklistDecider, [listed, cleared, listed])).toMatchObject({ listed: true, clearedAt: null });
  });

  it('every refusal code is in the cs / ro / en catalogue', () => {
    const { codes, missing } = messageCodesIn(dirname(fileURLToPath(import.meta.url)), ['imei_blacklist']);
    expect(codes.sort()).toEqual(['imei_blacklist.already_listed', 'imei_blacklist.not_listed']);
    expect(missing).toEqual([]);
  });
});
