import { parseInput } from '@buyloop/kit';
import { json, ownSession, problem, requestContext, type SecuredRouter } from '@buyloop/http';
import { addressesSchema } from '@buyloop/contracts/identity/http';
import { address, addressSchema, pathId } from '../http/schemas';
import type { IdentityRouteDeps } from '../http/route-deps';

export function changeAddressRoutes(r: SecuredRouter, deps: IdentityRouteDeps & { market: 'cz' | 'ro' }): void {
  r.put(
    '/api/account/addresses/:addressId',
    'account.addresses.manage',
    {
      summary: 'Change an address',
      body: addressSchema,
      responses: { 200: json('All addresses', addressesSchema), 404: problem('No such address') },
    },
    async (req, res) => {
      const { userId } = ownSession(res);
      const value = address(parseInput(addressSchema, req.body), deps.market);
      const user = await deps.identity.changeAddress(
        userId,
        pathId(req.params.addressId, 'auth.address_not_found'),
        value,
        requestContext(req, res),
      );
      res.json({ addresses: user.addresses });
    },
  );
}
