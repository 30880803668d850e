import { describe, expect, it } from 'vitest';
import { dateCell, parsePriceCsv, priceCell, type PriceCsvResult } from './parse';

const lines = (...rows: string[]) => rows.join('\r\n');
const refusal = (result: PriceCsvResult) => {
  if (result.ok) return expect.fail('accepted');
  return result;
};
const where = (result: PriceCsvResult) => refusal(result).errors.map(({ line, column, code }) => [line, column ?? null, code]);

describe('price CSV', () => {
  it('reads regular prices and offers, any column order and case, a BOM, semicolons or commas', () => {
    const result = parsePriceCsv(
      `\uFEFF${lines('Price;CODE;name;valid_to;valid_from', '21 990;IP15-128;iPhone 15;;', '19990;IP15-128;iPhone 15;24.12.2026 23:59;1.12.2026')}`,
      'cz',
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        { line: 2, code: 'IP15-128', price: 21990, validFrom: null, validTo: null },
        { line: 3, code: 'IP15-128', price: 19990, validFrom: '2026-11-30T23:00:00.000Z', validTo: '2026-12-24T22:59:00.000Z' },
      ],
    });
    expect(parsePriceCsv(lines('code,price', 'IP15-128,21990'), 'ro')).toMatchObject({
      ok: true,
      rows: [{ code: 'IP15-128', price: 21990 }],
    });
  });

  it('refuses a file without a required column with the spec’s message, naming the columns', () => {
    expect(refusal(parsePriceCsv(lines('code;valid_from', 'IP15-128;'), 'cz'))).toMatchObject({
      missingColumns: ['price'],
      errors: [],
    });
    expect(refusal(parsePriceCsv(lines('sku;amount', 'IP15-128;1'), 'cz')).missingColumns).toEqual(['code', 'price']);
  });

  it('refuses what is not a CSV at all', () => {
    expect(where(parsePriceCsv('', 'cz'))).toEqual([[1, null, 'catalogue.pricing.import.not_csv']]);
    expect(where(parsePriceCsv('PK\u0003\u0004\u0000\u0000binary', 'cz'))).toEqual([
      [1, null, 'catalogue.pricing.import.not_csv'],
    ]);
  });

  it('lists every bad cell by line and column at once', () => {
    const result = parsePriceCsv(
      lines(
        'code;price;valid_from;valid_to',
        'IP15-128;-100;;',
        'IP15-256;12990,50;;',
        ';abc;31.2.2026;',
        'IP15-512;12990;;zítra',
        'IP15 BAD;1;;',
      ),
      'cz',
    );
    expect(where(result)).toEqual([
      [2, 'price', 'catalogue.pricing.price_not_positive'],
      [3, 'price', 'catalogue.pricing.price_not_whole'],
      [4, 'code', 'validation.required'],
      [4, 'price', 'catalogue.pricing.import.not_a_number'],
      [4, 'valid_from', 'catalogue.pricing.date_invalid'],
      [5, 'valid_to', 'catalogue.pricing.date_invalid'],
      [6, 'code', 'catalogue.pricing.product_not_found'],
    ]);
  });

  it('refuses a duplicate column, a row with more cells than the header, and the same row twice', () => {
    expect(where(parsePriceCsv(lines('code;price;price', 'A;1;2'), 'cz'))).toEqual([
      [1, 'price', 'catalogue.pricing.import.column_duplicate'],
    ]);
    expect(where(parsePriceCsv(lines('code,price', 'A,12,5'), 'cz'))).toEqual([
      [2, null, 'catalogue.pricing.import.too_many_cells'],
    ]);
    expect(where(parsePriceCsv(lines('code;price', 'A;1', 'A;2'), 'cz'))).toEqual([
      [3, 'code', 'catalogue.pricing.import.row_duplicate'],
    ]);
  });

  it('refuses a file with a header only', () => {
    expect(where(parsePriceCsv(lines('code;price', ';'), 'cz'))).toEqual([[1, null, 'catalogue.pricing.import.empty']]);
  });

  it('reads amounts and dates as spreadsheets write them', () => {
    expect(priceCell('12 990')).toEqual({ ok: true, value: 12990 });
    expect(priceCell('12\u00A0990')).toEqual({ ok: true, value: 12990 });
    expect(priceCell('1 29 90')).toMatchObject({ ok: false });
    expect(priceCell('1e5')).toMatchObject({ ok: false, code: 'catalogue.pricing.import.not_a_number' });
    expect(priceCell('99999999999999999999')).toMatchObject({ ok: false, code: 'catalogue.pricing.price_too_high' });
    expect(dateCell('2026-07-01', 'cz')).toEqual({ ok: true, value: '2026-06-30T22:00:00.000Z' });
    expect(dateCell('2026-07-01', 'ro')).toEqual({ ok: true, value: '2026-06-30T21:00:00.000Z' });
    expect(dateCell('2026-07-01T08:00:00Z', 'cz')).toEqual({ ok: true, value: '2026-07-01T08:00:00.000Z' });
    expect(dateCell('1. 1. 2027', 'cz')).toEqual({ ok: true, value: '2026-12-31T23:00:00.000Z' });
    expect(dateCell('1.1.2027 25:00', 'cz')).toMatchObject({ ok: false });
    expect(dateCell('', 'cz')).toEqual({ ok: true, value: null });
  });
});
