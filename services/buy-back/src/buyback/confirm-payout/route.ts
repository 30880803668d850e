import type { SecuredRouter } from '@buyloop/http';
import { staffActionRequestSchemas } from '@buyloop/contracts/buy-back/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

/** The bank confirmed the transfer; `payment_reference` is its reference. */
export const confirmPayoutRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(r, deps, 'confirm-payout', 'buyback.payout', staffActionRequestSchemas['confirm-payout'], (input) => ({
    action: 'confirm-payout',
    ...input,
  }));
