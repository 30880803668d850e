import { describe, expect, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { BUYBACK_IMEI, buybackAt as day, buybackHistory as h, scratchedDisplay } from '../../testing';
import { buybackFieldErrors } from '../../testing/buyback';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = {
  type: 'Inspect',
  qualityFound: 'A',
  findings: [],
  imei: { found: BUYBACK_IMEI, blacklisted: false },
  at: day(4),
} as const;
const received = [h.submitted(), h.received] as const;

describe('inspect the device', () => {
  it('records the quality found, the findings and the IMEI check', () => {
    given(...received)
      .when(command)
      .then(h.inspected());
    given(...received)
      .when({ ...command, qualityFound: 'B', findings: [scratchedDisplay] })
      .then(h.inspected([scratchedDisplay], 'B'));
  });

  it('a quality worse than declared must name the answer that differs, or it could be neither approved nor revised', () => {
    const perfectDisplay = { ...scratchedDisplay, foundChoice: scratchedDisplay.expectedChoice, reason: '' };
    given(...received)
      .when({ ...command, qualityFound: 'B' })
      .thenThrows(ValidationError, 'validation.failed');
    expect(buybackFieldErrors(received, { ...command, qualityFound: 'B' })).toEqual({
      findings: ['buyback.findings_missing_for_quality'],
    });
    expect(buybackFieldErrors(received, { ...command, qualityFound: 'D', findings: [perfectDisplay] })).toEqual({
      findings: ['buyback.findings_missing_for_quality'],
    });
    // Blacklisted or not: the quarantine can be released, and then the same dead end would follow.
    given(...received)
      .when({ ...command, qualityFound: 'C', imei: { found: BUYBACK_IMEI, blacklisted: true } })
      .thenThrows(ValidationError);
  });

  it('the declared quality or a better one needs no differing finding', () => {
    given(...received)
      .when({ ...command, qualityFound: 'A+' })
      .then(h.inspected([], 'A+'));
  });

  it('a blacklisted IMEI quarantines the device instead of leaving it inspected', () => {
    given(...received)
      .when({ ...command, imei: { found: BUYBACK_IMEI, blacklisted: true } })
      .then(
        {
          type: 'DeviceInspected',
          data: {
            qualityFound: 'A',
            findings: [],
            imei: { found: BUYBACK_IMEI, matchesSubmitted: true, blacklisted: true },
            at: day(4),
          },
        },
        { type: 'Quarantined', data: { reasons: ['imei_blacklisted'], at: day(4) } },
      );
  });

  it('an IMEI other than the submitted one quarantines the device, blacklisted or not', () => {
    given(...received)
      .when({ ...command, imei: { found: '490154203237518', blacklisted: true } })
      .then(
        {
          type: 'DeviceInspected',
          data: {
            qualityFound: 'A',
            findings: [],
            imei: { found: '490154203237518', matchesSubmitted: false, blacklisted: true },
            at: day(4),
          },
        },
        { type: 'Quarantined', data: { reasons: ['imei_blacklisted', 'imei_mismatch'], at: day(4) } },
      );
  });

  it('is refused before receipt, twice, and for an unknown buy-back', () => {
    given(h.submitted()).when(command).thenThrows(IllegalState, 'buyback.not_received');
    given(...received, h.inspected())
      .when(command)
      .thenThrows(IllegalState, 'buyback.already_inspected');
    given(...received, h.inspected(), h.quarantined)
      .when(command)
      .thenThrows(IllegalState, 'buyback.already_inspected');
    given().when(command).thenThrows(NotFound, 'buyback.not_found');
  });

  it('refuses bad input: unknown quality, a differing finding without a reason, a question twice, no IMEI', () => {
    given(...received)
      .when({ ...command, qualityFound: 'X' as never })
      .thenThrows(ValidationError, 'validation.failed');
    given(...received)
      .when({ ...command, findings: [{ ...scratchedDisplay, reason: '' }] })
      .thenThrows(ValidationError);
    given(...received)
      .when({ ...command, findings: [scratchedDisplay, scratchedDisplay] })
      .thenThrows(ValidationError);
    given(...received)
      .when({ ...command, imei: { found: '', blacklisted: false } })
      .thenThrows(ValidationError);
  });
});
