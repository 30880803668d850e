import type { Market } from '@buyloop/kit';

/**
 * The category tree of one market, and which master products sit in which
 * categories, as ONE stream (`categorytree-<market>`). The tree is the
 * consistency boundary: a move under the category's own descendant (a cycle)
 * can only be ruled out by deciding on the whole tree at one version, so two
 * moves that would only together make a cycle can never both be appended.
 * The assignments live in the same stream so that deleting a category and
 * assigning products to it are ordered against each other.
 */
export const categoryTreeStream = (market: Market): string => `categorytree-${market}`;

/** The fields of spec 3 a category carries besides its place in the tree. */
export interface CategoryFields {
  readonly name: string;
  /** URL slug, unique in the market's whole tree so a storefront URL names exactly one category. */
  readonly seoName: string;
  readonly forDisplay: boolean;
  readonly forBuyout: boolean;
  readonly forService: boolean;
  readonly filterable: boolean;
  readonly manufacturerIds: readonly string[];
  readonly photoId: string | null;
  readonly typeDeviceId: string | null;
  /** The storefront page's <title>; null: the page derives one from the name. */
  readonly seoTitle: string | null;
  /** The storefront page's meta description; null: none. */
  readonly seoDescription: string | null;
}

/**
 * The SEO texts came after the first categories were recorded: a
 * CategoryAdded written before them carries neither, which reads as null.
 */
type AddedFields = Omit<CategoryFields, 'seoTitle' | 'seoDescription'> &
  Partial<Pick<CategoryFields, 'seoTitle' | 'seoDescription'>>;

export type CategoryEvent =
  | {
      readonly type: 'CategoryAdded';
      readonly data: AddedFields & {
        readonly categoryId: string;
        readonly parentId: string | null;
        /** Index among the parent's children (0 = first). */
        readonly position: number;
        readonly at: string;
      };
    }
  | {
      readonly type: 'CategoryUpdated';
      /** Only the fields that changed. */
      readonly data: Partial<CategoryFields> & { readonly categoryId: string; readonly at: string };
    }
  | {
      readonly type: 'CategoryMoved';
      readonly data: {
        readonly categoryId: string;
        /** The new parent; null for the top level. */
        readonly targetId: string | null;
        /** Index among the new parent's children once the category is there. */
        readonly position: number;
        readonly fromParentId: string | null;
        readonly fromPosition: number;
        readonly at: string;
      };
    }
  | {
      readonly type: 'CategoryDeleted';
      /** `deletedIds`: the category and all its descendants, parents before children. */
      readonly data: { readonly categoryId: string; readonly deletedIds: readonly string[]; readonly at: string };
    }
  | {
      readonly type: 'ProductsAssignedToCategories';
      /** Every master product is put into every category (some pairs may have been there already). */
      readonly data: {
        readonly masterProductIds: readonly string[];
        readonly categoryIds: readonly string[];
        readonly at: string;
      };
    }
  | {
      readonly type: 'ProductsRemovedFromCategories';
      readonly data: {
        readonly masterProductIds: readonly string[];
        readonly categoryIds: readonly string[];
        readonly at: string;
      };
    };

export type CategoryEventType = CategoryEvent['type'];

export const CATEGORY_EVENT_TYPES = [
  'CategoryAdded',
  'CategoryUpdated',
  'CategoryMoved',
  'CategoryDeleted',
  'ProductsAssignedToCategories',
  'ProductsRemovedFromCategories',
] as const satisfies readonly CategoryEventType[];

export interface CategoryNode extends CategoryFields {
  readonly id: string;
  readonly parentId: string | null;
  /** In display order. */
  readonly childIds: readonly string[];
}

export interface CategoryTreeState {
  readonly categories: Readonly<Record<string, CategoryNode>>;
  /** Top-level categories in display order. */
  readonly rootIds: readonly string[];
  /** Category id → the master products assigned to it (no duplicates). */
  readonly products: Readonly<Record<string, readonly string[]>>;
  /** Events folded so far: the stream version the state stands at. */
  readonly version: number;
}

export const initialCategoryTreeState = (): CategoryTreeState => ({ categories: {}, rootIds: [], products: {}, version: 0 });

/** A copy of `list` with `item` at `position`, clamped to the list's ends. */
export function insertAt<T>(list: readonly T[], item: T, position: number): T[] {
  const index = Math.max(0, Math.min(position, list.length));
  return [...list.slice(0, index), item, ...list.slice(index)];
}

export const childrenOf = (state: CategoryTreeState, parentId: string | null): readonly string[] =>
  parentId === null ? state.rootIds : (state.categories[parentId]?.childIds ?? []);

function withChildren(state: CategoryTreeState, parentId: string | null, childIds: readonly string[]): CategoryTreeState {
  if (parentId === null) return { ...state, rootIds: childIds };
  const parent = state.categories[parentId];
  // The decider never names a missing parent; a missing one in the history is nothing to attach to.
  if (!parent) return state;
  return { ...state, categories: { ...state.categories, [parentId]: { ...parent, childIds } } };
}

