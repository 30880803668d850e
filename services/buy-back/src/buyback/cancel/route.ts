import { z } from 'zod';
import type { SecuredRouter } from '@buyloop/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { customerActionRoute } from '../../http/customer-action-route';
import { staffActionRoute } from '../../http/staff-action-route';

/** The customer cancels with their token before the device arrives; staff cancel with a reason. */
export function cancelRoutes(r: SecuredRouter, deps: BuybackRouteDeps): void {
  customerActionRoute(r, deps, 'cancel');
  staffActionRoute(
    r,
    deps,
    'cancel',
    'buyback.cancel',
    z.strictObject({ reason: z.string().trim().min(1).max(500) }),
    (input) => ({ action: 'cancel', ...input }),
  );
}
