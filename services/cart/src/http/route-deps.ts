import { problem } from '@buyloop/http';
import type { CartService } from '../cart-service';
import type { CartLocator } from './cart-cookie';

/** What every cart command route needs. */
export interface CartRouteDeps {
  readonly service: CartService;
  readonly locator: CartLocator;
  /** Read-your-writes: waits until the cart read model shows the change. */
  readonly settle: (checkpoint: string | null) => Promise<void>;
}

/** Answers the cart's command routes share. */
export const cartProblems = {
  notFound: problem('No such item in this cart (another cart’s ids are not found either)'),
  unavailable: problem(
    'Spec 8: product not available or not possible to buy; too many items in the cart; a cart taken into the account’s cart',
  ),
};

export const CART_TAG = 'Shop: cart';
