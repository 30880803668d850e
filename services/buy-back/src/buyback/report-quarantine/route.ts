import type { SecuredRouter } from '@buyloop/http';
import { staffActionRequestSchemas } from '@buyloop/contracts/buy-back/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

export const reportQuarantineRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(r, deps, 'report-quarantine', 'buyback.inspect', staffActionRequestSchemas['report-quarantine'], (input) => ({
    action: 'report-quarantine',
    authority: input.authority,
    reference: input.reference || null,
  }));
