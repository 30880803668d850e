import { CsvError, parse } from 'csv-parse/sync';
import { translate } from '@buyloop/i18n';
import type { ErrorParams } from '@buyloop/kit';
import { QUALITIES, type BuyBackCatalogue, type PriceList, type Quality } from '../catalogue/types';
import { validateCatalogue } from '../catalogue/validate';
import { PRICE_COLUMNS, REQUIRED_PRICE_LIST_COLUMNS, type PriceListCsvColumn } from './csv-format';

/**
 * One thing wrong with the file: the 1-based line (the header is line 1),
 * the column when one cell is to blame, a stable message key and its
 * parameters for the staff's language, and the English text for logs.
 */
export interface PriceListImportError {
  readonly line: number;
  readonly column?: string;
  readonly code: string;
  readonly message: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export type PriceListImportResult =
  | { readonly ok: true; readonly catalogue: BuyBackCatalogue; readonly changedModels: string[] }
  | { readonly ok: false; readonly missingColumns: string[]; readonly rowErrors: PriceListImportError[] };

/** The message key for a refusal's `missingColumns`; its `columns` parameter is the list joined with ", ". */
export const PRICE_LIST_COLUMNS_MISSING = 'buyback.import.columns_missing';

type Params = Readonly<Record<string, string | number>>;

const importError = (line: number, column: string | undefined, code: string, params: Params = {}): PriceListImportError => ({
  line,
  ...(column !== undefined ? { column } : {}),
  code,
  message: translate(code, 'en', params),
  ...(Object.keys(params).length > 0 ? { params } : {}),
});

const refused = (missingColumns: string[], rowErrors: PriceListImportError[]): PriceListImportResult => ({
  ok: false,
  missingColumns,
  rowErrors,
});

const notCsv = (): PriceListImportResult =>
  refused([...REQUIRED_PRICE_LIST_COLUMNS], [importError(1, undefined, 'buyback.import.not_csv')]);

/**
 * Control characters never occur in a spreadsheet's text export; NUL and
 * friends are the mark of an .xlsx, a PDF or an image sent by mistake.
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Bytes that were not UTF-8 arrive as U+FFFD. A few are a file saved in
 * Windows-1250 with an accented label (labels are ignored, so it still
 * imports); when a tenth of the text is replaced, it was a binary file.
 */
const looksBinary = (text: string): boolean => {
  if (CONTROL_CHARACTERS.test(text)) return true;
  const replaced = text.split('\uFFFD').length - 1;
  return replaced * 10 > text.length;
};

/** The separator the header uses: the one of `;` and `,` it holds more of outside quotes; `;` on a tie. */
function sniffSeparator(text: string): ';' | ',' {
  const counts = { ';': 0, ',': 0 };
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && (character === ';' || character === ',')) counts[character]++;
  }
  return counts[','] > counts[';'] ? ',' : ';';
}

interface CsvRecord {
  readonly cells: readonly string[];
  readonly line: number;
}

