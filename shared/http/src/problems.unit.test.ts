import { describe, expect, it } from 'vitest';
import { ValidationError } from '@buyloop/kit';
import { problemFor } from './problems';

describe('localised field messages', () => {
  it('fill each field’s placeholders from the params named after that field', () => {
    const error = new ValidationError(
      'validation.failed',
      {
        'line_2.code': ['catalogue.pricing.product_not_found'],
        'line_3.code': ['catalogue.pricing.product_not_found'],
        'line_4.code': ['catalogue.pricing.product_not_found'],
      },
      'The CSV cannot be imported',
      { 'line_2.code.code': 'NOPE-1', 'line_3.code.code': 'NOPE-2', bad_rows: 3 },
    );
    expect(problemFor(error, undefined, 'cs').messages).toEqual({
      'line_2.code': ['Produkt NOPE-1 v katalogu není nebo se už neprodává.'],
      'line_3.code': ['Produkt NOPE-2 v katalogu není nebo se už neprodává.'],
      // Without its parameter a text with a placeholder gives way to the general one.
      'line_4.code': ['Tato hodnota není platná.'],
    });
  });
});
