import type { Projection } from '@buyloop/projector';

/**
 * Which categories each master product is in, folded from the categories
 * area's `categorytree-<market>` events (its published assignment events).
 * One document per tree: an assignment names many masters at once, and the
 * projector changes one document per event; the grid joins it when read.
 */
export interface MasterCategoriesDocument extends Record<string, unknown> {
  /** Master product id → its category ids, in the order they were assigned. */
  readonly masters: Readonly<Record<string, readonly string[]>>;
}

export const MASTER_CATEGORIES_PROJECTION = 'catalogue_master_categories';

interface Assignment {
  readonly masterProductIds: readonly string[];
  readonly categoryIds: readonly string[];
}

export const masterCategoriesProjection: Projection<MasterCategoriesDocument> = {
  name: MASTER_CATEGORIES_PROJECTION,
  version: 1,
  handles: ['ProductsAssignedToCategories', 'ProductsRemovedFromCategories', 'CategoryDeleted'],
  collection: { fields: {} },
  key(event) {
    return event.stream.startsWith('categorytree-') ? event.stream : null;
  },
  evolve(document, event) {
    const masters: Record<string, readonly string[]> = { ...(document?.masters ?? {}) };
    switch (event.type) {
      case 'ProductsAssignedToCategories': {
        const { masterProductIds, categoryIds } = event.data as Assignment;
        for (const id of masterProductIds) {
          const current = masters[id] ?? [];
          masters[id] = [...current, ...categoryIds.filter((c) => !current.includes(c))];
        }
        break;
      }
      case 'ProductsRemovedFromCategories': {
        const { masterProductIds, categoryIds } = event.data as Assignment;
        const removed = new Set(categoryIds);
        for (const id of masterProductIds) {
          const left = (masters[id] ?? []).filter((c) => !removed.has(c));
          if (left.length > 0) masters[id] = left;
          else delete masters[id];
        }
        break;
      }
      case 'CategoryDeleted': {
        const gone = new Set((event.data as { deletedIds: readonly string[] }).deletedIds);
        for (const [id, categories] of Object.entries(masters)) {
          const left = categories.filter((c) => !gone.has(c));
          if (left.length > 0) masters[id] = left;
          else delete masters[id];
        }
        break;
      }
      default:
        return document;
    }
    return { masters };
  },
};
