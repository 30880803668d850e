import { useSyncExternalStore } from 'react';

/**
 * Favourites and last visited products, kept on the visitor's device (localStorage). The pages
 * are shared from a cache, so these lists are never part of the server's HTML: they are read
 * once the page has hydrated. Signed in, favourites live in the account instead (favourites.ts).
 */
export interface KeptProduct {
  readonly code: string;
  readonly seo_name: string;
  readonly short_name: string;
  readonly price: number;
  readonly currency: string;
  readonly image_url?: string | null;
}

/** Spec 4: the last visited list keeps the 4 most recent. */
export const LAST_VISITED_MAX = 4;
/** Enough for any wish list, and a bound on what one key may hold. */
export const FAVOURITES_MAX = 100;

export const STORAGE_KEYS = { favourites: 'buyloop:favourites', visited: 'buyloop:last-visited' } as const;
type ListName = keyof typeof STORAGE_KEYS;

/** The visited product first, no duplicates (a visit again moves it to the front), at most 4. */
export function withVisit(list: readonly KeptProduct[], product: KeptProduct): KeptProduct[] {
  return [product, ...list.filter((p) => p.code !== product.code)].slice(0, LAST_VISITED_MAX);
}

/** Adds a product to the favourites (newest first) or removes it when it is there. */
export function toggled(list: readonly KeptProduct[], product: KeptProduct): KeptProduct[] {
  return list.some((p) => p.code === product.code)
    ? list.filter((p) => p.code !== product.code)
    : [product, ...list].slice(0, FAVOURITES_MAX);
}

const isKept = (value: unknown): value is KeptProduct => {
  const p = value as Partial<KeptProduct> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.code === 'string' &&
    typeof p.seo_name === 'string' &&
    typeof p.short_name === 'string' &&
    typeof p.price === 'number' &&
    typeof p.currency === 'string'
  );
};

/** A stored list read back: anything malformed (another version, a hand edit) is left out. */
export function parseList(raw: string | null): KeptProduct[] {
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? parsed.filter(isKept) : [];
  } catch {
    return [];
  }
}

const EMPTY: readonly KeptProduct[] = [];
const listeners = new Set<() => void>();
const snapshots = new Map<string, { raw: string | null; list: readonly KeptProduct[] }>();

const storage = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage refused (privacy settings): the lists simply stay empty.
    return null;
  }
};

function read(name: ListName): readonly KeptProduct[] {
  const raw = storage()?.getItem(STORAGE_KEYS[name]) ?? null;
  const cached = snapshots.get(name);
  // The same array while the stored text is the same: useSyncExternalStore compares snapshots by identity.
  if (cached && cached.raw === raw) return cached.list;
  const list = parseList(raw);
  snapshots.set(name, { raw, list });
  return list;
}

function write(name: ListName, list: readonly KeptProduct[]): void {
  try {
    storage()?.setItem(STORAGE_KEYS[name], JSON.stringify(list));
  } catch {
    // Full or refused: the list is not kept, the page goes on.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the list: this one shows it too.
  const onStorage = () => listener();
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** One of the lists, empty on the server and in the first render after hydration. */
export function useDeviceList(name: ListName): readonly KeptProduct[] {
  return useSyncExternalStore(
    subscribe,
    () => read(name),
    () => EMPTY,
  );
}

/** The device's favourites now (outside React: the merge into the account at sign-in reads them). */
export const readDeviceFavourites = (): readonly KeptProduct[] => read('favourites');

/** Empties the device's favourites once the account holds them. */
export const clearDeviceFavourites = (): void => write('favourites', []);

export const toggleDeviceFavourite = (product: KeptProduct): void => write('favourites', toggled(read('favourites'), product));

export const recordVisit = (product: KeptProduct): void => write('visited', withVisit(read('visited'), product));
