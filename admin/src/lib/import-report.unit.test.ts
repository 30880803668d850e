import { describe, expect, it } from 'vitest';
import { importReport } from './import-report';

describe('price-list import report', () => {
  it('lists the missing columns and every bad row by line and column', () => {
    const report = importReport({
      params: { missing_columns: 'price_a, price_b', bad_rows: 2 },
      errors: {
        file: ['buyback.import.columns_missing'],
        'line_7.price_c': ['validation.not_a_number'],
        'line_3.model_id': ['buyback.import.unknown_model'],
        line_9: ['buyback.import.row_short'],
      },
      messages: { 'line_7.price_c': ['Není číslo'] },
    });
    expect(report.missingColumns).toEqual(['price_a', 'price_b']);
    expect(report.rows).toEqual([
      { line: 3, column: 'model_id', codes: ['buyback.import.unknown_model'], messages: [] },
      { line: 7, column: 'price_c', codes: ['validation.not_a_number'], messages: ['Není číslo'] },
      { line: 9, column: null, codes: ['buyback.import.row_short'], messages: [] },
    ]);
  });

  it('is empty for a refusal without details', () => {
    expect(importReport({})).toEqual({ missingColumns: [], rows: [] });
  });
});
