import { parseInput } from '@buyloop/kit';
import { clearSessionCookie, empty, ownSession, principalOf, problem, requestContext, type SecuredRouter } from '@buyloop/http';
import { pathId } from '../http/schemas';
import {
  removeAccountByAdminRequestSchema as adminSchema,
  removeAccountRequestSchema as schema,
} from '@buyloop/contracts/identity/http';
import type { IdentityRouteDeps } from '../http/route-deps';

/** The owner removes the account, confirming with the password; administrators remove others (admin routes). */
export function removeAccountRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.delete(
    '/api/account',
    'account.remove',
    {
      summary: 'Remove one’s account, confirming with the password',
      body: schema,
      responses: {
        204: empty('Removed; signed out'),
        429: problem('Too many attempts: wait the minutes the message names', { 'Retry-After': 'Seconds to wait' }),
      },
    },
    async (req, res) => {
      const { userId } = ownSession(res);
      const { password } = parseInput(schema, req.body ?? {});
      await deps.identity.removeAccount(userId, { password }, requestContext(req, res));
      clearSessionCookie(req, res);
      res.status(204).end();
    },
  );
  r.delete(
    '/api/admin/users/:userId',
    'admin.users.manage',
    {
      summary: 'Remove someone’s account',
      description:
        'A supervisor’s or an administrator’s account only with a granted supervisor check (`approval_id`); never one’s own.',
      body: adminSchema,
      responses: { 204: empty('Removed'), 404: problem('No such account'), 409: problem('The removal is not allowed now') },
    },
    async (req, res) => {
      const userId = pathId(req.params.userId, 'auth.user_not_found');
      const { approval_id } = parseInput(adminSchema, req.body ?? {});
      await deps.identity.removeAccount(userId, { password: null }, requestContext(req, res), {
        trustedOperator: principalOf(res).via === 'ops-token',
        approvalId: approval_id,
      });
      res.status(204).end();
    },
  );
}
