import type { Api } from '../app/api';
import type { OpeningHours } from './opening-hours';

/** A store as GET /api/catalog/stores answers (the shop's stores; warehouses are left out). */
export interface ShopStore {
  readonly id: string;
  readonly name: string;
  readonly city: string;
  readonly street: string;
  readonly zip: string;
  readonly opening_hours: OpeningHours;
  readonly coordinates: { readonly lat: number; readonly lng: number };
  readonly kind: string;
}

export type StockState = 'in_stock' | 'in_store_only' | 'on_order' | 'sold_out';

/** The parts of a product's detail the stores page shows: its name and its stock per store. */
export interface ProductStores {
  readonly code: string;
  readonly seo_name: string;
  readonly short_name: string;
  readonly stores: ReadonlyArray<{ readonly id: string; readonly stock_state: StockState }>;
}

/** The stores; the server renders them into the page (prefetch it for the stores route). */
export const storesQuery = (api: Api) => ({
  queryKey: ['shop', 'stores'] as const,
  queryFn: () => api.get<{ readonly stores: readonly ShopStore[] }>('/api/catalog/stores'),
});

/** A product's stock per store, from its detail (the product page links here with ?product=<seo_name>). */
export const productStoresQuery = (api: Api, seoName: string) => ({
  queryKey: ['stores', 'product', seoName] as const,
  queryFn: () => api.get<ProductStores>(`/api/catalog/products/${encodeURIComponent(seoName)}`),
});

/** The stores page's address for one product's stock per store. */
export const storesOfProductPath = (storesPath: string, seoName: string): string =>
  `${storesPath}?product=${encodeURIComponent(seoName)}`;
