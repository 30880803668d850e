import {
  CartDiscountCodes,
  DISCOUNT_CODE_STREAM_CATEGORY,
  DISCOUNT_STREAM_CATEGORY,
  DISCOUNTS_TAG,
  DiscountClaims,
  DiscountService,
  type DiscountLookup,
  applyDiscountCodeRoute,
  CART_TAG,
  discountCodeDecider,
  discountCommandRoutes,
  discountDecider,
  removeDiscountCodeRoute,
} from '@buyloop/cart';
import type { Capability } from '@buyloop/contracts';
import { SecuredRouter } from '@buyloop/http';
import type { Projection, StreamFolder } from '@buyloop/projector';
import type { CartPart } from '../part';
import { loadDiscountDemoData } from './demo';
import { discountLookup } from './lookup';
import { discountCodesProjection, discountsProjection } from './projections';
import { discountReadRoutes } from './routes';

/** What tests (and the checkout, through the module's handle) reach of the discounts part. */
export interface DiscountsHandle {
  readonly service: DiscountService;
  /** Definitions and codes as they stand (the checkout prices a cart with `cartDiscounts(document, lookup, at)`). */
  readonly lookup: DiscountLookup;
  readonly claims: DiscountClaims;
  readonly codes: CartDiscountCodes;
}

/** Discount definitions, their codes and the codes a cart holds (issue 15). */
export const discountsPart = (): CartPart => ({
  name: 'discounts',
  capabilities: ['discounts.read', 'discounts.manage'] satisfies Capability[],
  projections: [discountsProjection as unknown as Projection, discountCodesProjection as unknown as Projection],
  streams: {
    [DISCOUNT_STREAM_CATEGORY]: discountDecider as unknown as StreamFolder,
    [DISCOUNT_CODE_STREAM_CATEGORY]: discountCodeDecider as unknown as StreamFolder,
  },
  async open(context, cart) {
    const lookup = discountLookup({ documents: context.documents, collection: (name) => context.collection(name) });
    const base = { events: context.events, market: context.market, clock: context.clock };
    const service = new DiscountService({ ...base, lookup });
    const claims = new DiscountClaims(base);
    const codes = new CartDiscountCodes({ ...base, lookup });
    const settle = (checkpoint: string | null) => context.settle(checkpoint);
    const admin = new SecuredRouter({ tag: DISCOUNTS_TAG });
    discountReadRoutes(admin, { documents: context.documents, collection: (name) => context.collection(name) });
    discountCommandRoutes(admin, { service, settle });
    const visitor = new SecuredRouter({ tag: CART_TAG });
    applyDiscountCodeRoute(visitor, { codes, locator: cart.locator, settle: cart.settle.bind(cart) });
    removeDiscountCodeRoute(visitor, { codes, locator: cart.locator, settle: cart.settle.bind(cart) });
    const handle: DiscountsHandle = { service, lookup, claims, codes };
    return {
      routes: [admin, visitor],
      handle,
      loadDemoData: () => loadDiscountDemoData(service),
    };
  },
});
