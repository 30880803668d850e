import { NotFound } from '@buyloop/kit';
import { assertActive } from '../errors';
import type { UserEvent, UserState } from '../user';

export interface RemoveAddress {
  readonly type: 'RemoveAddress';
  readonly addressId: string;
  readonly at: string;
}

export function decideRemoveAddress(command: RemoveAddress, state: UserState): UserEvent[] {
  assertActive(state);
  if (!Object.hasOwn(state.addresses, command.addressId))
    throw new NotFound('auth.address_not_found', `No address ${command.addressId}`);
  return [{ type: 'AddressRemoved', data: { addressId: command.addressId, at: command.at } }];
}
