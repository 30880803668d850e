import { describe, expect, it } from 'vitest';
import { PRODUCT_IMPORT_COLUMNS } from '@buyloop/contracts/catalogue/products';
import { readProductCsv } from './csv';

const header = PRODUCT_IMPORT_COLUMNS.join(';');
const row = 'apple-iphone-16;iPhone 16;apple;phone;IP16;;Černá;128 GB;new;;iPhone 16 128 GB;iPhone 16;21';

describe('reading the product CSV', () => {
  it('reads rows by column with their line, with a BOM, CRLF, commas and blank lines', () => {
    const reading = readProductCsv(`\uFEFF${header}\r\n\r\n${row}\r\n;;;;;;;;;;;;\r\n`);
    expect(reading).toMatchObject({ ok: true, rows: [{ line: 3, cells: { code: 'IP16', colour: 'Černá', width_cm: '' } }] });
    const commas = readProductCsv(`${header.replaceAll(';', ',')},description\n${row.replaceAll(';', ',')},"<p>a, b</p>"\n`);
    expect(commas).toMatchObject({ ok: true, rows: [{ line: 2, cells: { description: '<p>a, b</p>' } }] });
  });

  it('lists every missing required column, and refuses unknown and repeated ones', () => {
    expect(readProductCsv('code;quality\nX;new\n')).toMatchObject({
      ok: false,
      missingColumns: PRODUCT_IMPORT_COLUMNS.filter((c) => c !== 'code' && c !== 'quality'),
    });
    expect(readProductCsv(`${header};price;code\n${row};1;X\n`)).toEqual({
      ok: false,
      missingColumns: [],
      errors: [
        { line: 1, column: 'price', code: 'catalogue.product.import.column_unknown', params: { column: 'price' } },
        { line: 1, column: 'code', code: 'catalogue.product.import.column_duplicate', params: { column: 'code' } },
      ],
    });
  });

  it('refuses what is no CSV, a row with too many cells, a broken quote and a file without rows', () => {
    expect(readProductCsv('\u0000PK\u0003\u0004')).toMatchObject({
      ok: false,
      errors: [{ code: 'catalogue.product.import.not_csv' }],
    });
    expect(readProductCsv('')).toMatchObject({ ok: false, errors: [{ code: 'catalogue.product.import.not_csv' }] });
    expect(readProductCsv(`${header}\n${row};extra\n`)).toMatchObject({
      ok: false,
      errors: [{ line: 2, code: 'catalogue.product.import.too_many_cells' }],
    });
    expect(readProductCsv(`${header}\n${row}\n"broken;x\n`)).toMatchObject({
      ok: false,
      errors: [{ code: 'catalogue.product.import.row_malformed' }],
    });
    expect(readProductCsv(`${header}\n`)).toMatchObject({ ok: false, errors: [{ code: 'catalogue.product.import.no_rows' }] });
  });
});
