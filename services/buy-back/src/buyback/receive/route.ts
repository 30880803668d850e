import { z } from 'zod';
import type { SecuredRouter } from '@buyloop/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

/** `where`: the buy-back centre or warehouse that took the device in. */
export const receiveRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(
    r,
    deps,
    'receive',
    'buyback.logistics',
    z.strictObject({ where: z.string().trim().min(1).max(100) }),
    (input) => ({ action: 'receive', ...input }),
  );
