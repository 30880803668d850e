import type { SecuredRouter } from '@buyloop/http';
import { staffActionRequestSchemas } from '@buyloop/contracts/buy-back/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

/** `where`: the buy-back centre or warehouse that took the device in. */
export const receiveRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(r, deps, 'receive', 'buyback.logistics', staffActionRequestSchemas.receive, (input) => ({
    action: 'receive',
    ...input,
  }));
