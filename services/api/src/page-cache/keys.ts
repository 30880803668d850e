import type { Market } from '@buyloop/kit';

/**
 * Which cached answers an event makes wrong, as surrogate keys (the scheme
 * of issue 14: `catalog`, `product-<CODE>`, `category-<id>`, `categories`,
 * `stores`, `store-<id>`, `search`). The events are the catalogue's
 * published ones (services/catalogue/src/<area>/events.ts and
 * stock/locations.ts); the API does not depend on the catalogue's write
 * side, so the fields read here are restated, and only those.
 */

export const surrogate = {
  everything: 'catalog',
  product: (code: string) => `product-${code}`,
  category: (id: string) => `category-${id}`,
  categories: 'categories',
  stores: 'stores',
  store: (id: string) => `store-${id}`,
  search: 'search',
} as const;

/**
 * Keys the cache adds by itself to every entry it stores, by kind of
 * answer: the back office's default purge (spec 7: "keys for html pages and
 * endpoints") names these two.
 */
export const KIND_KEYS = { html: 'html', api: 'api' } as const;
export const DEFAULT_PURGE_KEYS: readonly string[] = [KIND_KEYS.html, KIND_KEYS.api];

/** The catalogue events this mapping reads; every other event type touches no cached answer. */
export type CatalogueEventForCache =
  // products area: a variant's own fields, and what it is offered with
  | { type: 'CatalogueProductCreated'; data: { code: string; masterProductId: string } }
  | { type: 'CatalogueProductUpdated'; data: { code: string; masterProductId: string } }
  | { type: 'CatalogueProductDiscontinued'; data: { code: string; masterProductId: string } }
  | { type: 'CatalogueProductRelationsSet'; data: { code: string; masterProductId: string } }
  // master products: name, texts, photos, parameters of every variant
  | { type: 'MasterProductCreated'; data: { masterProductId: string } }
  | { type: 'MasterProductUpdated'; data: { masterProductId: string } }
  | { type: 'MasterProductDeleted'; data: { masterProductId: string } }
  | { type: 'MasterVariantAttached'; data: { masterProductId: string; code: string } }
  | {
      type: 'MasterMetaMasterChanged';
      data: { masterProductId: string; metaMasterId: string | null; previousMetaMasterId: string | null };
    }
  | { type: 'MetaMasterCreated'; data: { metaMasterId: string } }
  | { type: 'MetaMasterUpdated'; data: { metaMasterId: string } }
  | { type: 'MetaMasterDeleted'; data: { metaMasterId: string } }
  // reference data: a manufacturer's or an attribute's name shows on many pages
  | { type: 'ReferenceEntryCreated'; data: { kind: string; id: string } }
  | { type: 'ReferenceEntryUpdated'; data: { kind: string; id: string } }
  // prices (the market is in the event or, for the markers, in the stream name price-<code>-<market>)
  | { type: 'PriceSet'; data: { code: string; market: Market } }
  | { type: 'OfferScheduled'; data: { code: string; market: Market } }
  | { type: 'OfferStarted'; data: { code: string } }
  | { type: 'OfferEnded'; data: { code: string } }
  | { type: 'PriceTookEffect'; data: { code: string } }
  // stock of a product at a location
  | { type: 'StockReceived'; data: { code: string; location: string } }
  | { type: 'StockCounted'; data: { code: string; location: string } }
  | { type: 'StockTransferredOut'; data: { code: string; location: string } }
  | { type: 'StockTransferredIn'; data: { code: string; location: string } }
  | { type: 'StockReserved'; data: { code: string; location: string } }
  | { type: 'StockReservationReleased'; data: { code: string; location: string } }
  | { type: 'StockSold'; data: { code: string; location: string } }
  // stores and warehouses
  | { type: 'LocationDefined'; data: { market: Market; location: { id: string } } }
  | { type: 'LocationUpdated'; data: { market: Market; location: { id: string } } }
  // the category tree and which masters sit in which categories
  | { type: 'CategoryAdded'; data: { categoryId: string; parentId: string | null } }
  | { type: 'CategoryUpdated'; data: { categoryId: string } }
  | { type: 'CategoryMoved'; data: { categoryId: string; targetId: string | null; fromParentId: string | null } }
  | { type: 'CategoryDeleted'; data: { categoryId: string; deletedIds: readonly string[] } }
  | { type: 'ProductsAssignedToCategories'; data: { masterProductIds: readonly string[]; categoryIds: readonly string[] } }
  | { type: 'ProductsRemovedFromCategories'; data: { masterProductIds: readonly string[]; categoryIds: readonly string[] } }
  // an uploaded image shows nowhere until a master names it (MasterProductUpdated)
  | { type: 'ImageUploaded'; data: { imageId: string } };

type CacheEventType = CatalogueEventForCache['type'];

