import { NotFound } from '@buyloop/kit';
import { json, ownSession, problem, type SecuredRouter } from '@buyloop/http';
import { userEnvelopeSchema } from '@buyloop/contracts/identity/http';
import type { IdentityRouteDeps } from '../http/route-deps';

/** The signed-in person's account: e-mail, roles, personal data and addresses. */
export function accountRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.get(
    '/api/account',
    'session.own',
    {
      summary: 'One’s own account: e-mail, roles, personal data and addresses',
      responses: { 200: json('The account', userEnvelopeSchema), 404: problem('The account no longer exists') },
    },
    async (_req, res) => {
      const user = await deps.identity.profile(ownSession(res).userId);
      if (!user) throw new NotFound('auth.user_not_found', 'The account no longer exists');
      res.set('Cache-Control', 'no-store').json({ user });
    },
  );
}
