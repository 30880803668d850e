import { z } from 'zod';
import { textField } from '@buyloop/validation';
import type { SecuredRouter } from '@buyloop/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

/** The bank confirmed the transfer; `payment_reference` is its reference. */
export const confirmPayoutRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(
    r,
    deps,
    'confirm-payout',
    'buyback.payout',
    z.strictObject({ payment_reference: textField({ max: 100 }) }),
    (input) => ({ action: 'confirm-payout', ...input }),
  );
