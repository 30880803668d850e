import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Api, ApiResponse } from '../app/api';
import { STORAGE_KEYS, type KeptProduct } from './device-lists';
import { loadFavourites } from './favourites';

const kept = (code: string): KeptProduct => ({
  code,
  seo_name: code.toLowerCase(),
  short_name: code,
  price: 100,
  currency: 'CZK',
});

/** The API as loadFavourites calls it: answers by path, and the calls it got. */
function fakeApi(signedIn: boolean, account: readonly string[]) {
  const calls: string[] = [];
  const answer = (items: readonly string[]) => ({ items: [...items], products: [] });
  const api: Api = {
    get<T>(path: string): Promise<T> {
      calls.push(`GET ${path}`);
      if (path === '/api/auth/session') return Promise.resolve({ authenticated: signedIn } as T);
      return Promise.resolve(answer(account) as T);
    },
    post<T>(path: string, body: unknown): Promise<ApiResponse<T>> {
      calls.push(`POST ${path} ${JSON.stringify(body)}`);
      const codes = (body as { codes: string[] }).codes;
      return Promise.resolve({ status: 200, body: answer([...codes, ...account]) as T, location: null });
    },
  };
  return { api, calls };
}

describe('favourites after signing in', () => {
  const stored = new Map<string, string>();
  const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  beforeEach(() => {
    stored.clear();
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      value: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
      },
    });
  });
  afterEach(() => {
    if (original) Object.defineProperty(globalThis, 'localStorage', original);
    else Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('leaves a visitor’s list on the device and asks the account for nothing', async () => {
    stored.set(STORAGE_KEYS.favourites, JSON.stringify([kept('A')]));
    const { api, calls } = fakeApi(false, []);
    expect(await loadFavourites(api)).toBeNull();
    expect(calls).toEqual(['GET /api/auth/session']);
    expect(JSON.parse(stored.get(STORAGE_KEYS.favourites)!)).toHaveLength(1);
  });

  it('reads the account’s list when the device holds none', async () => {
    const { api, calls } = fakeApi(true, ['B']);
    expect((await loadFavourites(api))?.items).toEqual(['B']);
    expect(calls).toEqual(['GET /api/auth/session', 'GET /api/favourites']);
  });

  it('merges the device’s list into the account’s, in its order, and empties it on the device', async () => {
    stored.set(STORAGE_KEYS.favourites, JSON.stringify([kept('C'), kept('A')]));
    const { api, calls } = fakeApi(true, ['B']);
    expect((await loadFavourites(api))?.items).toEqual(['C', 'A', 'B']);
    expect(calls).toEqual(['GET /api/auth/session', 'POST /api/favourites/merge {"codes":["C","A"]}']);
    expect(stored.get(STORAGE_KEYS.favourites)).toBe('[]');
  });
});
