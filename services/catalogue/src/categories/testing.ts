/** Events and commands the categories' specs share: a small tree of a phone shop. */
import type { CategoryEvent, CategoryFields } from './events';

export const AT = '2026-11-02T09:00:00.000Z';
export const LATER = '2026-11-02T10:00:00.000Z';

const defaults = (name: string, seoName: string): CategoryFields => ({
  name,
  seoName,
  forDisplay: true,
  forBuyout: false,
  forService: false,
  filterable: false,
  manufacturerIds: [],
  photoId: null,
  typeDeviceId: null,
  seoTitle: null,
  seoDescription: null,
});

export const added = (
  categoryId: string,
  parentId: string | null,
  position: number,
  name: string,
  seoName: string,
  fields: Partial<CategoryFields> = {},
): CategoryEvent => ({
  type: 'CategoryAdded',
  data: { categoryId, parentId, position, ...defaults(name, seoName), ...fields, at: AT },
});

/**
 *   phones (Mobilní telefony)          tablets (Tablety)     accessories (Příslušenství)
 *     apple (Apple)                                            chargers (Nabíječky)
 *       iphone (iPhone)
 *     samsung (Samsung)
 */
export const tree: CategoryEvent[] = [
  added('phones', null, 0, 'Mobilní telefony', 'mobilni-telefony', { typeDeviceId: 'phone', filterable: true }),
  added('tablets', null, 1, 'Tablety', 'tablety', { typeDeviceId: 'tablet' }),
  added('accessories', null, 2, 'Příslušenství', 'prislusenstvi'),
  added('apple', 'phones', 0, 'Apple', 'apple', { manufacturerIds: ['apple'] }),
  added('samsung', 'phones', 1, 'Samsung', 'samsung', { manufacturerIds: ['samsung'] }),
  added('iphone', 'apple', 0, 'iPhone', 'iphone'),
  added('chargers', 'accessories', 0, 'Nabíječky', 'nabijecky'),
];

export const assigned = (masterProductIds: string[], categoryIds: string[], at = AT): CategoryEvent => ({
  type: 'ProductsAssignedToCategories',
  data: { masterProductIds, categoryIds, at },
});

export const removed = (masterProductIds: string[], categoryIds: string[], at = AT): CategoryEvent => ({
  type: 'ProductsRemovedFromCategories',
  data: { masterProductIds, categoryIds, at },
});

export const moved = (
  categoryId: string,
  targetId: string | null,
  position: number,
  fromParentId: string | null,
  fromPosition: number,
  at = LATER,
): CategoryEvent => ({ type: 'CategoryMoved', data: { categoryId, targetId, position, fromParentId, fromPosition, at } });
