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
import type { OpenedCartPart } from './part';
import { catalogueOffers } from './catalogue-offers';
import { cartProjection } from './projection';
import { cartReadRoutes } from './routes';
import { discountsPart } from './discounts/part';
import { ordersPart } from './orders/part';
import { buybackBonusPart } from './bonus/part';

export interface CartModuleOptions {
  /** Where prices and stock come from (default: the catalogue's shop read model). */
  readonly offers?: (context: ModuleContext) => ProductOffers;
  /** How long a command's answer waits for the cart read model. */
  readonly settleMs?: number;
}

export interface CartHandle {
  readonly service: CartService;
  /** Each area's handle by its name (discounts, orders). */
  readonly parts: Readonly<Record<string, unknown>>;
}

/**
 * The cart (issue 15, first slice) as a bounded context: a visitor's cart by
 * an HttpOnly cookie or a signed-in person's by the account, items with
 * their packages, quantities and spec 9's free warranty bonus, priced from
 * the catalogue when added. Discounts, delivery, payment and the checkout
 * build on its events and its read model.
 */
export function cartModule(options: CartModuleOptions = {}): Module<CartHandle> {
  const parts = [discountsPart(), ordersPart(), buybackBonusPart()];
  return {
    name: 'cart',
    // The cart's own routes are the visitor's: public, keyed by the cart cookie or the session.
    capabilities: parts.flatMap((part) => part.capabilities),
    projections: [cartProjection as unknown as Projection, ...parts.flatMap((part) => part.projections)],
    streams: {
      [CART_STREAM_CATEGORY]: cartDecider as unknown as StreamFolder,
      ...Object.assign({}, ...parts.map((part) => part.streams)),
    },
    ...(options.settleMs ? { settleMs: options.settleMs } : {}),
    messages: Object.assign({}, ...parts.map((part) => part.messages ?? {})),
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
        clock: context.clock,
      });
      cartCommandRoutes(routes, { service, locator, settle });
      const opened: OpenedCartPart[] = [];
      for (const part of parts) opened.push(await part.open(context, { service, locator, settle, offers }));
      const demo = opened.flatMap((part) => (part.loadDemoData ? [part.loadDemoData.bind(part)] : []));
      return {
        routes: [routes, ...opened.flatMap((part) => part.routes)],
        processManagers: opened.flatMap((part) => part.processManagers ?? []),
        jobs: opened.flatMap((part) => part.jobs ?? []),
        ...(demo.length > 0 ? { loadDemoData: async () => (await Promise.all(demo.map((load) => load()))).flat() } : {}),
        handle: { service, parts: Object.fromEntries(parts.map((part, index) => [part.name, opened[index]?.handle])) },
      };
    },
  };
}
