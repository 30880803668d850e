import type { SecuredRouter } from '@buyloop/http';
import { staffActionRequestSchemas } from '@buyloop/contracts/buy-back/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

/** Above the configured amount, `approval_id` names a supervisor's granted check for this buy-back's payout. */
export const orderPayoutRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(r, deps, 'order-payout', 'buyback.payout', staffActionRequestSchemas['order-payout'], (input) => ({
    action: 'order-payout',
    ...input,
  }));
