import { z } from 'zod';
import type { SecuredRouter } from '@buyloop/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

export const reportQuarantineRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(
    r,
    deps,
    'report-quarantine',
    'buyback.inspect',
    z.strictObject({
      authority: z.string().trim().min(1).max(100),
      reference: z.string().trim().max(100).nullable().default(null),
    }),
    (input) => ({ action: 'report-quarantine', authority: input.authority, reference: input.reference || null }),
  );
