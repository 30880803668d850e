import { describe, expect, it } from 'vitest';
import type { BuyBackCatalogue } from '../catalogue/types';
import { decidePublishCatalogue } from '../publish-catalogue/decide';
import { iphone13PriceList, smallCatalogue } from '../testing';
import { exportPriceListCsv, parsePriceListCsv, REQUIRED_PRICE_LIST_COLUMNS, type PriceListImportResult } from './index';

/** The small catalogue plus an iPhone 13 mini whose list is at another version, so versions can be told apart. */
function twoModels(): BuyBackCatalogue {
  const base = smallCatalogue('cz', 3);
  const mini = {
    ...iphone13PriceList('CZK', 7),
    model_id: 'apple-iphone-13-mini',
    prices: { 'A+': 9_000, A: 8_000, B: 6_500, C: 4_800, D: 2_900 },
  };
  return {
    ...base,
    models: [
      ...base.models,
      {
        id: 'apple-iphone-13-mini',
        device_type: 'phone',
        manufacturer_id: 'apple',
        label: 'iPhone 13 mini 128 GB',
        slug: 'iphone-13-mini-128-gb',
        colors: [
          {
            id: 'apple-iphone-13-mini-pink',
            label: 'Pink',
            slug: 'pink',
            image: '/images/buyout/iphone-13-mini/pink.webp',
            image_alt: 'iPhone 13 mini Pink',
          },
        ],
      },
    ],
    price_lists: [...base.price_lists, mini],
  };
}

const current = twoModels();
const HEADER = 'model_id;label;price_a_plus;price_a;price_b;price_c;price_d;minimal_buyout_price;bonus_percent';
const IPHONE = 'apple-iphone-13;iPhone 13 128 GB;11500;10200;8600;6400;3900;1500;10';
const MINI = 'apple-iphone-13-mini;iPhone 13 mini 128 GB;9000;8000;6500;4800;2900;1500;10';

const lines = (...rows: string[]): string => rows.join('\n');

function accepted(result: PriceListImportResult): { catalogue: BuyBackCatalogue; changedModels: string[] } {
  if (!result.ok) return expect.fail(`refused: ${JSON.stringify(result)}`);
  return result;
}
function refusedWith(result: PriceListImportResult) {
  if (result.ok) return expect.fail('the file was accepted');
  return result;
}
const listOf = (catalogue: BuyBackCatalogue, modelId: string) => catalogue.price_lists.find((l) => l.model_id === modelId)!;
/** Line, column and code of each error: what staff need to find the cell. */
const where = (result: PriceListImportResult) =>
  refusedWith(result).rowErrors.map(({ line, column, code }) => (column ? [line, column, code] : [line, code]));

