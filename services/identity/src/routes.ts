import type { Clock, Market } from '@buyloop/kit';
import { accountRoutes } from './account/route';
import { addAddressRoutes } from './add-address/route';
import { changeAddressRoutes } from './change-address/route';
import { changePasswordRoutes } from './change-password/route';
import { changePersonalDataRoutes } from './change-personal-data/route';
import { changeRolesRoutes } from './change-roles/route';
import { createAccountRoutes } from './create-account/route';
import { decideApprovalRoutes } from './decide-approval/route';
import type { IdentityRouteDeps } from './http/route-deps';
import { SecuredRouter } from '@buyloop/http';
import { userDetailRoutes } from './user-detail/route';
import { registerRoutes } from './register/route';
import { removeAccountRoutes } from './remove-account/route';
import { removeAddressRoutes } from './remove-address/route';
import { requestApprovalRoutes } from './request-approval/route';
import { requestPasswordResetRoutes } from './request-password-reset/route';
import { resetPasswordRoutes } from './reset-password/route';
import { sessionRoutes } from './session/route';

/** Every identity route: /api/auth/*, /api/account/*, /api/admin/users/* and /api/admin/approvals/*. */
export function identityRoutes(deps: IdentityRouteDeps & { market: Market; clock: Clock }): SecuredRouter {
  const r = new SecuredRouter({ tag: 'Identity' });
  const today = () => deps.clock().toISOString().slice(0, 10);
  sessionRoutes(r, deps);
  registerRoutes(r, deps);
  requestPasswordResetRoutes(r, deps);
  resetPasswordRoutes(r, deps);
  accountRoutes(r, deps);
  changePasswordRoutes(r, deps);
  changePersonalDataRoutes(r, { ...deps, today });
  addAddressRoutes(r, deps);
  changeAddressRoutes(r, deps);
  removeAddressRoutes(r, deps);
  removeAccountRoutes(r, deps);
  createAccountRoutes(r, deps);
  changeRolesRoutes(r, deps);
  userDetailRoutes(r, deps);
  requestApprovalRoutes(r, deps);
  decideApprovalRoutes(r, deps);
  return r;
}
