import { z } from 'zod';
import type { SecuredRouter } from '@buyloop/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

export const releaseQuarantineRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(
    r,
    deps,
    'release-quarantine',
    'buyback.inspect',
    z.strictObject({ reason: z.string().trim().min(1).max(500) }),
    (input) => ({ action: 'release-quarantine', ...input }),
  );
