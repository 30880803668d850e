import type { BuyBackCatalogue } from '../catalogue/types';
import { PRICE_LIST_CSV_COLUMNS, PRICE_LIST_CSV_SEPARATOR, LABEL_COLUMN } from './csv-format';

const needsQuotes = /[";,\r\n]|^\s|\s$/;
const quote = (value: string): string => (needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * A spreadsheet runs a cell starting with = + - @ as a formula; the label is
 * only there to be read (import ignores it), so it is defused with the
 * apostrophe spreadsheets themselves use for "text, not a formula".
 */
const asText = (label: string): string => (/^[=+\-@]/.test(label) ? `'${label}` : label);

/**
 * The catalogue's price lists in the import format, a row per model in
 * catalogue order, so staff can download, edit in a spreadsheet and upload
 * again. Written with a BOM and CRLF because that is what makes Excel in
 * the Czech and Romanian locales open UTF-8 with the columns split.
 */
export function exportPriceListCsv(catalogue: BuyBackCatalogue): string {
  const lines = [PRICE_LIST_CSV_COLUMNS.join(PRICE_LIST_CSV_SEPARATOR)];
  for (const model of catalogue.models) {
    const list = catalogue.price_lists.find((candidate) => candidate.model_id === model.id);
    if (!list) continue;
    const cells = {
      model_id: model.id,
      [LABEL_COLUMN]: asText(model.label),
      price_a_plus: String(list.prices['A+']),
      price_a: String(list.prices.A),
      price_b: String(list.prices.B),
      price_c: String(list.prices.C),
      price_d: String(list.prices.D),
      minimal_buyout_price: String(list.minimal_buyout_price),
      bonus_percent: String(list.bonus_percentage),
    } satisfies Record<(typeof PRICE_LIST_CSV_COLUMNS)[number], string>;
    lines.push(PRICE_LIST_CSV_COLUMNS.map((column) => quote(cells[column])).join(PRICE_LIST_CSV_SEPARATOR));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
