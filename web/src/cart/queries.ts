import type { CartSummary } from '@buyloop/contracts/cart/http';
import type { Api } from '../app/api';

export type { CartLine, CartChildLine, CartSummary } from '@buyloop/contracts/cart/http';

export const CART_KEY = ['cart', 'summary'] as const;
export const CART_COUNT_KEY = ['cart', 'count'] as const;

/** The visitor's cart: their own, so never part of a shared page (fetched after hydration). */
export const cartQuery = (api: Api) => ({
  queryKey: CART_KEY,
  queryFn: () => api.get<CartSummary>('/api/cart'),
  staleTime: 0,
});
