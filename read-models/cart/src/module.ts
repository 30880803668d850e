import {
  CartLocator,
  CartService,
  CART_STREAM_CATEGORY,
  CART_TAG,
  cartCommandRoutes,
  cartDecider,
  type ProductOffers,
} from '@buyloop/cart';
import { SecuredRouter } from '@buyloop/http';
import type { Module, ModuleContext, Projection, StreamFolder } from '@buyloop/projector';
import { catalogueOffers } from './catalogue-offers';
import { cartProjection } from './projection';
import { cartReadRoutes } from './routes';

export interface CartModuleOptions {
  /** Where prices and stock come from (default: the catalogue's shop read model). */
  readonly offers?: (context: ModuleContext) => ProductOffers;
  /** How long a command's answer waits for the cart read model. */
  readonly settleMs?: number;
}

export interface CartHandle {
  readonly service: CartService;
}

/**
 * The cart (issue 15, first slice) as a bounded context: a visitor's cart by
 * an HttpOnly cookie or a signed-in person's by the account, items with
 * their packages, quantities and spec 9's free warranty bonus, priced from
 * the catalogue when added. Discounts, delivery, payment and the checkout
 * build on its events and its read model.
 */
export function cartModule(options: CartModuleOptions = {}): Module<CartHandle> {
  return {
    name: 'cart',
    // Every cart route is the visitor's own: public, keyed by the cart cookie or the session.
    capabilities: [],
    projections: [cartProjection] as unknown as Projection[],
    streams: { [CART_STREAM_CATEGORY]: cartDecider as unknown as StreamFolder },
    ...(options.settleMs ? { settleMs: options.settleMs } : {}),
    async open(context) {
      const offers = (options.offers ?? ((c: ModuleContext) => catalogueOffers(c)))(context);
      const service = new CartService({ events: context.events, market: context.market, clock: context.clock, offers });
      const settle = (checkpoint: string | null) => context.settle(checkpoint);
      const locator = new CartLocator(service, settle);
      const routes = new SecuredRouter({ tag: CART_TAG });
      cartReadRoutes(routes, {
        documents: context.documents,
        collection: (name) => context.collection(name),
        locator,
        market: context.market,
      });
      cartCommandRoutes(routes, { service, locator, settle });
      return { routes: [routes], handle: { service } };
    },
  };
}
