import {
  addBuybackBonusRoute,
  BUYBACK_BONUS_CLAIM_CATEGORY,
  buybackBonusClaimDecider,
  CART_TAG,
  CartBuybackBonuses,
  removeBuybackBonusRoute,
} from '@buyloop/cart';
import { SecuredRouter } from '@buyloop/http';
import type { Projection, StreamFolder } from '@buyloop/projector';
import type { CartPart } from '../part';
import { buybackBonusLookups } from './lookups';
import { buybackBonusesProjection } from './projection';
import { bonusClawbackDeliverer, bonusClawbackProcess } from './clawback-process';
import { bonusMessages } from './messages';
import { bonusReleaseDeliverer, bonusReleaseProcess } from './release-process';

export interface BuybackBonusHandle {
  readonly bonuses: CartBuybackBonuses;
}

/** Spec 9's buy-back bonus: given in the cart, carried into the order, clawed back when the buy-back falls short (issue 15's ★). */
export const buybackBonusPart = (): CartPart => ({
  name: 'buyback_bonus',
  capabilities: [],
  projections: [buybackBonusesProjection as unknown as Projection],
  // Each buy-back's claim on one cart's bonus ("one buy-back, one bonus").
  streams: { [BUYBACK_BONUS_CLAIM_CATEGORY]: buybackBonusClaimDecider as unknown as StreamFolder },
  messages: bonusMessages,
  async open(context, cart) {
    const { events, market, clock, documents } = context;
    const lookups = buybackBonusLookups({ documents, collection: (name) => context.collection(name) });
    const bonuses = new CartBuybackBonuses({ events, market, clock, lookups });
    const routes = new SecuredRouter({ tag: CART_TAG });
    const deps = { bonuses, locator: cart.locator, settle: cart.settle.bind(cart) };
    addBuybackBonusRoute(routes, deps);
    removeBuybackBonusRoute(routes, deps);
    return {
      routes: [routes],
      processManagers: [
        { manager: bonusClawbackProcess, deliverer: bonusClawbackDeliverer({ bonuses, events, market }) },
        { manager: bonusReleaseProcess, deliverer: bonusReleaseDeliverer({ bonuses, events }) },
      ],
      handle: { bonuses } satisfies BuybackBonusHandle,
    };
  },
});