const TYPES = new Set<string>([
  'CatalogueProductCreated',
  'CatalogueProductUpdated',
  'CatalogueProductDiscontinued',
  'CatalogueProductRelationsSet',
  'MasterProductCreated',
  'MasterProductUpdated',
  'MasterProductDeleted',
  'MasterVariantAttached',
  'MasterMetaMasterChanged',
  'MetaMasterCreated',
  'MetaMasterUpdated',
  'MetaMasterDeleted',
  'ReferenceEntryCreated',
  'ReferenceEntryUpdated',
  'PriceSet',
  'OfferScheduled',
  'OfferStarted',
  'OfferEnded',
  'PriceTookEffect',
  'StockReceived',
  'StockCounted',
  'StockTransferredOut',
  'StockTransferredIn',
  'StockReserved',
  'StockReservationReleased',
  'StockSold',
  'LocationDefined',
  'LocationUpdated',
  'CategoryAdded',
  'CategoryUpdated',
  'CategoryMoved',
  'CategoryDeleted',
  'ProductsAssignedToCategories',
  'ProductsRemovedFromCategories',
  'ImageUploaded',
] satisfies CacheEventType[]);

/** Whether an event of this type is one the mapping reads. */
export const isCacheEvent = (event: { readonly type: string }): event is CatalogueEventForCache => TYPES.has(event.type);

/**
 * What the mapping must remember between events: which variants a master
 * has and which masters a meta master groups (a master's new text changes
 * the pages of all its variants, and their keys are product codes). Built
 * from the same events, from the start of the log.
 */
export class CatalogueIndex {
  private readonly codesByMaster = new Map<string, Set<string>>();
  private readonly mastersByMeta = new Map<string, Set<string>>();

  codesOf(masterProductId: string): readonly string[] {
    return [...(this.codesByMaster.get(masterProductId) ?? [])];
  }

  codesOfMeta(metaMasterId: string): readonly string[] {
    return [...(this.mastersByMeta.get(metaMasterId) ?? [])].flatMap((master) => this.codesOf(master));
  }

  /** Remembers what the event tells about variants and meta masters. */
  learn(event: CatalogueEventForCache): void {
    switch (event.type) {
      case 'CatalogueProductCreated':
      case 'MasterVariantAttached':
        add(this.codesByMaster, event.data.masterProductId, event.data.code);
        return;
      case 'MasterMetaMasterChanged':
        if (event.data.previousMetaMasterId)
          remove(this.mastersByMeta, event.data.previousMetaMasterId, event.data.masterProductId);
        if (event.data.metaMasterId) add(this.mastersByMeta, event.data.metaMasterId, event.data.masterProductId);
        return;
      default:
        return;
    }
  }
}

/** Which part of the catalogue's read side an event changes: a purge waits until that part has taken it in. */
export type ReadSide = 'products' | 'masters' | 'reference' | 'categories' | 'locations';

export function readSideOf(event: CatalogueEventForCache): ReadSide {
  switch (event.type) {
    case 'CatalogueProductCreated':
    case 'CatalogueProductUpdated':
    case 'CatalogueProductDiscontinued':
    case 'CatalogueProductRelationsSet':
    case 'PriceSet':
    case 'OfferScheduled':
    case 'OfferStarted':
    case 'OfferEnded':
    case 'PriceTookEffect':
    case 'StockReceived':
    case 'StockCounted':
    case 'StockTransferredOut':
    case 'StockTransferredIn':
    case 'StockReserved':
    case 'StockReservationReleased':
    case 'StockSold':
    case 'ImageUploaded':
      return 'products';
    case 'MasterProductCreated':
    case 'MasterProductUpdated':
    case 'MasterProductDeleted':
    case 'MasterVariantAttached':
    case 'MasterMetaMasterChanged':
    case 'MetaMasterCreated':
    case 'MetaMasterUpdated':
    case 'MetaMasterDeleted':
      return 'masters';
    case 'ReferenceEntryCreated':
    case 'ReferenceEntryUpdated':
      return 'reference';
    case 'CategoryAdded':
    case 'CategoryUpdated':
    case 'CategoryMoved':
    case 'CategoryDeleted':
    case 'ProductsAssignedToCategories':
    case 'ProductsRemovedFromCategories':
      return 'categories';
    case 'LocationDefined':
    case 'LocationUpdated':
      return 'locations';
    default:
      return neverCacheEvent(event);
  }
}

/** The market an event is about, where it names one (prices and locations); null: every market. */
function marketOf(event: CatalogueEventForCache, stream: string): string | null {
  switch (event.type) {
    case 'PriceSet':
    case 'OfferScheduled':
    case 'LocationDefined':
    case 'LocationUpdated':
      return event.data.market;
    case 'OfferStarted':
    case 'OfferEnded':
    case 'PriceTookEffect':
      // price-<code>-<market>: the market is the last part (codes may hold dashes).
      return stream.startsWith('price-') ? (stream.slice(stream.lastIndexOf('-') + 1) ?? null) : null;
    default:
      return null;
  }
}

