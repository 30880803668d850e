import { parseInput } from '@buyloop/kit';
import { json, ownSession, problem, requestContext, type SecuredRouter } from '@buyloop/http';
import { addressAddedSchema, addressesSchema } from '@buyloop/contracts/identity/http';
import { address, addressSchema } from '../http/schemas';
import type { IdentityRouteDeps } from '../http/route-deps';

export function addAddressRoutes(r: SecuredRouter, deps: IdentityRouteDeps & { market: 'cz' | 'ro' }): void {
  r.get(
    '/api/account/addresses',
    'account.addresses.manage',
    { summary: 'One’s addresses', responses: { 200: json('The addresses', addressesSchema) } },
    async (_req, res) => {
      const user = await deps.identity.profile(ownSession(res).userId);
      res.set('Cache-Control', 'no-store').json({ addresses: user?.addresses ?? [] });
    },
  );
  r.post(
    '/api/account/addresses',
    'account.addresses.manage',
    {
      summary: 'Add an address',
      body: addressSchema,
      responses: {
        201: json('The new address’s id and all addresses', addressAddedSchema, { Location: 'The new address' }),
        409: problem('The same address is there already'),
      },
    },
    async (req, res) => {
      const { userId } = ownSession(res);
      const value = address(parseInput(addressSchema, req.body), deps.market);
      const added = await deps.identity.addAddress(userId, value, requestContext(req, res));
      res.status(201).location(`/api/account/addresses/${added.id}`).json({ id: added.id, addresses: added.user.addresses });
    },
  );
}
