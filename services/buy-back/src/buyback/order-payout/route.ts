import { z } from 'zod';
import { textField } from '@buyloop/validation';
import type { SecuredRouter } from '@buyloop/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

/** Above the configured amount, `approval_id` names a supervisor's granted check for this buy-back's payout. */
export const orderPayoutRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(
    r,
    deps,
    'order-payout',
    'buyback.payout',
    z.strictObject({ approval_id: textField({ max: 100 }).nullable().default(null) }),
    (input) => ({ action: 'order-payout', ...input }),
  );
