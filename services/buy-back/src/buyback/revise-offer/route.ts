import type { SecuredRouter } from '@buyloop/http';
import { staffActionRequestSchemas } from '@buyloop/contracts/buy-back/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

/** A lower price with a reason for every finding that differs from the declaration. */
export const reviseOfferRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(r, deps, 'revise-offer', 'buyback.inspect', staffActionRequestSchemas['revise-offer'], (input) => ({
    action: 'revise-offer',
    ...input,
  }));
