import { QueryClient } from '@tanstack/react-query';
import { retryDelay, shouldRetry } from '../api/client';

/** Spec 4: retry 3 times, 1 s doubled up to 30 s, no refetch on focus, garbage collection after 5 minutes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
        gcTime: 5 * 60_000,
      },
      mutations: { retry: false },
    },
  });
}