/** Records with the line each starts on (csv-parse reports where a record ends, later when a quoted cell spans lines). */
function readRecords(text: string, separator: string): CsvRecord[] {
  const rows = parse(text, {
    delimiter: separator,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  return rows.map(({ record, info }) => ({
    cells: record,
    line: info.lines - record.reduce((breaks, cell) => breaks + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0),
  }));
}

const WHOLE = /^\d+$/;
/** Thousands grouped with spaces, as a Czech or Romanian spreadsheet may display and export them (12 990). */
const GROUPED = /^\d{1,3}(?:[ \u00A0\u202F]\d{3})+$/;
const DECIMAL = /^-?\d+(?:[.,]\d+)?$/;

type Cell<T> = { ok: true; value: T } | { ok: false; code: string; params?: Params };

function amountCell(raw: string): Cell<number> {
  if (raw === '') return { ok: false, code: 'validation.required' };
  if (/^-\s*\d/.test(raw)) return { ok: false, code: 'buyback.import.amount_negative', params: { value: raw } };
  if (!WHOLE.test(raw) && !GROUPED.test(raw))
    return { ok: false, code: 'buyback.import.whole_number_required', params: { value: raw } };
  const value = Number(raw.replace(/[ \u00A0\u202F]/g, ''));
  return Number.isSafeInteger(value)
    ? { ok: true, value }
    : { ok: false, code: 'buyback.import.whole_number_required', params: { value: raw } };
}

/** A percentage may have decimals; with `;` separators a spreadsheet writes them with a decimal comma. */
function percentCell(raw: string): Cell<number> {
  if (raw === '') return { ok: false, code: 'validation.required' };
  if (!DECIMAL.test(raw)) return { ok: false, code: 'validation.not_a_number' };
  return { ok: true, value: Number(raw.replace(',', '.')) };
}

interface ImportedRow {
  readonly line: number;
  readonly modelId: string;
  readonly prices: Record<Quality, number>;
  readonly minimal: number;
  readonly bonus: number;
}

const COLUMN_OF_PATH: Readonly<Record<string, PriceListCsvColumn>> = {
  ...Object.fromEntries(QUALITIES.map((quality) => [`prices.${quality}`, PRICE_COLUMNS[quality]])),
  minimal_buyout_price: 'minimal_buyout_price',
  bonus_percentage: 'bonus_percent',
};

const textParams = (params: ErrorParams): Params =>
  Object.fromEntries(Object.entries(params).map(([key, value]) => [key, typeof value === 'number' ? value : String(value)]));

const samePrices = (list: PriceList, row: ImportedRow): boolean =>
  QUALITIES.every((quality) => list.prices[quality] === row.prices[quality]) &&
  list.minimal_buyout_price === row.minimal &&
  list.bonus_percentage === row.bonus;

/**
 * Reads a price-list CSV against the catalogue in force and answers the
 * catalogue to publish, or everything wrong with the file at once, so staff
 * fix the spreadsheet in one pass:
 * - UTF-8 with or without a BOM, CRLF or LF, `;` or `,` as the header uses;
 * - every required column present (all missing ones are listed);
 * - a row per model at most, for a model the catalogue has;
 * - amounts whole and not negative, then the resulting price lists checked
 *   by the catalogue's own rules (prices ordered by quality weight, the
 *   minimal price no higher than D, the bonus 0–100), each problem at the row
 *   that caused it.
 * Models without a row keep their price list; a changed list gets the next
 * version, an unchanged one keeps its own, so a re-upload changes nothing.
 * Problems of the catalogue no row caused are left to publication, which
 * validates the whole catalogue again.
 */
export function parsePriceListCsv(csv: string, current: BuyBackCatalogue): PriceListImportResult {
  const text = csv.startsWith('\uFEFF') ? csv.slice(1) : csv;
  if (text.trim() === '' || looksBinary(text)) return notCsv();

  let records: CsvRecord[];
  try {
    records = readRecords(text, sniffSeparator(text));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === 'number' ? error.lines : 1;
    if (line <= 1) return notCsv();
    // The rows before the broken quote are not worth checking on their own: the file has to be saved again anyway.
    return refused([], [importError(line, undefined, 'buyback.import.row_malformed')]);
  }
  // Blank lines above the header are forgiven; lines are still counted as the file has them.
  const [header, ...rows] = records;
  if (!header) return notCsv();

  const headerErrors: PriceListImportError[] = [];
  const columnIndex = new Map<string, number>();
  header.cells.forEach((cell, index) => {
    const name = cell.trim().toLowerCase();
    if (name === '') return;
    if (columnIndex.has(name))
      headerErrors.push(importError(header.line, name, 'buyback.import.column_duplicate', { column: name }));
    else columnIndex.set(name, index);
  });
  const missingColumns = REQUIRED_PRICE_LIST_COLUMNS.filter((column) => !columnIndex.has(column));
  // Not one known column: no header at all, or some other file.
  if (missingColumns.length === REQUIRED_PRICE_LIST_COLUMNS.length) return notCsv();
  if (missingColumns.length > 0 || headerErrors.length > 0) return refused(missingColumns, headerErrors);

  const rowErrors: PriceListImportError[] = [];
  const modelsWithList = new Set(current.price_lists.map((list) => list.model_id));
  const knownModels = new Set(current.models.map((model) => model.id));
  const firstLineOf = new Map<string, number>();
  const imported = new Map<string, ImportedRow>();

  for (const { cells, line } of rows) {
    const values = cells.map((cell) => cell.trim());
    // Spreadsheets save the empty rows below the data as a line of separators.
    if (values.every((value) => value === '')) continue;
    const extra = values.slice(header.cells.length).filter((value) => value !== '').length;
    if (extra > 0) {
      // A decimal comma in a comma file shifts the cells: reading on would import the wrong numbers.
      rowErrors.push(
        importError(line, undefined, 'buyback.import.too_many_cells', { cells: values.length, columns: header.cells.length }),
      );
      continue;
    }
    const valueOf = (column: PriceListCsvColumn): string => values[columnIndex.get(column)!] ?? '';
    const errorsBefore = rowErrors.length;
    const fail = (column: PriceListCsvColumn, code: string, params?: Params) =>
      rowErrors.push(importError(line, column, code, params));

    const modelId = valueOf('model_id');
    if (modelId === '') fail('model_id', 'validation.required');
    else if (firstLineOf.has(modelId))
      fail('model_id', 'buyback.import.model_duplicate', { model_id: modelId, first_line: firstLineOf.get(modelId)! });
    else {
      firstLineOf.set(modelId, line);
      if (!knownModels.has(modelId)) fail('model_id', 'buyback.import.model_unknown', { model_id: modelId });
      else if (!modelsWithList.has(modelId)) fail('model_id', 'buyback.catalogue.price_list_missing');
    }

    const amount = (column: PriceListCsvColumn): number => {
      const cell = amountCell(valueOf(column));
      if (cell.ok) return cell.value;
      fail(column, cell.code, cell.params);
      return 0;
    };
    const prices = {} as Record<Quality, number>;
    for (const quality of QUALITIES) prices[quality] = amount(PRICE_COLUMNS[quality]);
    const minimal = amount('minimal_buyout_price');
    const bonusCell = percentCell(valueOf('bonus_percent'));
    if (!bonusCell.ok) fail('bonus_percent', bonusCell.code, bonusCell.params);

    if (rowErrors.length === errorsBefore && bonusCell.ok)
      imported.set(modelId, { line, modelId, prices, minimal, bonus: bonusCell.value });
  }

  const changedModels: string[] = [];
  const priceLists = current.price_lists.map((list): PriceList => {
    const row = imported.get(list.model_id);
    if (!row || samePrices(list, row)) return list;
    changedModels.push(list.model_id);
    return {
      ...list,
      version: list.version + 1,
      prices: row.prices,
      minimal_buyout_price: row.minimal,
      bonus_percentage: row.bonus,
    };
  });
  const catalogue: BuyBackCatalogue = { ...current, price_lists: priceLists };

  for (const problem of validateCatalogue(catalogue)) {
    const [, index, field] = /^price_lists\[(\d+)\]\.(.+)$/.exec(problem.path) ?? [];
    const list = index === undefined ? undefined : priceLists[Number(index)];
    const row = list && imported.get(list.model_id);
    if (!row || field === undefined) continue;
    rowErrors.push(importError(row.line, COLUMN_OF_PATH[field], problem.code, textParams(problem.params)));
  }

  if (rowErrors.length > 0) return refused([], sortErrors(rowErrors));
  changedModels.sort((a, b) => imported.get(a)!.line - imported.get(b)!.line);
  return { ok: true, catalogue, changedModels };
}

const columnOrder = (column: string | undefined): number =>
  column === undefined ? -1 : (REQUIRED_PRICE_LIST_COLUMNS as readonly string[]).indexOf(column);

/** In the order staff read the file: by line, then left to right. */
const sortErrors = (errors: PriceListImportError[]): PriceListImportError[] =>
  [...errors].sort((a, b) => a.line - b.line || columnOrder(a.column) - columnOrder(b.column));
