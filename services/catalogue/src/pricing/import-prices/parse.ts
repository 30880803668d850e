import { CsvError, parse } from 'csv-parse/sync';
import { settingsOf, type Market } from '@buyloop/kit';
import { CATALOGUE_CODE_PATTERN, normaliseCatalogueCode } from '../catalogue-product';
import type { PriceImportError, PriceImportRow } from '../pricing-service';
import { PRICING_ERRORS } from '../rules';

/**
 * The price file staff keep in a spreadsheet, one row per price:
 *
 *   code;price;valid_from;valid_to
 *   APL-IP15-128-BLK;21990;;
 *   APL-IP15-128-BLK;19990;1.12.2026;24.12.2026 23:59
 *
 * `code` and `price` are required columns; `valid_from` (empty: now) and
 * `valid_to` (a row with it is a time-limited offer) are optional. Columns
 * are found by their header name in any order and case; other columns (a
 * product name for the reader) are ignored. Dates are ISO 8601 with an
 * offset, or day-first as the spec writes them (`24.12.2026`, optionally with
 * `HH:MM`), or `2026-12-24`, in the market's own time zone.
 */
export const PRICE_IMPORT_COLUMNS = { required: ['code', 'price'], optional: ['valid_from', 'valid_to'] } as const;
type Column = 'code' | 'price' | 'valid_from' | 'valid_to';

export const PRICE_IMPORT_ERRORS = {
  notCsv: 'catalogue.pricing.import.not_csv',
  columnsMissing: 'catalogue.pricing.import.columns_missing',
  columnDuplicate: 'catalogue.pricing.import.column_duplicate',
  rowMalformed: 'catalogue.pricing.import.row_malformed',
  tooManyCells: 'catalogue.pricing.import.too_many_cells',
  notANumber: 'catalogue.pricing.import.not_a_number',
  rowDuplicate: 'catalogue.pricing.import.row_duplicate',
  empty: 'catalogue.pricing.import.empty',
  tooManyRows: 'catalogue.pricing.import.too_many_rows',
} as const;

/** A file bigger than this is split: an all-or-nothing import holds every row in memory and decides them at once. */
export const MAX_IMPORT_ROWS = 20_000;

export type PriceCsvResult =
  | { readonly ok: true; readonly rows: readonly PriceImportRow[] }
  | {
      readonly ok: false;
      readonly missingColumns: readonly string[];
      readonly errors: readonly PriceImportError[];
      /** The rows' well-formed codes, so a refusal can also say which products do not exist. */
      readonly codes: readonly PriceImportCode[];
    };

export interface PriceImportCode {
  readonly line: number;
  readonly code: string;
}

const refused = (
  missingColumns: readonly string[],
  errors: readonly PriceImportError[],
  codes: readonly PriceImportCode[] = [],
): PriceCsvResult => ({
  ok: false,
  missingColumns,
  errors,
  codes,
});
const notCsv = (): PriceCsvResult => refused([...PRICE_IMPORT_COLUMNS.required], [{ line: 1, code: PRICE_IMPORT_ERRORS.notCsv }]);

/** NUL and other control characters never occur in a spreadsheet's text export: an .xlsx, a PDF or an image was sent. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function separatorOf(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && character === ';') semicolons++;
    else if (!quoted && character === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}

interface Record_ {
  readonly cells: readonly string[];
  readonly line: number;
}

function recordsOf(text: string, delimiter: string): Record_[] {
  const rows = parse(text, { delimiter, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as {
    record: string[];
    info: { lines: number };
  }[];
  // csv-parse reports the line a record ends on; a quoted cell may span lines.
  return rows.map(({ record, info }) => ({
    cells: record,
    line: info.lines - record.reduce((breaks, cell) => breaks + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0),
  }));
}

type Cell<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: string };

/** Whole units; thousands may be grouped with spaces as a Czech or Romanian spreadsheet shows them (12 990). */
export function priceCell(raw: string): Cell<number> {
  if (raw === '') return { ok: false, code: 'validation.required' };
  const compact = raw.replace(/[ \u00A0\u202F]/g, '');
  if (/^-\d/.test(compact)) return { ok: false, code: PRICING_ERRORS.priceNotPositive };
  if (/^\d+[.,]\d+$/.test(compact)) return { ok: false, code: PRICING_ERRORS.priceNotWhole };
  if (!/^\d+$/.test(compact) || !(/^\d+$/.test(raw) || /^\d{1,3}(?:[ \u00A0\u202F]\d{3})+$/.test(raw)))
    return { ok: false, code: PRICE_IMPORT_ERRORS.notANumber };
  const value = Number(compact);
  return Number.isSafeInteger(value) ? { ok: true, value } : { ok: false, code: PRICING_ERRORS.priceTooHigh };
}

/** Offset of the zone from UTC at an instant, in ms. */
function zoneOffset(time: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(time));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return (
    Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - (time - (time % 1000))
  );
}

