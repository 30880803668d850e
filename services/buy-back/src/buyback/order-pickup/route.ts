import { z } from 'zod';
import type { SecuredRouter } from '@buyloop/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

export const orderPickupRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(
    r,
    deps,
    'order-pickup',
    'buyback.logistics',
    z.strictObject({ carrier: z.string().trim().min(1).max(60), pickup_reference: z.string().trim().min(1).max(100) }),
    (input) => ({ action: 'order-pickup', ...input }),
  );
