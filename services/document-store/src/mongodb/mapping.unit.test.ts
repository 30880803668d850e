import { describe, expect, it } from 'vitest';
import { ValidationError } from '@buyloop/kit';
import { compileCollection, deriveValues, normaliseQuery, type Problems } from '../input';
import type { CollectionDefinition, Query } from '../port';
import { escapeRegex, indexSpec, mongoFilter, mongoSort, storedValues } from './mapping';

/**
 * The MongoDB mapping of already-validated input. Validation itself (what is
 * refused, with which codes) is shared with every engine and tested with
 * ../input.ts; the MongoDB contract run proves the mapping end to end.
 */

const orders = compileCollection({
  name: 'orders',
  fields: {
    lastName: { path: 'customer.lastName', type: 'string' },
    city: { path: 'address.city', type: 'string' },
    total: { path: 'total', type: 'number' },
    paid: { path: 'paid', type: 'boolean' },
    placedAt: { path: 'placedAt', type: 'date' },
  },
  indexes: ['lastName', ['paid', 'placedAt']],
  textFields: ['lastName', 'city'],
} satisfies CollectionDefinition);

const query = (q: Query) => normaliseQuery(orders, q);

describe('stored values', () => {
  it('keeps typed copies (dates as BSON dates), null flags for every declared field, folded strings and the search text', () => {
    const problems: Problems = {};
    const document = {
      customer: { lastName: 'Křížek' },
      address: { city: 'Brno' },
      total: 1290,
      placedAt: '2024-03-01T10:00:00+01:00',
    };
    const derived = deriveValues(orders, document, 'document', problems);
    expect(problems).toEqual({});
    const values = storedValues(orders.fields.values(), derived!);
    expect(values).toEqual({
      fields: { lastName: 'Křížek', city: 'Brno', total: 1290, placedAt: new Date('2024-03-01T09:00:00Z') },
      fields_null: { lastName: 0, city: 0, total: 0, paid: 1, placedAt: 0 },
      folded: { lastName: 'krizek', city: 'brno' },
      search: 'krizek\nbrno',
    });
  });
});

describe('filters', () => {
  it('is empty without filters and never an empty $and', () => {
    expect(mongoFilter(query({}).filters)).toEqual({});
    expect(mongoFilter(query({ filters: [{ op: 'text', value: '   ' }] }).filters)).toEqual({});
  });

  it('compares strings exactly, with the folded copy first so its index serves equality', () => {
    expect(mongoFilter(query({ filters: [{ field: 'lastName', op: 'equals', value: 'Křížek' }] }).filters)).toEqual({
      'folded.lastName': { $eq: 'krizek' },
      'fields.lastName': { $eq: 'Křížek' },
    });
    expect(mongoFilter(query({ filters: [{ field: 'city', op: 'in', values: ['Brno', 'Iași'] }] }).filters)).toEqual({
      'folded.city': { $in: ['brno', 'iasi'] },
      'fields.city': { $in: ['Brno', 'Iași'] },
    });
  });

  it('turns date bounds and values into BSON dates and leaves numbers and booleans as they are', () => {
    const filter = mongoFilter(
      query({
        filters: [
          { field: 'placedAt', op: 'range', gte: '2024-01-01', lt: '2024-02-01T00:00:00Z' },
          { field: 'placedAt', op: 'equals', value: '2024-01-15T12:00:00+01:00' },
          { field: 'placedAt', op: 'in', values: ['2024-01-01'] },
          { field: 'total', op: 'range', gt: 100, lte: 1000 },
          { field: 'paid', op: 'equals', value: false },
          { field: 'total', op: 'in', values: [] },
          { field: 'city', op: 'equals', value: null },
        ],
      }).filters,
    );
    expect(filter).toEqual({
      $and: [
        { 'fields.placedAt': { $gte: new Date('2024-01-01T00:00:00Z'), $lt: new Date('2024-02-01T00:00:00Z') } },
        { 'fields.placedAt': { $eq: new Date('2024-01-15T11:00:00Z') } },
        { 'fields.placedAt': { $in: [new Date('2024-01-01T00:00:00Z')] } },
        { 'fields.total': { $gt: 100, $lte: 1000 } },
        { 'fields.paid': { $eq: false } },
        { 'fields.total': { $in: [] } },
        { 'fields.city': { $eq: null } },
      ],
    });
  });

  it('matches contains and text words as escaped literals against the folded copies', () => {
    const filter = mongoFilter(
      query({
        filters: [
          { field: 'lastName', op: 'contains', value: 'KŘÍ.*' },
          { op: 'text', value: '  Ștefănescu   (brno) ' },
        ],
      }).filters,
    );
    expect(filter).toEqual({
      $and: [
        { 'folded.lastName': { $regex: 'kri\\.\\*' } },
        { search: { $regex: 'stefanescu' } },
        { search: { $regex: '\\(brno\\)' } },
      ],
    });
  });

  it('escapes so that a regex match is exactly a substring match', () => {
    const alphabet = [
      'a',
      'b',
      '.',
      '*',
      '+',
      '?',
      '^',
      '$',
      '{',
      '}',
      '(',
      ')',
      '|',
      '[',
      ']',
      '\\',
      '/',
      '-',
      ' ',
      '%',
      '_',
      '\n',
      'ř',
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const word = (max: number) =>
      Array.from({ length: Math.floor(random() * max) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    for (let i = 0; i < 5000; i++) {
      const hay = word(12);
      const needle = word(4);
      expect(new RegExp(escapeRegex(needle)).test(hay), `${JSON.stringify(needle)} in ${JSON.stringify(hay)}`).toBe(
        hay.includes(needle),
      );
    }
  });

  it('builds filters from values normaliseQuery typed, so objects never get this far', () => {
    const attempt = () => query({ filters: [{ field: 'lastName', op: 'equals', value: { $ne: null } as never }] });
    expect(attempt).toThrow(ValidationError);
  });
});

describe('sort', () => {
  it('puts nulls last in both directions, strings by folded form then as written, ties by id', () => {
    const q = query({
      sort: [
        { field: 'total', direction: 'desc' },
        { field: 'lastName', direction: 'asc' },
      ],
    });
    expect([...mongoSort(q.sort)]).toEqual([
      ['fields_null.total', 1],
      ['fields.total', -1],
      ['fields_null.lastName', 1],
      ['folded.lastName', 1],
      ['fields.lastName', 1],
      ['_id', 1],
    ]);
  });

  it('sorts by id alone without sort keys, and lets the first occurrence of a repeated field decide', () => {
    expect([...mongoSort([])]).toEqual([['_id', 1]]);
    const q = query({
      sort: [
        { field: 'paid', direction: 'desc' },
        { field: 'paid', direction: 'asc' },
      ],
    });
    expect([...mongoSort(q.sort)]).toEqual([
      ['fields_null.paid', 1],
      ['fields.paid', -1],
      ['_id', 1],
    ]);
  });
});

describe('indexes', () => {
  it('indexes strings by their folded copy and other types by their typed copy, named by the keys', () => {
    expect(orders.indexes.map(indexSpec)).toEqual([
      { name: 'buyloop:folded.lastName', keys: { 'folded.lastName': 1 } },
      { name: 'buyloop:fields.paid,fields.placedAt', keys: { 'fields.paid': 1, 'fields.placedAt': 1 } },
    ]);
  });
});
