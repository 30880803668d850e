import { CATEGORY_EVENT_TYPES, insertAt, type CategoryEvent } from '@buyloop/catalogue';
import type { Projection } from '@buyloop/projector';

/** One category as the read model keeps it (spec 3's field names), with its children and master products. */
export interface CategoryDocumentNode {
  readonly id: string;
  readonly name: string;
  readonly parent: string | null;
  readonly seo_name: string;
  readonly for_display: boolean;
  readonly for_buyout: boolean;
  readonly for_service: boolean;
  readonly filterable: boolean;
  readonly manufacturers: readonly string[];
  readonly photo_id: string | null;
  readonly type_device: string | null;
  readonly seo_title: string | null;
  readonly seo_description: string | null;
  /** In display order. */
  readonly child_ids: readonly string[];
  /** Master products assigned to this category. */
  readonly product_ids: readonly string[];
}

/**
 * The market's whole category tree in one document: the tree is small
 * (hundreds of categories) and every answer about it (the tree, the flat
 * list with paths, the counts below a category) needs all of it. One event
 * touches many categories (a move reorders siblings, a deletion takes a
 * subtree, an assignment many categories), which one document takes whole.
 */
export interface CategoryTreeDocument extends Record<string, unknown> {
  readonly market: string;
  /** Version of `categorytree-<market>` folded so far. */
  readonly version: number;
  readonly root_ids: readonly string[];
  readonly categories: Readonly<Record<string, CategoryDocumentNode>>;
}

const STREAM_PREFIX = 'categorytree-';
/** The products area deletes a master product; it then leaves every category. */
const MASTER_DELETED = 'MasterProductDeleted';

const emptyTree = (market: string): CategoryTreeDocument => ({ market, version: 0, root_ids: [], categories: {} });

const childrenOf = (document: CategoryTreeDocument, parent: string | null): readonly string[] =>
  parent === null ? document.root_ids : (document.categories[parent]?.child_ids ?? []);

function withChildren(document: CategoryTreeDocument, parent: string | null, childIds: readonly string[]): CategoryTreeDocument {
  if (parent === null) return { ...document, root_ids: childIds };
  const node = document.categories[parent];
  if (!node) return document;
  return { ...document, categories: { ...document.categories, [parent]: { ...node, child_ids: childIds } } };
}

function withNode(document: CategoryTreeDocument, id: string, change: (node: CategoryDocumentNode) => CategoryDocumentNode) {
  const node = document.categories[id];
  return node ? { ...document, categories: { ...document.categories, [id]: change(node) } } : document;
}

function withProducts(
  document: CategoryTreeDocument,
  categoryIds: readonly string[],
  change: (current: readonly string[]) => readonly string[],
): CategoryTreeDocument {
  const categories = { ...document.categories };
  for (const id of categoryIds) {
    const node = categories[id];
    if (node) categories[id] = { ...node, product_ids: change(node.product_ids) };
  }
  return { ...document, categories };
}

/** The snake_case fields an event carries, for a new node or an update. */
function fieldsOf(data: Partial<Extract<CategoryEvent, { type: 'CategoryAdded' }>['data']>): Partial<CategoryDocumentNode> {
  return {
    ...(data.name !== undefined ? { name: data.name } : {}),
    ...(data.seoName !== undefined ? { seo_name: data.seoName } : {}),
    ...(data.forDisplay !== undefined ? { for_display: data.forDisplay } : {}),
    ...(data.forBuyout !== undefined ? { for_buyout: data.forBuyout } : {}),
    ...(data.forService !== undefined ? { for_service: data.forService } : {}),
    ...(data.filterable !== undefined ? { filterable: data.filterable } : {}),
    ...(data.manufacturerIds !== undefined ? { manufacturers: [...data.manufacturerIds] } : {}),
    ...(data.photoId !== undefined ? { photo_id: data.photoId } : {}),
    ...(data.typeDeviceId !== undefined ? { type_device: data.typeDeviceId } : {}),
    ...(data.seoTitle !== undefined ? { seo_title: data.seoTitle } : {}),
    ...(data.seoDescription !== undefined ? { seo_description: data.seoDescription } : {}),
  };
}

