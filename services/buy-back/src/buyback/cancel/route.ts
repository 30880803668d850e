import type { SecuredRouter } from '@buyloop/http';
import { staffActionRequestSchemas } from '@buyloop/contracts/buy-back/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { customerActionRoute } from '../../http/customer-action-route';
import { staffActionRoute } from '../../http/staff-action-route';

/** The customer cancels with their token before the device arrives; staff cancel with a reason. */
export function cancelRoutes(r: SecuredRouter, deps: BuybackRouteDeps): void {
  customerActionRoute(r, deps, 'cancel');
  staffActionRoute(r, deps, 'cancel', 'buyback.cancel', staffActionRequestSchemas.cancel, (input) => ({
    action: 'cancel',
    ...input,
  }));
}
