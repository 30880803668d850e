import type { SecuredRouter } from '@buyloop/http';
import { staffActionRequestSchemas } from '@buyloop/contracts/buy-back/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

export const approveRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(r, deps, 'approve', 'buyback.inspect', staffActionRequestSchemas.approve, () => ({ action: 'approve' }));
