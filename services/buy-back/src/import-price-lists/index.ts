export { PRICE_LIST_CSV_COLUMNS, REQUIRED_PRICE_LIST_COLUMNS, type PriceListCsvColumn } from './csv-format';
export { parsePriceListCsv, PRICE_LIST_COLUMNS_MISSING, type PriceListImportError, type PriceListImportResult } from './parse';
export { exportPriceListCsv } from './export';
