import { z } from 'zod';
import { textField } from '@buyloop/validation';
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
      authority: textField({ max: 100 }),
      reference: textField({ min: 0, max: 100 }).nullable().default(null),
    }),
    (input) => ({ action: 'report-quarantine', authority: input.authority, reference: input.reference || null }),
  );
