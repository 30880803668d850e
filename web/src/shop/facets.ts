import type { FacetValue } from './types';

/** One group of filter values the listing offers, under the query parameter that applies it. */
export interface FacetGroup {
  readonly param: string;
  /** A text key of ours for the known groups, else the name the API gave. */
  readonly title: { readonly key: string } | { readonly text: string };
  readonly values: readonly FacetValue[];
}

/** The answer's facet name → the query parameter that filters by it. */
const KNOWN: readonly (readonly [facet: string, param: string])[] = [
  ['manufacturer', 'manufacturer'],
  ['quality', 'quality'],
  ['colour', 'colour'],
  ['capacity', 'capacity'],
  ['stores', 'in_store'],
];

const isValue = (value: unknown): value is FacetValue => {
  const v = value as Partial<FacetValue> | null;
  return typeof v === 'object' && v !== null && (typeof v.value === 'string' || typeof v.value === 'number');
};

const values = (list: unknown): FacetValue[] =>
  Array.isArray(list)
    ? list
        .filter(isValue)
        .map((v) => ({ value: String(v.value), label: String(v.label ?? v.value), count: Number(v.count ?? 0) }))
    : [];

/**
 * The facets of a listing answer as groups to show: the known ones first in a fixed order, then
 * the category's attributes (`attr.<code>`, either as their own keys or as an `attributes` list
 * of `{ code, name, values }`). Empty groups and the price range are left out (the range has its
 * own inputs).
 */
export function facetGroups(facets: Readonly<Record<string, unknown>> | undefined): FacetGroup[] {
  if (!facets) return [];
  const groups: FacetGroup[] = [];
  for (const [facet, param] of KNOWN) {
    const list = values(facets[facet]);
    if (list.length > 0) groups.push({ param, title: { key: `facet.${param}` }, values: list });
  }
  for (const [name, list] of Object.entries(facets)) {
    if (!name.startsWith('attr.')) continue;
    const found = values(list);
    if (found.length > 0) groups.push({ param: name, title: { text: name.slice(5) }, values: found });
  }
  const attributes = facets.attributes;
  if (Array.isArray(attributes))
    for (const attribute of attributes as { code?: unknown; name?: unknown; values?: unknown }[]) {
      const found = values(attribute.values);
      if (typeof attribute.code === 'string' && found.length > 0)
        groups.push({
          param: `attr.${attribute.code}`,
          title: { text: typeof attribute.name === 'string' ? attribute.name : attribute.code },
          values: found,
        });
    }
  return groups;
}

/** The listing's price range, when the answer gives one. */
export function priceRange(facets: Readonly<Record<string, unknown>> | undefined): { min: number; max: number } | null {
  const price = facets?.price as { min?: unknown; max?: unknown } | undefined;
  // An empty listing has no range (null ends).
  return price && typeof price.min === 'number' && typeof price.max === 'number' ? { min: price.min, max: price.max } : null;
}

/** The page numbers to offer: the first, the last, and two either side of the current one, with gaps as null. */
export function pageLinks(current: number, last: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let page = 1; page <= last; page++) {
    if (page === 1 || page === last || Math.abs(page - current) <= 2) pages.push(page);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}
