import { parseInput } from '@buyloop/kit';
import { z } from 'zod';
import { clearSessionCookie, ownSession, requestContext, type SecuredRouter } from '@buyloop/http';
import { passwordField, pathId } from '../http/schemas';
import type { IdentityRouteDeps } from '../http/route-deps';

const schema = z.strictObject({ password: passwordField });

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
    await deps.identity.removeAccount(
      pathId(req.params.userId, 'auth.user_not_found'),
      { password: null },
      requestContext(req, res),
    );
    res.status(204).end();
  });
}
