import { z } from 'zod';
import { textField } from '@buyloop/validation';
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
        .array(z.strictObject({ question_id: textField({ max: 100 }), reason: textField({ max: 500 }, { multiline: true }) }))
        .min(1)
        .max(50),
    }),
    (input) => ({ action: 'revise-offer', ...input }),
  );
