/** The catalogue's back-office API as the section calls it: paths, query keys and the few request helpers. */
import { getJson, request } from '../../api/client';
import type { ReferenceKind } from './types';

const enc = encodeURIComponent;

export const CATALOGUE = '/api/admin/catalogue';

export const paths = {
  reference: (kind: ReferenceKind) => `${CATALOGUE}/${kind}`,
  referenceItem: (kind: ReferenceKind, id: string) => `${CATALOGUE}/${kind}/${enc(id)}`,
  masters: `${CATALOGUE}/masters`,
  master: (id: string) => `${CATALOGUE}/masters/${enc(id)}`,
  masterParams: (id: string) => `${CATALOGUE}/masters/${enc(id)}/params`,
  masterVariants: (id: string) => `${CATALOGUE}/masters/${enc(id)}/variants`,
  swapMetaMaster: (id: string) => `${CATALOGUE}/masters/${enc(id)}/swap-meta-master`,
  product: (code: string) => `${CATALOGUE}/products/${enc(code)}`,
  discontinue: (code: string) => `${CATALOGUE}/products/${enc(code)}/discontinue`,
  relations: (code: string) => `${CATALOGUE}/products/${enc(code)}/relations`,
  metaMasters: `${CATALOGUE}/meta-masters`,
  metaMaster: (id: string) => `${CATALOGUE}/meta-masters/${enc(id)}`,
  metaMasterAdd: (id: string) => `${CATALOGUE}/meta-masters/${enc(id)}/add-master-product`,
  seoTexts: `${CATALOGUE}/seo-texts`,
  seoText: (id: string) => `${CATALOGUE}/seo-texts/master/${enc(id)}`,
  importProducts: `${CATALOGUE}/import/products`,
  categories: `${CATALOGUE}/categories`,
  category: (id: string) => `${CATALOGUE}/categories/${enc(id)}`,
  price: (code: string) => `/api/admin/prices/${enc(code)}`,
  offers: (code: string) => `/api/admin/prices/${enc(code)}/offers`,
  importPrices: '/api/admin/prices/import',
  stock: (code: string) => `/api/admin/stock/${enc(code)}`,
  locations: '/api/admin/stock/locations',
  receipts: '/api/admin/stock/receipts',
  counts: '/api/admin/stock/counts',
};

export const keys = {
  reference: (kind: ReferenceKind) => ['catalogue', 'reference', kind] as const,
  master: (id: string) => ['catalogue', 'master', id] as const,
  product: (code: string) => ['catalogue', 'product', code] as const,
  price: (code: string) => ['catalogue', 'price', code] as const,
  stock: (code: string) => ['catalogue', 'stock', code] as const,
  locations: ['catalogue', 'locations'] as const,
  metaMasters: ['catalogue', 'meta-masters'] as const,
  metaMaster: (id: string) => ['catalogue', 'meta-master', id] as const,
  seoTexts: ['catalogue', 'seo-texts'] as const,
  categories: ['catalogue', 'categories'] as const,
  masterSearch: (text: string) => ['catalogue', 'master-search', text] as const,
};

export const get = getJson;

export const send = async <T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers?: Readonly<Record<string, string>>,
): Promise<T> =>
  (await request<T>(path, { method, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) })).data;

/** The version a change is based on: a 412 answers when someone changed it meanwhile. */
export const ifMatch = (version: number): Record<string, string> => ({ 'if-match': `"${version}"` });

/** A CSV file posted as it is (the imports read text/csv). */
export const sendCsv = async <T>(path: string, content: string): Promise<T> =>
  (await request<T>(path, { method: 'POST', raw: { content, type: 'text/csv' } })).data;
