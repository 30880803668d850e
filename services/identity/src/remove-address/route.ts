import { pathId } from '../http/schemas';
import { empty, ownSession, problem, requestContext, type SecuredRouter } from '@buyloop/http';
import type { IdentityRouteDeps } from '../http/route-deps';

export function removeAddressRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.delete(
    '/api/account/addresses/:addressId',
    'account.addresses.manage',
    { summary: 'Remove an address', responses: { 204: empty('Removed'), 404: problem('No such address') } },
    async (req, res) => {
      const { userId } = ownSession(res);
      await deps.identity.removeAddress(userId, pathId(req.params.addressId, 'auth.address_not_found'), requestContext(req, res));
      res.status(204).end();
    },
  );
}
