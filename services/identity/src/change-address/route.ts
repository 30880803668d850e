import { parseInput } from '@buyloop/kit';
import { ownSession, requestContext } from '../http/principal';
import { address, addressSchema } from '../http/schemas';
import type { IdentityRouteDeps } from '../http/route-deps';
import type { SecuredRouter } from '../http/secured-router';

export function changeAddressRoutes(r: SecuredRouter, deps: IdentityRouteDeps & { market: 'cz' | 'ro' }): void {
  r.put('/api/account/addresses/:addressId', 'account.addresses.manage', async (req, res) => {
    const { userId } = ownSession(res);
    const value = address(parseInput(addressSchema, req.body), deps.market);
    const user = await deps.identity.changeAddress(userId, String(req.params.addressId), value, requestContext(req, res));
    res.json({ addresses: user.addresses });
  });
}
