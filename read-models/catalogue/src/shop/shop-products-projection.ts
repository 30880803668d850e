import {
  CATALOGUE_PRODUCT_EVENT_TYPES,
  evolvePricing,
  initialPricingState,
  LOCATION_EVENT_TYPES,
  PRICE_EVENT_TYPES,
  PRICE_STREAM_CATEGORY,
  STOCK_EVENT_TYPES,
  type Location,
  type LocationEvent,
  type PriceEvent,
  type PricingState,
} from '@buyloop/catalogue';
import { assertNever, type Market, type RecordedEvent } from '@buyloop/kit';
import type { Projection } from '@buyloop/projector';
import { productsProjection, type ProductDocument } from '../products/products-projection';
import { productStockProjection, type ProductStockDocument } from '../stock/projections';

/**
 * One sellable product as the shop reads it: the product's own fields, its
 * price schedule per market and its stock per location, folded from the
 * three streams that name its code (`product-<CODE>`, `price-<CODE>-<market>`,
 * `stock-<CODE>-<location>`).
 *
 * One document per code rather than per code and market: the product's
 * events name no market (one product is sold on both), and the projector
 * changes one document per event, so the markets' prices sit side by side
 * here and the shop picks its market's when it reads. What other events
 * change for many products at once (a master's name or photos, category
 * assignments, a manufacturer's name) is joined when read (shop-catalogue.ts),
 * as the master grid does.
 *
 * The sub-documents are the products and stock areas' own read models,
 * folded by their own evolve functions, so the shop never restates how a
 * product or a stock level changes.
 */
export interface ShopProductDocument extends Record<string, unknown> {
  readonly code: string;
  /** The products area's document; null until CatalogueProductCreated (a price or stock may come first). */
  readonly product: ProductDocument | null;
  /** The stock area's document; null until the first product or stock event (its evolve starts from none). */
  readonly stock: ProductStockDocument | null;
  /** The pricing area's schedule per market. */
  readonly prices: Readonly<Partial<Record<Market, PricingState>>>;
  /** Pieces sold (StockSold) everywhere: what "best selling" sorts by. */
  readonly sold: number;
  readonly updated_at: string;
}

export const SHOP_PRODUCTS_PROJECTION = 'catalogue_shop_products';

const PRODUCT_EVENTS: readonly string[] = [...CATALOGUE_PRODUCT_EVENT_TYPES, 'CatalogueProductRelationsSet'];
const PRICE_EVENTS: readonly string[] = PRICE_EVENT_TYPES;
const STOCK_EVENTS: readonly string[] = STOCK_EVENT_TYPES;

const codeOf = (event: RecordedEvent): string | null => {
  const code = (event.data as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (event.stream === `product-${code}` || event.stream.startsWith(`${PRICE_STREAM_CATEGORY}-${code}-`)) return code;
  if (event.stream.startsWith(`stock-${code}-`)) return code;
  return null;
};

const marketOfPriceStream = (stream: string): Market | null => {
  const market = stream.slice(stream.lastIndexOf('-') + 1);
  return market === 'cz' || market === 'ro' ? market : null;
};

const startOf = (code: string): ShopProductDocument => ({
  code,
  product: null,
  stock: null,
  prices: {},
  sold: 0,
  updated_at: new Date(0).toISOString(),
});

export function evolveShopProduct(document: ShopProductDocument | null, recorded: RecordedEvent): ShopProductDocument | null {
  const code = codeOf(recorded);
  if (code === null) return document;
  const current = document ?? startOf(code);
  const updated_at = recorded.recordedAt.toISOString();
  if (PRODUCT_EVENTS.includes(recorded.type)) {
    const product = productsProjection.evolve(current.product, recorded);
    // Relations change nothing the stock area keeps (and it does not read them).
    const stock = CATALOGUE_PRODUCT_EVENT_TYPES.includes(recorded.type as (typeof CATALOGUE_PRODUCT_EVENT_TYPES)[number])
      ? (productStockProjection.evolve(current.stock, recorded) ?? current.stock)
      : current.stock;
    return { ...current, product, stock, updated_at };
  }
  if (PRICE_EVENTS.includes(recorded.type)) {
    const market = marketOfPriceStream(recorded.stream);
    if (!market) return current;
    const event = { type: recorded.type, data: recorded.data } as PriceEvent;
    const prices = { ...current.prices, [market]: evolvePricing(current.prices[market] ?? initialPricingState(), event) };
    return { ...current, prices, updated_at };
  }
  if (STOCK_EVENTS.includes(recorded.type)) {
    const stock = productStockProjection.evolve(current.stock, recorded) ?? current.stock;
    const sold =
      recorded.type === 'StockSold'
        ? current.sold + Number((recorded.data as { quantity?: unknown }).quantity ?? 0)
        : current.sold;
    return { ...current, stock, sold, updated_at };
  }
  return current;
}

export const shopProductsProjection: Projection<ShopProductDocument> = {
  name: SHOP_PRODUCTS_PROJECTION,
  version: 1,
  handles: [...PRODUCT_EVENTS, ...PRICE_EVENTS, ...STOCK_EVENTS],
  collection: {
    fields: {
      code: { path: 'code', type: 'string' },
      updated_at: { path: 'updated_at', type: 'date' },
    },
  },
  key: codeOf,
  evolve: evolveShopProduct,
};

/**
 * A market's stock locations (the warehouse and the stores), one document
 * per market: the stock area folds them from their stream when it needs one,
 * the shop lists stores on every stores page and product detail.
 */
export interface ShopLocationsDocument extends Record<string, unknown> {
  readonly market: Market;
  readonly locations: Readonly<Record<string, Location>>;
  readonly updated_at: string;
}

export const SHOP_LOCATIONS_PROJECTION = 'catalogue_shop_locations';

export const shopLocationsProjection: Projection<ShopLocationsDocument> = {
  name: SHOP_LOCATIONS_PROJECTION,
  version: 1,
  handles: LOCATION_EVENT_TYPES,
  collection: { fields: { market: { path: 'market', type: 'string' } } },
  key: (event) => {
    const market = (event.data as { market?: unknown }).market;
    return market === 'cz' || market === 'ro' ? market : null;
  },
  evolve(document, recorded) {
    const event = { type: recorded.type, data: recorded.data } as LocationEvent;
    switch (event.type) {
      case 'LocationDefined':
      case 'LocationUpdated':
        return {
          market: event.data.market,
          locations: { ...(document?.locations ?? {}), [event.data.location.id]: event.data.location },
          updated_at: recorded.recordedAt.toISOString(),
        };
      default:
        return assertNever(event, 'location event');
    }
  },
};