/** The category and its descendants, parents before children, siblings in display order. */
export function subtreeIds(state: CategoryTreeState, categoryId: string): string[] {
  const ids: string[] = [];
  const visit = (id: string): void => {
    const node = state.categories[id];
    if (!node) return;
    ids.push(id);
    for (const child of node.childIds) visit(child);
  };
  visit(categoryId);
  return ids;
}

/** Whether `candidate` is `ancestorId` itself or lies below it. */
export function isWithin(state: CategoryTreeState, candidate: string | null, ancestorId: string): boolean {
  // Bounded by the number of categories, so even a corrupt history cannot loop forever.
  let steps = Object.keys(state.categories).length + 1;
  for (let id = candidate; id !== null && steps-- > 0; id = state.categories[id]?.parentId ?? null)
    if (id === ancestorId) return true;
  return false;
}

/** 1 for a top-level category. */
export function depthOf(state: CategoryTreeState, categoryId: string): number {
  let depth = 0;
  let steps = Object.keys(state.categories).length + 1;
  for (let id: string | null = categoryId; id !== null && steps-- > 0; id = state.categories[id]?.parentId ?? null) depth++;
  return depth;
}

/** Levels in the category's subtree: 1 for a leaf. */
export function heightOf(state: CategoryTreeState, categoryId: string): number {
  const node = state.categories[categoryId];
  if (!node) return 0;
  return 1 + Math.max(0, ...node.childIds.map((child) => heightOf(state, child)));
}

function evolveProducts(
  products: CategoryTreeState['products'],
  categoryIds: readonly string[],
  change: (current: readonly string[]) => readonly string[],
): CategoryTreeState['products'] {
  const next: Record<string, readonly string[]> = { ...products };
  for (const categoryId of categoryIds) {
    const changed = change(products[categoryId] ?? []);
    if (changed.length === 0) delete next[categoryId];
    else next[categoryId] = changed;
  }
  return next;
}

export function evolveCategoryTree(state: CategoryTreeState, event: CategoryEvent): CategoryTreeState {
  const next = applyEvent(state, event);
  return { ...next, version: state.version + 1 };
}

function applyEvent(state: CategoryTreeState, event: CategoryEvent): CategoryTreeState {
  switch (event.type) {
    case 'CategoryAdded': {
      const { categoryId, parentId, position, at: _at, seoTitle, seoDescription, ...fields } = event.data;
      const node: CategoryNode = {
        ...fields,
        seoTitle: seoTitle ?? null,
        seoDescription: seoDescription ?? null,
        id: categoryId,
        parentId,
        childIds: [],
      };
      const added: CategoryTreeState = { ...state, categories: { ...state.categories, [categoryId]: node } };
      return withChildren(added, parentId, insertAt(childrenOf(state, parentId), categoryId, position));
    }
    case 'CategoryUpdated': {
      const { categoryId, at: _at, ...changes } = event.data;
      const node = state.categories[categoryId];
      if (!node) return state;
      return { ...state, categories: { ...state.categories, [categoryId]: { ...node, ...changes } } };
    }
    case 'CategoryMoved': {
      const { categoryId, targetId, position } = event.data;
      const node = state.categories[categoryId];
      if (!node) return state;
      const detached = withChildren(
        state,
        node.parentId,
        childrenOf(state, node.parentId).filter((id) => id !== categoryId),
      );
      const moved: CategoryTreeState = {
        ...detached,
        categories: { ...detached.categories, [categoryId]: { ...node, parentId: targetId } },
      };
      return withChildren(moved, targetId, insertAt(childrenOf(moved, targetId), categoryId, position));
    }
    case 'CategoryDeleted': {
      const node = state.categories[event.data.categoryId];
      if (!node) return state;
      const gone = new Set(event.data.deletedIds);
      const detached = withChildren(
        state,
        node.parentId,
        childrenOf(state, node.parentId).filter((id) => id !== node.id),
      );
      const categories = Object.fromEntries(Object.entries(detached.categories).filter(([id]) => !gone.has(id)));
      const products = Object.fromEntries(Object.entries(detached.products).filter(([id]) => !gone.has(id)));
      return { ...detached, categories, products };
    }
    case 'ProductsAssignedToCategories': {
      const { masterProductIds, categoryIds } = event.data;
      return {
        ...state,
        products: evolveProducts(state.products, categoryIds, (current) => {
          const present = new Set(current);
          return [...current, ...masterProductIds.filter((id) => !present.has(id))];
        }),
      };
    }
    case 'ProductsRemovedFromCategories': {
      const removed = new Set(event.data.masterProductIds);
      return {
        ...state,
        products: evolveProducts(state.products, event.data.categoryIds, (current) => current.filter((id) => !removed.has(id))),
      };
    }
    default:
      return neverCategoryCase(event);
  }
}

export function neverCategoryCase(value: never): never {
  throw new Error(`Unhandled category case ${JSON.stringify(value)}`);
}
