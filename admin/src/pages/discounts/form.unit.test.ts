import { describe, expect, it } from 'vitest';
import { bodyOf, codesCsv, discountsUrl, EMPTY_DISCOUNT, highPercentage, listOf, valuesOf, type DiscountView } from './form';

const view: DiscountView = {
  id: 'd1',
  title: 'Vítejte',
  marketing_name: null,
  is_active: true,
  is_public: true,
  is_combinable: false,
  is_automatic_assignment: false,
  is_isic: false,
  discount_type: 'percentage',
  discount_value: 10,
  valid_from: '2026-12-01T09:30:00.000Z',
  valid_to: null,
  codes: ['VITEJTE10', 'WELCOME'],
  minimal_order_total: 1_000,
  minimal_pieces: null,
  product_codes: [],
  product_kinds: ['device'],
  categories: ['phones', 'apple'],
  is_discount_per_piece: false,
  is_cumulative_bonus: true,
  discount_detail_url: null,
  internal_note: 'note',
  archived: false,
  generated_codes: 0,
  stream_version: 3,
  updated_at: '2026-11-24T10:00:00.000Z',
  warnings: [],
};

describe('the discount form', () => {
  it('round-trips a definition through the form’s values into the API’s body', () => {
    const body = bodyOf(valuesOf(view));
    expect(body).toEqual({
      title: 'Vítejte',
      marketing_name: null,
      discount_type: 'percentage',
      discount_value: 10,
      valid_from: '2026-12-01T09:30:00.000Z',
      valid_to: null,
      codes: ['VITEJTE10', 'WELCOME'],
      minimal_order_total: 1_000,
      minimal_pieces: null,
      product_codes: [],
      product_kinds: ['device'],
      categories: ['phones', 'apple'],
      discount_detail_url: null,
      internal_note: 'note',
      is_active: true,
      is_public: true,
      is_combinable: false,
      is_automatic_assignment: false,
      is_isic: false,
      is_discount_per_piece: false,
      is_cumulative_bonus: true,
    });
  });

  it('sends what is typed wrong as typed, so the server’s error lands under the field', () => {
    const body = bodyOf({ ...EMPTY_DISCOUNT, title: ' x ', discount_value: '10 %', minimal_pieces: 'two', valid_to: 'soon' });
    expect(body).toMatchObject({ title: 'x', discount_value: '10 %', minimal_pieces: 'two', valid_to: 'soon' });
    // No category chosen: the discount is not limited to any.
    expect(bodyOf(EMPTY_DISCOUNT).categories).toEqual([]);
  });

  it('reads codes separated by commas, spaces or lines, and warns from 80 % (spec 5/9)', () => {
    expect(listOf('A1, b2;C3\nD4  ')).toEqual(['A1', 'b2', 'C3', 'D4']);
    expect(highPercentage({ discount_type: 'percentage', discount_value: '79' })).toBe(false);
    expect(highPercentage({ discount_type: 'percentage', discount_value: '80' })).toBe(true);
    expect(highPercentage({ discount_type: 'absolute', discount_value: '500' })).toBe(false);
  });

  it('writes the generated codes as CSV, one per line', () => {
    expect(codesCsv('Jaro "10"', ['aB3dE5fG7h', 'Zz9Yy8Xx7W'])).toBe(
      'code;discount\r\naB3dE5fG7h;"Jaro ""10"""\r\nZz9Yy8Xx7W;"Jaro ""10"""\r\n',
    );
  });

  it('asks the grid’s rows with AG Grid’s models, the quick search and the archive switch', () => {
    const url = discountsUrl({ startRow: 0, endRow: 100 }, [{ colId: 'title', sort: 'asc' }], {}, ' jaro ', true);
    const params = new URL(url, 'http://x').searchParams;
    expect(params.get('sortModel')).toBe('[{"colId":"title","sort":"asc"}]');
    expect(params.get('quick')).toBe('jaro');
    expect(params.get('archived')).toBe('all');
    expect(params.has('filterModel')).toBe(false);
  });
});
