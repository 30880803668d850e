import { z } from 'zod';
import { textField } from '@buyloop/validation';
import type { SecuredRouter } from '@buyloop/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

export const orderPickupRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(
    r,
    deps,
    'order-pickup',
    'buyback.logistics',
    z.strictObject({ carrier: textField({ max: 60 }), pickup_reference: textField({ max: 100 }) }),
    (input) => ({ action: 'order-pickup', ...input }),
  );
