import { describe, expect, it } from 'vitest';
import { checkIdentityCard, checkValidTo } from './identity-card';

/** 15 January 2026, local time, as the validators read it. */
const today = new Date(2026, 0, 15);
const invalid = { ok: false, errors: ['validation.identity_card_invalid'] };

describe('checkIdentityCard: numbers', () => {
  it.each([
    // Czech cards: 9 digits; older 6 digits with a series go to staff review.
    ['CZ', '123456789', '123456789', false],
    ['CZ', ' 123 456 789 ', '123456789', false],
    ['CZ', '000123456', '000123456', false],
    ['CZ', 'AB 123456', 'AB123456', true],
    ['CZ', '123456 ab', '123456AB', true],
    ['CZ', 'A-123456', 'A123456', true],
    // Romanian cards: old ones 2 letters + 6 digits, new electronic ones 1–9 letters or digits.
    ['RO', 'RX 123456', 'RX123456', false],
    ['RO', 'rx123456', 'RX123456', false],
    ['RO', 'AB1234567', 'AB1234567', false],
    ['RO', '123456789', '123456789', false],
    ['RO', 'X', 'X', false],
  ] as const)('%s %j → %s (review %s)', (country, input, normalised, review) => {
    expect(checkIdentityCard(input, { country, today })).toEqual({ ok: true, normalised, review });
  });

  it.each([
    ['CZ', '12345678'],
    ['CZ', '1234567890'],
    ['CZ', '12345A789'],
    ['CZ', 'ABC123456'],
    ['CZ', '12345 AB'],
    ['CZ', '123456ABC'],
    ['RO', 'ABCDEFGHIJ'],
    ['RO', 'RX1234567890'],
    ['RO', 'RX-12345!'],
    ['RO', 'RȘ123456'],
  ] as const)('%s %j is refused', (country, input) => {
    expect(checkIdentityCard(input, { country, today })).toEqual(invalid);
  });

  it.each([[''], ['  '], [undefined], [123456789]])('asks for a number when given %j', (input) => {
    expect(checkIdentityCard(input, { country: 'CZ', today })).toEqual({ ok: false, errors: ['validation.required'] });
  });
});

describe('checkIdentityCard: valid to', () => {
  it.each([
    ['CZ', '123456789', '2030-05-01', { ok: true, normalised: '123456789', review: false }],
    ['CZ', '123456789', '2026-01-15', { ok: true, normalised: '123456789', review: false }], // its last day
    ['CZ', '123456789', 'unlimited', { ok: true, normalised: '123456789', review: false }],
    ['CZ', '123456789', '2026-01-14', { ok: false, errors: ['validation.identity_card_expired'] }],
    ['RO', 'RX123456', '2025-12-31', { ok: false, errors: ['validation.identity_card_expired'] }],
    ['CZ', '123456789', '2026-02-30', { ok: false, errors: ['validation.date_invalid'] }],
    ['CZ', '123456789', '15.01.2030', { ok: false, errors: ['validation.date_invalid'] }],
    ['CZ', '123456789', '', { ok: false, errors: ['validation.required'] }],
    ['CZ', '12345678', '2030-05-01', invalid], // the number is judged first
    // Old Romanian cards are valid until 3 August 2031 at the latest: anything beyond goes to review.
    ['RO', 'RX123456', '2031-08-03', { ok: true, normalised: 'RX123456', review: false }],
    ['RO', 'RX123456', '2031-08-04', { ok: true, normalised: 'RX123456', review: true }],
    ['RO', 'RX123456', 'unlimited', { ok: true, normalised: 'RX123456', review: true }],
    ['RO', 'AB1234567', '2035-08-04', { ok: true, normalised: 'AB1234567', review: false }],
    ['RO', 'AB1234567', 'unlimited', { ok: true, normalised: 'AB1234567', review: false }],
  ] as const)('%s %j valid to %j → %j', (country, input, validTo, expected) => {
    expect(checkIdentityCard(input, { country, today, validTo })).toEqual(expected);
  });

  it('flags an old-style Romanian card once 3 August 2031 has passed', () => {
    expect(checkIdentityCard('RX123456', { country: 'RO', today: new Date(2031, 7, 3) })).toMatchObject({
      ok: true,
      review: false,
    });
    expect(checkIdentityCard('RX123456', { country: 'RO', today: new Date(2031, 7, 4) })).toMatchObject({
      ok: true,
      review: true,
    });
  });

  it.each([
    ['2026-01-15', []],
    ['2099-12-31', []],
    ['unlimited', []],
    [' Unlimited ', []],
    ['2026-01-14', ['validation.identity_card_expired']],
    ['1999-01-01', ['validation.identity_card_expired']],
    ['2026-1-20', ['validation.date_invalid']],
    ['2026-13-01', ['validation.date_invalid']],
    ['never', ['validation.date_invalid']],
    [undefined, ['validation.required']],
  ] as const)('checkValidTo(%j) → %j', (validTo, expected) => {
    expect(checkValidTo(validTo, today)).toEqual(expected);
  });
});