/** A wall-clock time in the zone as an instant (the earlier one when a DST change repeats the hour). */
export function zonedTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): number | null {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  let time = wall - zoneOffset(wall, timeZone);
  time = wall - zoneOffset(time, timeZone);
  return time;
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_FIRST = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/;

/** Empty: null (now, or no end). */
export function dateCell(raw: string, market: Market): Cell<string | null> {
  if (raw === '') return { ok: true, value: null };
  const zone = settingsOf(market).timeZone;
  let time: number | null = null;
  if (ISO_WITH_OFFSET.test(raw)) time = new Date(raw).getTime();
  else {
    const iso = ISO_DAY.exec(raw);
    const dayFirst = DAY_FIRST.exec(raw);
    if (iso) time = zonedTime(Number(iso[1]), Number(iso[2]), Number(iso[3]), 0, 0, zone);
    else if (dayFirst) {
      const hour = dayFirst[4] === undefined ? 0 : Number(dayFirst[4]);
      const minute = dayFirst[5] === undefined ? 0 : Number(dayFirst[5]);
      time =
        hour > 23 || minute > 59
          ? null
          : zonedTime(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]), hour, minute, zone);
    }
  }
  if (time === null || Number.isNaN(time)) return { ok: false, code: PRICING_ERRORS.dateInvalid };
  return { ok: true, value: new Date(time).toISOString() };
}

/**
 * Reads a price CSV into rows, or everything wrong with its form at once
 * (lines count from 1, the header being line 1). Whether each price may be
 * set (the product exists, the price is within the rules, an offer reduces a
 * regular price) is the service's check of the rows, which answers errors in
 * the same shape.
 */
export function parsePriceCsv(csv: string, market: Market): PriceCsvResult {
  const text = csv.startsWith('\uFEFF') ? csv.slice(1) : csv;
  if (text.trim() === '' || CONTROL.test(text) || (text.split('\uFFFD').length - 1) * 10 > text.length) return notCsv();
  let records: Record_[];
  try {
    records = recordsOf(text, separatorOf(text));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === 'number' ? error.lines : 1;
    return line <= 1 ? notCsv() : refused([], [{ line, code: PRICE_IMPORT_ERRORS.rowMalformed }]);
  }
  const [header, ...rows] = records;
  if (!header) return notCsv();

  const index = new Map<string, number>();
  const headerErrors: PriceImportError[] = [];
  header.cells.forEach((cell, position) => {
    const name = cell.trim().toLowerCase();
    if (name === '') return;
    if (index.has(name))
      headerErrors.push({ line: header.line, column: name, code: PRICE_IMPORT_ERRORS.columnDuplicate, params: { column: name } });
    else index.set(name, position);
  });
  const missing = PRICE_IMPORT_COLUMNS.required.filter((column) => !index.has(column));
  if (missing.length > 0 || headerErrors.length > 0) return refused(missing, headerErrors);
  if (rows.length > MAX_IMPORT_ROWS)
    return refused([], [{ line: header.line, code: PRICE_IMPORT_ERRORS.tooManyRows, params: { max: MAX_IMPORT_ROWS } }]);

  const errors: PriceImportError[] = [];
  const codes: PriceImportCode[] = [];
  const imported: PriceImportRow[] = [];
  const firstLine = new Map<string, number>();
  for (const { cells, line } of rows) {
    const values = cells.map((cell) => cell.trim());
    if (values.every((value) => value === '')) continue;
    if (values.slice(header.cells.length).some((value) => value !== '')) {
      // A decimal comma in a comma-separated file shifts the cells: reading on would import the wrong numbers.
      errors.push({
        line,
        code: PRICE_IMPORT_ERRORS.tooManyCells,
        params: { cells: values.length, columns: header.cells.length },
      });
      continue;
    }
    const valueOf = (column: Column): string => {
      const position = index.get(column);
      return position === undefined ? '' : (values[position] ?? '');
    };
    const before = errors.length;
    const fail = (column: Column, code: string, params?: Record<string, string | number>) =>
      errors.push({ line, column, code, ...(params ? { params } : {}) });

    const code = normaliseCatalogueCode(valueOf('code'));
    if (code === '') fail('code', 'validation.required');
    else if (!CATALOGUE_CODE_PATTERN.test(code)) fail('code', PRICING_ERRORS.productNotFound, { code });
    else codes.push({ line, code });
    const price = priceCell(valueOf('price'));
    if (!price.ok) fail('price', price.code);
    const validFrom = dateCell(valueOf('valid_from'), market);
    if (!validFrom.ok) fail('valid_from', validFrom.code);
    const validTo = dateCell(valueOf('valid_to'), market);
    if (!validTo.ok) fail('valid_to', validTo.code);
    if (errors.length > before || !price.ok || !validFrom.ok || !validTo.ok) continue;

    const key = [code, validTo.value === null ? 'price' : 'offer', valueOf('valid_from'), valueOf('valid_to')].join('\u0000');
    const first = firstLine.get(key);
    if (first !== undefined) {
      fail('code', PRICE_IMPORT_ERRORS.rowDuplicate, { code, first_line: first });
      continue;
    }
    firstLine.set(key, line);
    imported.push({ line, code, price: price.value, validFrom: validFrom.value, validTo: validTo.value });
  }
  if (errors.length > 0) return refused([], errors, codes);
  if (imported.length === 0) return refused([], [{ line: header.line, code: PRICE_IMPORT_ERRORS.empty }]);
  return { ok: true, rows: imported };
}
