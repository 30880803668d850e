import type { QueryClient } from '@tanstack/react-query';
import type { Api } from './api';
import { query } from './api';
import type { PageRoute } from './routes';
import type { BuybackStatus, CountriesResponse, SelectorResponse } from '../buyback/types';

type BuybackRoute = Extract<PageRoute, { page: 'buyback' }>;

/** The selector as a deep link fills it (the bare page too: then only the types). */
export const selectorQuery = (api: Api, route: BuybackRoute) => ({
  queryKey: ['buyout', 'selector', route.slugs, route.deviceCondition] as const,
  queryFn: () =>
    api.get<SelectorResponse>(`/api/buyout/selector${query({ ...route.slugs, device_condition: route.deviceCondition })}`),
});

export const countriesQuery = (api: Api) => ({
  queryKey: ['buyout', 'countries'] as const,
  queryFn: () => api.get<CountriesResponse>('/api/buyout/countries'),
  staleTime: Infinity,
});

export const buybackQuery = (api: Api, number: string, token: string) => ({
  queryKey: ['buyout', 'buyback', number, token] as const,
  queryFn: () => api.get<BuybackStatus>(`/api/buyout/${encodeURIComponent(number)}${query({ token })}`),
  // A server-rendered "not found" stays as rendered: hydration must see the same state.
  retryOnMount: false,
});

/**
 * What a page needs before its first HTML: fetched on the server, dehydrated into the page and
 * picked up by the client without asking again. Errors stay in the cache (a 404 renders the
 * not-found page with status 404).
 */
export async function prefetch(client: QueryClient, api: Api, route: PageRoute | null): Promise<void> {
  if (!route) return;
  if (route.page === 'buyback') {
    await Promise.all([client.prefetchQuery(selectorQuery(api, route)), client.prefetchQuery(countriesQuery(api))]);
  } else if (route.page === 'status' || route.page === 'offer' || route.page === 'thanks') {
    if (route.number && route.token) await client.prefetchQuery(buybackQuery(api, route.number, route.token));
  }
}
