import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Favourites } from '@buyloop/contracts/catalogue/favourites';
import { ApiError, cookieValue, useApi, type Api, type Problem } from '../app/api';
import { useMarket } from '../app/context';
import {
  clearDeviceFavourites,
  readDeviceFavourites,
  toggleDeviceFavourite,
  useDeviceList,
  type KeptProduct,
} from './device-lists';
import type { ProductItem } from './types';

/**
 * Favourites: on the device for a visitor (device-lists.ts), in the account once signed in. The
 * first read after signing in merges the device's list into the account's and empties the
 * device's, so a list made signed out is neither lost nor kept twice. Never part of the shared
 * HTML: read after hydration only.
 */
export const FAVOURITES_KEY = ['favourites'] as const;

/** The account's list, or null for a visitor. */
export type AccountFavourites = Favourites | null;

/**
 * Who is signed in decides where the list lives; the session answer is asked first so that a
 * visitor's page makes no request the API refuses (no 401 in the console on every page).
 */
export async function loadFavourites(api: Api): Promise<AccountFavourites> {
  const session = await api.get<{ authenticated: boolean }>('/api/auth/session');
  if (!session.authenticated) return null;
  const device = readDeviceFavourites();
  if (device.length === 0) return api.get<Favourites>('/api/favourites');
  // Oldest last on the device as in the account: the order is kept as it is.
  const merged = await api.post<Favourites>('/api/favourites/merge', { codes: device.map((product) => product.code) });
  clearDeviceFavourites();
  return merged.body;
}

const CSRF_COOKIE = 'buyloop_csrf';

/** PUT and DELETE of one favourite, from the browser only (the app's API client has GET and POST), with the CSRF header its POSTs carry. */
async function send(method: 'PUT' | 'DELETE', code: string): Promise<Favourites> {
  let token = cookieValue(document.cookie, CSRF_COOKIE);
  if (!token) {
    const answer = await fetch('/api/auth/csrf', { credentials: 'same-origin' });
    const body = (await answer.json().catch(() => null)) as { csrf_token?: string } | null;
    token = cookieValue(document.cookie, CSRF_COOKIE) ?? body?.csrf_token ?? '';
  }
  const response = await fetch(`/api/favourites/${encodeURIComponent(code)}`, {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'x-csrf-token': token },
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, body as Problem | null);
  return body as Favourites;
}

/** A favourite as the pages show it: the device keeps a short card, the account answers the full one. */
export type FavouriteItem = KeptProduct &
  Partial<Pick<ProductItem, 'lowest_price_30d' | 'original_price' | 'quality_name' | 'stock_state'>>;

export function useFavourites(): {
  favourites: readonly FavouriteItem[];
  /** True once it is known whether the list is the account's (signed in) or the device's. */
  signedIn: boolean;
  isFavourite: (code: string) => boolean;
  toggle: (product: KeptProduct) => void;
} {
  const api = useApi();
  const market = useMarket();
  const client = useQueryClient();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const account = useQuery({
    queryKey: FAVOURITES_KEY,
    queryFn: () => loadFavourites(api),
    enabled: mounted,
    retry: false,
    // Asked again by the next page that shows a heart: that is how signing in (on a page that shows none) is noticed.
    staleTime: 0,
  });
  const device = useDeviceList('favourites');
  const signedIn = Boolean(account.data);
  const favourites: readonly FavouriteItem[] = account.data
    ? account.data.products.map((item) => ({ ...item, currency: market.currency, image_url: item.image_url ?? null }))
    : device;
  const codes = account.data ? account.data.items : device.map((product) => product.code);
  const toggle = useCallback(
    (product: KeptProduct) => {
      const current = client.getQueryData<AccountFavourites>(FAVOURITES_KEY);
      if (!current) return toggleDeviceFavourite(product);
      const method = current.items.includes(product.code) ? 'DELETE' : 'PUT';
      send(method, product.code).then(
        (answer) => client.setQueryData(FAVOURITES_KEY, answer),
        // Signed out meanwhile (another tab) or the product went off sale: read where the list lives now.
        () => void client.invalidateQueries({ queryKey: FAVOURITES_KEY }),
      );
    },
    [client],
  );
  return { favourites, signedIn, isFavourite: (code) => codes.includes(code), toggle };
}
