import type { Quality } from '../catalogue/types';

/**
 * The price-list CSV staff keep in a spreadsheet: one row per model, the
 * columns found by their header name (any order, any case), so a column
 * moved or added in the spreadsheet does no harm. Only prices, the minimal
 * price and the bonus travel in the file; questions and default answers
 * stay in the catalogue, and each changed price list gets the next version
 * on import, so staff never type a version.
 *
 *   model_id;label;price_a_plus;price_a;price_b;price_c;price_d;minimal_buyout_price;bonus_percent
 *   apple-iphone-13;iPhone 13 128 GB;11500;10200;8600;6400;3900;1500;10
 *
 * Amounts are whole CZK or lei, as the market's price lists are.
 */
export const REQUIRED_PRICE_LIST_COLUMNS = [
  'model_id',
  'price_a_plus',
  'price_a',
  'price_b',
  'price_c',
  'price_d',
  'minimal_buyout_price',
  'bonus_percent',
] as const;
export type PriceListCsvColumn = (typeof REQUIRED_PRICE_LIST_COLUMNS)[number];

/**
 * The model's name, written by the export so staff can tell the rows apart;
 * ignored on import (the catalogue names models, not the price file).
 */
export const LABEL_COLUMN = 'label';

/** The export's column order: the model first, then prices best quality first (spec section 9). */
export const PRICE_LIST_CSV_COLUMNS = [
  'model_id',
  LABEL_COLUMN,
  'price_a_plus',
  'price_a',
  'price_b',
  'price_c',
  'price_d',
  'minimal_buyout_price',
  'bonus_percent',
] as const;

export const PRICE_COLUMNS: Readonly<Record<Quality, PriceListCsvColumn>> = {
  'A+': 'price_a_plus',
  A: 'price_a',
  B: 'price_b',
  C: 'price_c',
  D: 'price_d',
};

/**
 * Semicolon: what Excel writes and expects in the Czech and Romanian locales,
 * where the comma is the decimal mark. Comma files (other locales, Google
 * Sheets) are accepted on import.
 */
export const PRICE_LIST_CSV_SEPARATOR = ';';
