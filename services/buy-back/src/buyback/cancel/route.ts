import { z } from 'zod';
import { textField } from '@buyloop/validation';
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
    z.strictObject({ reason: textField({ max: 500 }, { multiline: true }) }),
    (input) => ({ action: 'cancel', ...input }),
  );
}
