import { z } from 'zod';
import type { SecuredRouter } from '@buyloop/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

/** A lower price with a reason for every finding that differs from the declaration. */
export const reviseOfferRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(
    r,
    deps,
    'revise-offer',
    'buyback.inspect',
    z.strictObject({
      price: z.number().int().min(0).max(10_000_000),
      reasons: z
        .array(z.strictObject({ question_id: z.string().trim().min(1).max(100), reason: z.string().trim().min(1).max(500) }))
        .min(1)
        .max(50),
    }),
    (input) => ({ action: 'revise-offer', ...input }),
  );
