import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** Spec section 4: retry 3 times, 1 s doubled each attempt up to 30 s. */
export const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 30_000);

/** A client error (4xx) will not get better by asking again; anything else is retried 3 times. */
export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 3 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
        gcTime: 5 * 60 * 1000,
        // Server-rendered data is fresh for the page view; the client does not fetch it again on hydration.
        staleTime: 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}
