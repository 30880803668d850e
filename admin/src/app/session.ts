import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, getJson, isApiError } from '../api/client';

export interface Me {
  readonly user_id: string;
  readonly email: string;
  readonly roles: readonly string[];
}

export const ACCOUNT_KEY = ['account'] as const;

/** Who is signed in (null: nobody). */
export function useMe() {
  return useQuery({
    queryKey: ACCOUNT_KEY,
    queryFn: async ({ signal }): Promise<Me | null> => {
      try {
        const { user } = await getJson<{ user: Me }>('/api/account', signal);
        return { user_id: user.user_id, email: user.email, roles: user.roles };
      } catch (error) {
        if (isApiError(error) && (error.status === 401 || error.status === 403)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export const useRefreshMe = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ACCOUNT_KEY });
};

export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;