describe('price-list CSV', () => {
  it('exports one row per model, semicolons, BOM and CRLF, as a Czech or Romanian Excel opens it', () => {
    expect(exportPriceListCsv(current)).toBe(`\uFEFF${HEADER}\r\n${IPHONE}\r\n${MINI}\r\n`);
  });

  it('round trip: the exported file imports to the same catalogue and changes nothing', () => {
    const result = accepted(parsePriceListCsv(exportPriceListCsv(current), current));
    expect(result.catalogue).toEqual(current);
    expect(result.changedModels).toEqual([]);
    // Publishing it is a no-op, so a re-upload never creates a version.
    expect(decidePublishCatalogue(publish(result.catalogue), { catalogue: current })).toEqual([]);
  });

  it('a changed price list gets the next version; unchanged ones and models without a row keep theirs', () => {
    const result = accepted(
      parsePriceListCsv(lines(HEADER, 'apple-iphone-13;iPhone 13 128 GB;11900;10200;8600;6400;3900;1200;12', MINI), current),
    );
    expect(result.changedModels).toEqual(['apple-iphone-13']);
    expect(listOf(result.catalogue, 'apple-iphone-13')).toEqual({
      ...listOf(current, 'apple-iphone-13'),
      version: 4,
      prices: { 'A+': 11_900, A: 10_200, B: 8_600, C: 6_400, D: 3_900 },
      minimal_buyout_price: 1_200,
      bonus_percentage: 12,
    });
    expect(listOf(result.catalogue, 'apple-iphone-13-mini')).toBe(listOf(current, 'apple-iphone-13-mini'));

    const onlyMini = accepted(parsePriceListCsv(lines(HEADER, MINI.replace(';6500;', ';6600;')), current));
    expect(onlyMini.changedModels).toEqual(['apple-iphone-13-mini']);
    expect(listOf(onlyMini.catalogue, 'apple-iphone-13-mini').version).toBe(8);
    expect(listOf(onlyMini.catalogue, 'apple-iphone-13')).toBe(listOf(current, 'apple-iphone-13'));

    // The publication rules agree: valid, and every changed list at a higher version.
    expect(decidePublishCatalogue(publish(result.catalogue), { catalogue: current })).toHaveLength(1);
  });

  it('lists every missing required column, whatever order and case the present ones have', () => {
    const result = refusedWith(parsePriceListCsv(lines('Price_A; MODEL_ID ;price_c;note', 'apple-iphone-13;1;2;x'), current));
    expect(result.missingColumns).toEqual(['price_a_plus', 'price_b', 'price_d', 'minimal_buyout_price', 'bonus_percent']);
    expect(result.rowErrors).toEqual([]);
    expect(where(parsePriceListCsv(lines(`${HEADER};price_b`, IPHONE), current))).toEqual([
      [1, 'price_b', 'buyback.import.column_duplicate'],
    ]);
  });

  it('reports every bad row at its line, the header being line 1 and blank lines counted', () => {
    const csv = lines(
      HEADER,
      'samsung-galaxy-s99;Galaxy;9000;8000;7000;6000;5000;100;5',
      'apple-iphone-13;iPhone 13;11500;10200.5;8600;6400;-3900;1500;10',
      '',
      'apple-iphone-13;iPhone 13;11500;10200;8600;6400;3900;1500;10',
      'apple-iphone-13-mini;mini;9000;8000;8500;4800;2900;3000;120',
      ';;;;;;;;',
      ';;11500;10200;;6400;3900;1500;ten',
    );
    const result = refusedWith(parsePriceListCsv(csv, current));
    expect(where(parsePriceListCsv(csv, current))).toEqual([
      [2, 'model_id', 'buyback.import.model_unknown'],
      [3, 'price_a', 'buyback.import.whole_number_required'],
      [3, 'price_d', 'buyback.import.amount_negative'],
      [5, 'model_id', 'buyback.import.model_duplicate'],
      [6, 'price_a', 'buyback.price_list.prices_not_ordered'],
      [6, 'minimal_buyout_price', 'buyback.price_list.minimal_price_too_high'],
      [6, 'bonus_percent', 'buyback.price_list.bonus_invalid'],
      [8, 'model_id', 'validation.required'],
      [8, 'price_b', 'validation.required'],
      [8, 'bonus_percent', 'validation.not_a_number'],
    ]);
    expect(result.missingColumns).toEqual([]);
    expect(result.rowErrors[0]).toEqual({
      line: 2,
      column: 'model_id',
      code: 'buyback.import.model_unknown',
      message: 'The model samsung-galaxy-s99 is not in the buy-back catalogue.',
      params: { model_id: 'samsung-galaxy-s99' },
    });
    expect(result.rowErrors[3]!.params).toEqual({ model_id: 'apple-iphone-13', first_line: 3 });
    // A quoted cell spanning lines: the error is at the line the row starts on, and later lines stay counted.
    expect(
      where(
        parsePriceListCsv(
          lines(HEADER, 'apple-iphone-13;"iPhone 13\n128 GB";11500;x;8600;6400;3900;1500;10', 'nope;;1;1;1;1;1;1;1'),
          current,
        ),
      ),
    ).toEqual([
      [2, 'price_a', 'buyback.import.whole_number_required'],
      [4, 'model_id', 'buyback.import.model_unknown'],
    ]);
    expect(result.rowErrors[4]).toMatchObject({
      params: { better: 'A', worse: 'B' },
      message: 'The price of quality A cannot be lower than the price of quality B.',
    });
  });

  it('reads comma files as well as semicolon files', () => {
    const semicolons = lines(HEADER, IPHONE.replace('11500', '11600'), MINI);
    const commas = semicolons.replaceAll(';', ',');
    const fromCommas = accepted(parsePriceListCsv(commas, current));
    expect(fromCommas).toEqual(accepted(parsePriceListCsv(semicolons, current)));
    expect(fromCommas.changedModels).toEqual(['apple-iphone-13']);

    // Quoted cells may hold the other separator; a label with a comma must not shift the prices.
    const quoted = lines(
      HEADER.replaceAll(';', ','),
      'apple-iphone-13,"iPhone 13, 128 GB",11600,10200,8600,6400,3900,1500,"7,5"',
    );
    expect(listOf(accepted(parsePriceListCsv(quoted, current)).catalogue, 'apple-iphone-13')).toMatchObject({
      prices: { 'A+': 11_600 },
      bonus_percentage: 7.5,
    });
    // Unquoted, the decimal comma makes one cell more than the header: refused, never read as 7 %.
    expect(where(parsePriceListCsv(lines(HEADER.replaceAll(';', ','), `${MINI.replaceAll(';', ',')},5`), current))).toEqual([
      [2, 'buyback.import.too_many_cells'],
    ]);
  });

  it('takes UTF-8 with a BOM and CRLF line ends, decimal commas and grouped thousands', () => {
    const csv = `\uFEFF${HEADER}\r\napple-iphone-13;iPhone 13;"11 900";10200;8600;6400;3900;1500;12,5\r\n${MINI}\r\n`;
    const result = accepted(parsePriceListCsv(csv, current));
    expect(listOf(result.catalogue, 'apple-iphone-13')).toMatchObject({ prices: { 'A+': 11_900 }, bonus_percentage: 12.5 });
    expect(result.changedModels).toEqual(['apple-iphone-13']);
    expect(where(parsePriceListCsv(`\uFEFF${HEADER}\r\n${IPHONE}\r\n\r\nnope;x;1;1;1;1;1;1;1\r\n`, current))).toEqual([
      [4, 'model_id', 'buyback.import.model_unknown'],
    ]);
  });

  it('still imports a file Excel saved in Windows-1250: only the ignored label is garbled', () => {
    // "Černá" in Windows-1250, read as UTF-8: Č (0xC8) and á (0xE1) are not UTF-8 and become U+FFFD.
    const label = new TextDecoder().decode(new Uint8Array([0xc8, 0x65, 0x72, 0x6e, 0xe1]));
    expect(label).toContain('\uFFFD');
    const result = accepted(
      parsePriceListCsv(lines(HEADER, IPHONE.replace('iPhone 13 128 GB', label).replace('11500', '11700')), current),
    );
    expect(result.changedModels).toEqual(['apple-iphone-13']);
  });

  it('refuses what is not a CSV file: a binary blob, an empty file, a file without a header', () => {
    const notCsv = {
      ok: false,
      missingColumns: [...REQUIRED_PRICE_LIST_COLUMNS],
      rowErrors: [
        {
          line: 1,
          code: 'buyback.import.not_csv',
          message: 'The file is not a CSV file. Please upload the price list saved as CSV (UTF-8) with a header row.',
        },
      ],
    };
    const png = new TextDecoder().decode(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0xd8]),
    );
    const xlsx = new TextDecoder().decode(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0, 0x08, 0, 0x21, 0, 0xb5]));
    expect(parsePriceListCsv(png, current)).toEqual(notCsv);
    expect(parsePriceListCsv(xlsx, current)).toEqual(notCsv);
    expect(parsePriceListCsv('', current)).toEqual(notCsv);
    expect(parsePriceListCsv('\uFEFF\r\n  \r\n', current)).toEqual(notCsv);
    expect(parsePriceListCsv(lines(IPHONE, MINI), current)).toEqual(notCsv);
  });

  it('names the line of a broken quote', () => {
    expect(
      where(parsePriceListCsv(lines(HEADER, IPHONE, 'apple-iphone-13-mini;"mini;9000;8000;6500;4800;2900;1500;10'), current)),
    ).toEqual([[3, 'buyback.import.row_malformed']]);
  });

  it('defuses a label a spreadsheet would run as a formula; import ignores labels anyway', () => {
    const catalogue = { ...current, models: current.models.map((model) => ({ ...model, label: '=HYPERLINK("x")' })) };
    const csv = exportPriceListCsv(catalogue);
    expect(csv.split('\r\n')[1]).toBe(`apple-iphone-13;"'=HYPERLINK(""x"")";11500;10200;8600;6400;3900;1500;10`);
    expect(accepted(parsePriceListCsv(csv, catalogue)).catalogue).toEqual(catalogue);
  });
});

function publish(catalogue: BuyBackCatalogue) {
  return { type: 'PublishCatalogue', catalogue, source: 'import', publishedBy: 'admin', at: '2026-11-22T10:00:00.000Z' } as const;
}
