import { CsvError, parse } from 'csv-parse/sync';
import {
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_IMPORT_OPTIONAL_COLUMNS,
  type ProductImportColumn,
} from '@buyloop/contracts/catalogue/vocabulary';

export type ImportColumn = ProductImportColumn;

/** One thing wrong with the file: the 1-based line (the header is line 1), the column when a cell is to blame, a message key. */
export interface ImportError {
  readonly line: number;
  readonly column?: string;
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** The message key of a file without every required column (spec 5: only CSV files accepted with all required columns). */
export const IMPORT_COLUMNS_MISSING = 'catalogue.product.import.columns_missing';

export interface CsvRow {
  readonly line: number;
  /** Trimmed cells by column; '' for an empty or absent optional cell. */
  readonly cells: Readonly<Record<ImportColumn, string>>;
}

export type CsvReading =
  | { readonly ok: true; readonly rows: readonly CsvRow[] }
  | { readonly ok: false; readonly missingColumns: readonly string[]; readonly errors: readonly ImportError[] };

const KNOWN: ReadonlySet<string> = new Set([...PRODUCT_IMPORT_COLUMNS, ...PRODUCT_IMPORT_OPTIONAL_COLUMNS]);
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The separator the header uses more of outside quotes: `;` (a Czech or Romanian spreadsheet's) or `,`. */
function separatorOf(text: string): ';' | ',' {
  const counts = { ';': 0, ',': 0 };
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && (character === ';' || character === ',')) counts[character]++;
  }
  return counts[','] > counts[';'] ? ',' : ';';
}

const notCsv = (): CsvReading => ({
  ok: false,
  missingColumns: [...PRODUCT_IMPORT_COLUMNS],
  errors: [{ line: 1, code: 'catalogue.product.import.not_csv' }],
});

/**
 * Reads the file into rows by column name, or says what is wrong with its
 * shape: not a CSV at all, a required column missing (all of them listed),
 * a column twice or one we do not know, a row with more cells than the
 * header, a broken quote. UTF-8 with or without a BOM, `;` or `,`.
 */
export function readProductCsv(csv: string): CsvReading {
  const text = csv.startsWith('\uFEFF') ? csv.slice(1) : csv;
  if (text.trim() === '' || CONTROL.test(text)) return notCsv();
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: separatorOf(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as never;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === 'number' ? error.lines : 1;
    if (line <= 1) return notCsv();
    return { ok: false, missingColumns: [], errors: [{ line, code: 'catalogue.product.import.row_malformed' }] };
  }
  const lineOf = (record: string[], lines: number) =>
    lines - record.reduce((breaks, cell) => breaks + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  const [header, ...body] = records;
  if (!header) return notCsv();
  const names = header.record.map((cell) => cell.trim().toLowerCase());
  const errors: ImportError[] = [];
  const seen = new Set<string>();
  names.forEach((name) => {
    if (name === '') return;
    if (seen.has(name))
      errors.push({ line: 1, column: name, code: 'catalogue.product.import.column_duplicate', params: { column: name } });
    else if (!KNOWN.has(name))
      errors.push({ line: 1, column: name, code: 'catalogue.product.import.column_unknown', params: { column: name } });
    seen.add(name);
  });
  const missingColumns = PRODUCT_IMPORT_COLUMNS.filter((column) => !seen.has(column));
  if (missingColumns.length === PRODUCT_IMPORT_COLUMNS.length) return notCsv();
  if (missingColumns.length > 0 || errors.length > 0) return { ok: false, missingColumns, errors };

  const rows: CsvRow[] = [];
  for (const { record, info } of body) {
    const values = record.map((cell) => cell.trim());
    if (values.every((value) => value === '')) continue;
    const line = lineOf(record, info.lines);
    if (values.slice(names.length).some((value) => value !== '')) {
      errors.push({
        line,
        code: 'catalogue.product.import.too_many_cells',
        params: { cells: values.length, columns: names.length },
      });
      continue;
    }
    const cells = Object.fromEntries([...KNOWN].map((column) => [column, ''])) as Record<ImportColumn, string>;
    names.forEach((name, index) => {
      if (name !== '') cells[name as ImportColumn] = values[index] ?? '';
    });
    rows.push({ line, cells });
  }
  if (errors.length > 0) return { ok: false, missingColumns: [], errors };
  if (rows.length === 0)
    return { ok: false, missingColumns: [], errors: [{ line: 2, code: 'catalogue.product.import.no_rows' }] };
  return { ok: true, rows };
}
