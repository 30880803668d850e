import { themeQuartz } from 'ag-grid-community';

/** The back office's grid look (as on the buy-back grid). */
export const catalogueGridTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 13,
  headerFontSize: 12,
  headerFontWeight: 600,
  rowHeight: 34,
  headerHeight: 36,
  spacing: 6,
  accentColor: '#2454d6',
  borderRadius: 4,
  wrapperBorderRadius: 6,
  headerBackgroundColor: '#f4f6fa',
  oddRowBackgroundColor: '#fbfcfe',
});
