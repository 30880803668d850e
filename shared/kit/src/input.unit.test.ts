import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ValidationError } from './errors';
import { parseInput } from './input';

const schema = z.strictObject({
  price: z.number().int(),
  note: z.string().optional(),
  flags: z.strictObject({ shown: z.boolean() }),
});

const fieldErrors = (input: unknown): unknown => {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (error instanceof ValidationError) return { ...error.fieldErrors };
    throw error;
  }
  throw new Error('parsed');
};

describe('parseInput', () => {
  it('tells a value of the wrong type from a missing one', () => {
    expect(fieldErrors({ price: '4 500 Kč', flags: { shown: 'yes' } })).toEqual({
      price: ['validation.invalid_type'],
      'flags.shown': ['validation.invalid_type'],
    });
    expect(fieldErrors({ flags: {} })).toEqual({ price: ['validation.required'], 'flags.shown': ['validation.required'] });
    expect(fieldErrors({ price: null, flags: { shown: true } })).toEqual({ price: ['validation.required'] });
  });

  it('names unknown fields at their depth', () => {
    expect(fieldErrors({ price: 1, flags: { shown: true, colour: 'red' }, extra: 1 })).toEqual({
      'flags.colour': ['validation.unknown_field'],
      extra: ['validation.unknown_field'],
    });
  });
});
