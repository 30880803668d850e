import { pathId } from '../http/schemas';
import { NotFound } from '@buyloop/kit';
import type { IdentityRouteDeps } from '../http/route-deps';
import { json, problem, type SecuredRouter } from '@buyloop/http';
import { userEnvelopeSchema } from '@buyloop/contracts/identity/http';

/** One account's detail for the back office, folded from its stream (always current). The grid is a read model (read-models/identity). */
export function userDetailRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.get(
    '/api/admin/users/:userId',
    'admin.users.read',
    {
      summary: 'One account, folded from its stream',
      responses: { 200: json('The account', userEnvelopeSchema), 404: problem('No such account') },
    },
    async (req, res) => {
      const user = await deps.identity.profile(pathId(req.params.userId, 'auth.user_not_found'));
      if (!user) throw new NotFound('auth.user_not_found', 'There is no such account');
      res.set('Cache-Control', 'no-store').json({ user });
    },
  );
}