function evolveTree(document: CategoryTreeDocument, event: CategoryEvent): CategoryTreeDocument {
  switch (event.type) {
    case 'CategoryAdded': {
      const { categoryId, parentId, position } = event.data;
      const node: CategoryDocumentNode = {
        id: categoryId,
        parent: parentId,
        name: event.data.name,
        seo_name: event.data.seoName,
        for_display: event.data.forDisplay,
        for_buyout: event.data.forBuyout,
        for_service: event.data.forService,
        filterable: event.data.filterable,
        manufacturers: [...event.data.manufacturerIds],
        photo_id: event.data.photoId,
        type_device: event.data.typeDeviceId,
        // A category added before the SEO texts existed has none.
        seo_title: event.data.seoTitle ?? null,
        seo_description: event.data.seoDescription ?? null,
        child_ids: [],
        product_ids: [],
      };
      const added = { ...document, categories: { ...document.categories, [categoryId]: node } };
      return withChildren(added, parentId, insertAt(childrenOf(document, parentId), categoryId, position));
    }
    case 'CategoryUpdated':
      return withNode(document, event.data.categoryId, (node) => ({ ...node, ...fieldsOf(event.data) }));
    case 'CategoryMoved': {
      const { categoryId, targetId, position } = event.data;
      const node = document.categories[categoryId];
      if (!node) return document;
      const detached = withChildren(
        document,
        node.parent,
        childrenOf(document, node.parent).filter((id) => id !== categoryId),
      );
      const moved = withNode(detached, categoryId, (current) => ({ ...current, parent: targetId }));
      return withChildren(moved, targetId, insertAt(childrenOf(moved, targetId), categoryId, position));
    }
    case 'CategoryDeleted': {
      const node = document.categories[event.data.categoryId];
      if (!node) return document;
      const gone = new Set(event.data.deletedIds);
      const detached = withChildren(
        document,
        node.parent,
        childrenOf(document, node.parent).filter((id) => id !== node.id),
      );
      return { ...detached, categories: Object.fromEntries(Object.entries(detached.categories).filter(([id]) => !gone.has(id))) };
    }
    case 'ProductsAssignedToCategories':
      return withProducts(document, event.data.categoryIds, (current) => {
        const present = new Set(current);
        return [...current, ...event.data.masterProductIds.filter((id) => !present.has(id))];
      });
    case 'ProductsRemovedFromCategories': {
      const removed = new Set(event.data.masterProductIds);
      return withProducts(document, event.data.categoryIds, (current) => current.filter((id) => !removed.has(id)));
    }
    default:
      return neverEvent(event);
  }
}

export const categoryTreeProjection: Projection<CategoryTreeDocument> = {
  name: 'catalogue_category_tree',
  // 2: the SEO title and description.
  version: 2,
  handles: [...CATEGORY_EVENT_TYPES, MASTER_DELETED],
  collection: { fields: { market: { path: 'market', type: 'string' } } },
  key(event) {
    if (event.stream.startsWith(STREAM_PREFIX)) return event.stream.slice(STREAM_PREFIX.length);
    // A master product's stream names no market; the process (and so the event) serves one.
    return event.type === MASTER_DELETED ? event.metadata.market : null;
  },
  evolve(document, recorded) {
    if (recorded.type === MASTER_DELETED) {
      if (!document) return null;
      const masterProductId = (recorded.data as { masterProductId?: unknown }).masterProductId;
      const holding = Object.values(document.categories)
        .filter((node) => node.product_ids.includes(masterProductId as string))
        .map((node) => node.id);
      return holding.length === 0
        ? document
        : withProducts(document, holding, (ids) => ids.filter((id) => id !== masterProductId));
    }
    const event = { type: recorded.type, data: recorded.data } as CategoryEvent;
    const current = document ?? emptyTree(recorded.stream.slice(STREAM_PREFIX.length));
    return { ...evolveTree(current, event), version: Number(recorded.streamVersion) };
  },
};

function neverEvent(event: never): never {
  throw new Error(`Unhandled category event ${JSON.stringify(event)}`);
}