/**
 * The surrogate keys one event touches on `market`'s shop. Call
 * `index.learn(event)` first: a master's new variant is then among its codes.
 */
export function keysFor(
  event: CatalogueEventForCache,
  context: { readonly market: Market; readonly stream: string; readonly index: CatalogueIndex },
): readonly string[] {
  const market = marketOf(event, context.stream);
  if (market !== null && market !== context.market) return [];
  const products = (codes: readonly string[]) => codes.map(surrogate.product);
  switch (event.type) {
    case 'CatalogueProductCreated':
      // A new variant shows in its master's other variants' tabs.
      return [
        surrogate.product(event.data.code),
        ...products(context.index.codesOf(event.data.masterProductId)),
        surrogate.search,
      ];
    case 'CatalogueProductUpdated':
    case 'CatalogueProductDiscontinued':
      // Names, quality and availability also show in the master's other variants' tabs and in search suggestions.
      return [
        ...new Set([surrogate.product(event.data.code), ...products(context.index.codesOf(event.data.masterProductId))]),
        surrogate.search,
      ];
    case 'CatalogueProductRelationsSet':
      return [surrogate.product(event.data.code)];
    case 'MasterProductCreated':
    case 'MasterVariantAttached':
      // Nothing is on sale until a variant is created, which names its own keys.
      return [];
    case 'MasterProductUpdated':
    case 'MasterProductDeleted':
      return [...products(context.index.codesOf(event.data.masterProductId)), surrogate.search];
    case 'MasterMetaMasterChanged':
      // The variants offered beside each other across a meta master change on both sides.
      return [
        ...new Set([
          ...products(context.index.codesOf(event.data.masterProductId)),
          ...(event.data.metaMasterId ? products(context.index.codesOfMeta(event.data.metaMasterId)) : []),
          ...(event.data.previousMetaMasterId ? products(context.index.codesOfMeta(event.data.previousMetaMasterId)) : []),
        ]),
      ];
    case 'MetaMasterCreated':
      return [];
    case 'MetaMasterUpdated':
    case 'MetaMasterDeleted':
      return products(context.index.codesOfMeta(event.data.metaMasterId));
    case 'ReferenceEntryCreated':
      return [];
    case 'ReferenceEntryUpdated':
      // A manufacturer's or an attribute's new name shows on every page and facet that names it; no key is narrower.
      return [surrogate.everything];
    case 'PriceSet':
    case 'OfferScheduled':
    case 'OfferStarted':
    case 'OfferEnded':
    case 'PriceTookEffect':
    case 'StockReceived':
    case 'StockCounted':
    case 'StockTransferredOut':
    case 'StockTransferredIn':
    case 'StockReserved':
    case 'StockReservationReleased':
    case 'StockSold':
      return [surrogate.product(event.data.code)];
    case 'LocationDefined':
    case 'LocationUpdated':
      return [surrogate.stores, surrogate.store(event.data.location.id)];
    case 'CategoryAdded':
      return [
        surrogate.categories,
        surrogate.category(event.data.categoryId),
        ...(event.data.parentId ? [surrogate.category(event.data.parentId)] : []),
      ];
    case 'CategoryUpdated':
      return [surrogate.categories, surrogate.category(event.data.categoryId)];
    case 'CategoryMoved':
      return [
        ...new Set([
          surrogate.categories,
          surrogate.category(event.data.categoryId),
          ...(event.data.targetId ? [surrogate.category(event.data.targetId)] : []),
          ...(event.data.fromParentId ? [surrogate.category(event.data.fromParentId)] : []),
        ]),
      ];
    case 'CategoryDeleted':
      return [
        ...new Set([
          surrogate.categories,
          surrogate.category(event.data.categoryId),
          ...event.data.deletedIds.map(surrogate.category),
        ]),
      ];
    case 'ProductsAssignedToCategories':
    case 'ProductsRemovedFromCategories':
      // The listings change, and so do the products' breadcrumbs.
      return [
        surrogate.categories,
        ...event.data.categoryIds.map(surrogate.category),
        ...event.data.masterProductIds.flatMap((master) => products(context.index.codesOf(master))),
      ];
    case 'ImageUploaded':
      return [];
    default:
      return neverCacheEvent(event);
  }
}

function neverCacheEvent(event: never): never {
  throw new Error(`Unhandled catalogue event ${JSON.stringify(event)}`);
}

function add(index: Map<string, Set<string>>, name: string, value: string): void {
  let values = index.get(name);
  if (!values) index.set(name, (values = new Set()));
  values.add(value);
}

function remove(index: Map<string, Set<string>>, name: string, value: string): void {
  index.get(name)?.delete(value);
}
