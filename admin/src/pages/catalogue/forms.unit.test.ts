import { describe, expect, it } from 'vitest';
import {
  fieldErrorsOf,
  isCsvFile,
  isoFromLocal,
  moveItem,
  normaliseKey,
  optionalNumber,
  otherErrors,
  parseCodes,
  slugify,
  wholeAmount,
} from './forms';

describe('server field errors', () => {
  it('prefers the API’s own messages and translates bare codes', () => {
    const errors = fieldErrorsOf(
      {
        errors: { price: ['validation.integer'], 'package.width': ['validation.min'] },
        messages: { price: ['Cena musí být celé číslo.'] },
      },
      (code) => `T(${code})`,
    );
    expect(errors).toEqual({ price: ['Cena musí být celé číslo.'], 'package.width': ['T(validation.min)'] });
  });

  it('names list items the dotted way', () => {
    expect(normaliseKey('params[2].name')).toBe('params.2.name');
    expect(fieldErrorsOf({ errors: { 'params[0].value': ['x'] } }, (c) => c)).toEqual({ 'params.0.value': ['x'] });
  });

  it('leaves the errors of fields a form has no control for to be listed above its buttons', () => {
    const other = otherErrors({ name: ['a'], 'package.width': ['b'], photo_ids: ['c'] }, ['name', 'package']);
    expect(other).toEqual([['photo_ids', ['c']]]);
  });
});

describe('amounts', () => {
  it('reads whole CZK / Lei with spaces or a thousands separator', () => {
    expect(wholeAmount('12990')).toBe(12990);
    expect(wholeAmount('12 990')).toBe(12990);
    expect(wholeAmount('12\u00a0990')).toBe(12990);
    expect(wholeAmount('1.299')).toBe(1299);
    expect(wholeAmount('-5')).toBe(-5);
  });

  it('sends decimals and text as typed so the server refuses them under the field', () => {
    expect(wholeAmount('12,5')).toBe(12.5);
    expect(wholeAmount('abc')).toBe('abc');
    expect(wholeAmount('')).toBe('');
  });

  it('reads dimensions with a decimal comma and leaves empty as null', () => {
    expect(optionalNumber('')).toBeNull();
    expect(optionalNumber('  ')).toBeNull();
    expect(optionalNumber('7,5')).toBe(7.5);
    expect(optionalNumber('0.19')).toBe(0.19);
    expect(optionalNumber('x')).toBe('x');
  });
});

describe('the rest', () => {
  it('suggests a seo_name from a Czech or Romanian name', () => {
    expect(slugify('Apple iPhone 15 Pro Max')).toBe('apple-iphone-15-pro-max');
    expect(slugify('Žluťoučký kůň – Ștefan Galaxy S24+')).toBe('zlutoucky-kun-stefan-galaxy-s24-plus');
    expect(slugify('  --  ')).toBe('');
  });

  it('accepts .csv files only', () => {
    expect(isCsvFile({ name: 'products.csv', type: 'text/csv' })).toBe(true);
    expect(isCsvFile({ name: 'PRICES.CSV', type: '' })).toBe(true);
    expect(isCsvFile({ name: 'prices.csv', type: 'application/vnd.ms-excel' })).toBe(true);
    expect(isCsvFile({ name: 'products.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })).toBe(
      false,
    );
    expect(isCsvFile({ name: 'photo.csv', type: 'image/png' })).toBe(false);
  });

  it('turns a datetime-local value into an instant', () => {
    expect(isoFromLocal('')).toBeUndefined();
    const iso = isoFromLocal('2026-03-05T10:30');
    expect(iso).toMatch(/^2026-03-05T\d{2}:30:00\.000Z$/);
    expect(new Date(iso ?? '').getTime()).toBe(new Date('2026-03-05T10:30').getTime());
  });

  it('moves an item and ignores a move off either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('reads relation codes from a list typed any way, without repeats', () => {
    expect(parseCodes(' ACC-1, ACC-2\nACC-1;GIFT-9  ')).toEqual(['ACC-1', 'ACC-2', 'GIFT-9']);
    expect(parseCodes('')).toEqual([]);
  });
});
