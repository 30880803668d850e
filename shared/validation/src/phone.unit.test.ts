import { describe, expect, it } from 'vitest';
import { checkPhone } from './phone';

const invalid = { ok: false, error: 'validation.phone_invalid' };

describe('checkPhone', () => {
  it.each([
    // Czech market: national form without a trunk prefix, +420 and 00420.
    ['603 123 456', 'cz', '+420603123456'],
    ['603123456', 'cz', '+420603123456'],
    ['+420 603 123 456', 'cz', '+420603123456'],
    ['00420 603 123 456', 'cz', '+420603123456'],
    ['603-123-456', 'cz', '+420603123456'],
    [' 777 888 999 ', 'cz', '+420777888999'],
    ['222 333 444', 'cz', '+420222333444'],
    // Romanian market: national form with the trunk 0, +40 and 0040.
    ['0722 123 456', 'ro', '+40722123456'],
    ['0722.123.456', 'ro', '+40722123456'],
    ['+40 722 123 456', 'ro', '+40722123456'],
    ['0040 722 123 456', 'ro', '+40722123456'],
    ['021 312 3456', 'ro', '+40213123456'],
    // International numbers are read as written, whatever the market.
    ['+40 722 123 456', 'cz', '+40722123456'],
    ['+420 603 123 456', 'ro', '+420603123456'],
    ['+421 905 123 456', 'cz', '+421905123456'],
  ] as const)('%j in %s → %s', (input, market, e164) => {
    expect(checkPhone(input, market)).toEqual({ ok: true, e164 });
  });

  it.each([
    ['123 456 789', 'cz'], // no Czech range starts with 1
    ['603 123 45', 'cz'], // eight digits
    ['603 123 4567', 'cz'], // ten digits
    ['0603 123 456', 'cz'], // Czech numbers have no trunk 0
    ['+420 0603 123 456', 'cz'],
    ['0905 123 456', 'cz'], // a Slovak national number is not Czech
    ['0122 123 456', 'ro'], // no Romanian range starts with 1
    ['0722 123 45', 'ro'],
    ['0722 123 4567', 'ro'],
    ['+40 22 123 456', 'ro'],
    ['603 123 456', 'ro'], // a Czech national number read as Romanian
    ['tel. 603 123 456', 'cz'],
    ['603 123 456 ext. 12', 'cz'],
    ['603 123 456; 777 888 999', 'cz'],
    ['6+03 123 456', 'cz'],
    ['+', 'cz'],
    ['1'.repeat(60), 'cz'],
  ] as const)('rejects %j in %s', (input, market) => {
    expect(checkPhone(input, market)).toEqual(invalid);
  });

  it.each([[''], ['   '], [undefined], [null], [603123456]])('asks for a number when given %j', (input) => {
    expect(checkPhone(input, 'cz')).toEqual({ ok: false, error: 'validation.required' });
  });
});
