import { parseInput } from '@buyloop/kit';
import { z } from 'zod';
import { clearSessionCookie, ownSession, principalOf, requestContext, type SecuredRouter } from '@buyloop/http';
import { approvalIdField, passwordField, pathId } from '../http/schemas';
import type { IdentityRouteDeps } from '../http/route-deps';

const schema = z.strictObject({ password: passwordField });
/** Removing a supervisor's or an administrator's account takes the supervisor check, as taking the role away does. */
const adminSchema = z.strictObject({ approval_id: approvalIdField });

/** The owner removes the account, confirming with the password; administrators remove others (admin routes). */
export function removeAccountRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.delete('/api/account', 'account.remove', async (req, res) => {
    const { userId } = ownSession(res);
    const { password } = parseInput(schema, req.body ?? {});
    await deps.identity.removeAccount(userId, { password }, requestContext(req, res));
    clearSessionCookie(req, res);
    res.status(204).end();
  });
  r.delete('/api/admin/users/:userId', 'admin.users.manage', async (req, res) => {
    const userId = pathId(req.params.userId, 'auth.user_not_found');
    const { approval_id } = parseInput(adminSchema, req.body ?? {});
    await deps.identity.removeAccount(userId, { password: null }, requestContext(req, res), {
      trustedOperator: principalOf(res).via === 'ops-token',
      approvalId: approval_id,
    });
    res.status(204).end();
  });
}
