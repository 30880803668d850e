import type { SecuredRouter } from '@buyloop/http';
import { staffActionRequestSchemas } from '@buyloop/contracts/buy-back/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

/**
 * The technician's findings: the quality found, the answer found for each
 * condition question (the declared answer is looked up, not sent), a reason
 * where they differ, and the IMEI read from the device.
 */
export const inspectRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(r, deps, 'inspect', 'buyback.inspect', staffActionRequestSchemas.inspect, (input) => ({
    action: 'inspect',
    ...input,
    imei: input.imei.replace(/[\s/-]/g, ''),
  }));
