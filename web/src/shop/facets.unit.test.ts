import { describe, expect, it } from 'vitest';
import { facetGroups, pageLinks, priceRange } from './facets';
import { LAST_VISITED_MAX, parseList, toggled, withVisit } from './device-lists';

describe('the listing’s facets', () => {
  it('shows the known groups in a fixed order, then the attributes, leaving out empty ones', () => {
    const groups = facetGroups({
      colour: [{ value: 'modra', label: 'Modrá', count: 3 }],
      manufacturer: [{ value: 'apple', label: 'Apple', count: 5 }],
      quality: [],
      stores: [{ value: 'store-praha', label: 'Praha', count: 1 }],
      stock: [{ value: 'in_stock', label: 'Skladem', count: 4 }],
      price: { min: 990, max: 32990 },
      'attr.ram': [{ value: '8-gb', label: '8 GB', count: 2 }],
      attributes: [{ code: 'os', name: 'Operační systém', values: [{ value: 'ios', label: 'iOS', count: 5 }] }],
    });
    expect(groups.map((g) => g.param)).toEqual(['manufacturer', 'colour', 'in_store', 'attr.ram', 'attr.os']);
    expect(groups[4]).toMatchObject({ title: { text: 'Operační systém' } });
    expect(priceRange({ price: { min: 990, max: 32990 } })).toEqual({ min: 990, max: 32990 });
    expect(priceRange({})).toBeNull();
    expect(priceRange({ price: { min: null, max: null } })).toBeNull();
  });

  it('offers the first, the last and the pages around the current one', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(5, 10)).toEqual([1, null, 3, 4, 5, 6, 7, null, 10]);
    expect(pageLinks(1, 4)).toEqual([1, 2, 3, 4]);
  });
});

const product = (code: string) => ({ code, seo_name: code.toLowerCase(), short_name: code, price: 100, currency: 'CZK' });

describe('the lists kept on the device', () => {
  it('keeps the 4 most recently visited, most recent first, without duplicates (spec 4)', () => {
    let list = ['A', 'B', 'C', 'D', 'E'].reduce((acc, code) => withVisit(acc, product(code)), [] as ReturnType<typeof withVisit>);
    expect(list.map((p) => p.code)).toEqual(['E', 'D', 'C', 'B']);
    expect(LAST_VISITED_MAX).toBe(4);
    list = withVisit(list, product('C'));
    expect(list.map((p) => p.code)).toEqual(['C', 'E', 'D', 'B']);
  });

  it('adds a favourite or takes it away again, and reads back only well-formed entries', () => {
    const one = toggled([], product('A'));
    expect(toggled(one, product('B')).map((p) => p.code)).toEqual(['B', 'A']);
    expect(toggled(one, product('A'))).toEqual([]);
    expect(parseList(JSON.stringify([product('A'), { code: 1 }, null]))).toEqual([product('A')]);
    expect(parseList('not json')).toEqual([]);
  });
});
