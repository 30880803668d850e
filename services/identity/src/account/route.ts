import { NotFound } from '@buyloop/kit';
import { ownSession, type SecuredRouter } from '@buyloop/http';
import type { IdentityRouteDeps } from '../http/route-deps';

/** The signed-in person's account: e-mail, roles, personal data and addresses. */
export function accountRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.get('/api/account', 'session.own', async (_req, res) => {
    const user = await deps.identity.profile(ownSession(res).userId);
    if (!user) throw new NotFound('auth.user_not_found', 'The account no longer exists');
    res.set('Cache-Control', 'no-store').json({ user });
  });
}
