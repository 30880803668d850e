/** The lists several catalogue pages read: reference data, locations, categories, meta masters, the market. */
import { useQuery } from '@tanstack/react-query';
import { get, keys, paths } from './api';
import type { CategoryList, LocationView, MetaMasterList, Named, ReferenceEntry, ReferenceKind } from './types';

export function useReference(kind: ReferenceKind, enabled = true) {
  return useQuery({
    queryKey: keys.reference(kind),
    queryFn: ({ signal }) => get<{ items: ReferenceEntry[] }>(paths.reference(kind), signal),
    select: (data) => data.items,
    staleTime: 60_000,
    enabled,
  });
}

export function useLocations(enabled = true) {
  return useQuery({
    queryKey: keys.locations,
    queryFn: ({ signal }) => get<{ locations: LocationView[] }>(paths.locations, signal),
    select: (data) => data.locations,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/**
 * The market, read off its locations (each process serves one market, and
 * its warehouse and stores are in that country); cz until known.
 */
export function useMarket(): 'cz' | 'ro' {
  const locations = useLocations();
  return locations.data?.[0]?.address.country === 'RO' ? 'ro' : 'cz';
}

/** The market's currency; CZK until known. */
export const useCurrency = (): 'CZK' | 'RON' => (useMarket() === 'ro' ? 'RON' : 'CZK');

export function useCategories() {
  return useQuery({
    queryKey: keys.categories,
    queryFn: ({ signal }) => get<CategoryList>(paths.categories, signal),
    // A category is named by its path: two 'Příslušenství' under different parents stay apart.
    select: (data): Named[] => data.categories.map((c) => ({ id: c.id, name: c.path.join(' › ') })),
    staleTime: 60_000,
  });
}

/** Every meta master, or every one but `exclude` (spec 7's exclude call). */
export function useMetaMasters(exclude?: string | null, enabled = true) {
  return useQuery({
    queryKey: [...keys.metaMasters, exclude ?? ''],
    queryFn: ({ signal }) =>
      get<MetaMasterList>(exclude ? `${paths.metaMasters}?exclude=${encodeURIComponent(exclude)}` : paths.metaMasters, signal),
    select: (data) => data.items,
    enabled,
  });
}

/** A name for an id from a loaded list (the id itself until the list is there). */
export const nameOf = (items: readonly Named[] | undefined, id: string | null | undefined): string =>
  id ? (items?.find((item) => item.id === id)?.name ?? id) : '';

export const choicesOf = (items: readonly Named[] | undefined) =>
  (items ?? []).map((item) => ({ value: item.id, label: item.name })).sort((a, b) => a.label.localeCompare(b.label));
