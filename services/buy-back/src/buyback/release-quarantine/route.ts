import { z } from 'zod';
import { textField } from '@buyloop/validation';
import type { SecuredRouter } from '@buyloop/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

export const releaseQuarantineRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(
    r,
    deps,
    'release-quarantine',
    'buyback.inspect',
    z.strictObject({ reason: textField({ max: 500 }, { multiline: true }) }),
    (input) => ({ action: 'release-quarantine', ...input }),
  );
