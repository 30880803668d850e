import { IllegalState, ValidationError } from '@buyloop/kit';
import { assertActive } from '../errors';
import type { Address, UserEvent, UserState } from '../user';

export const MAX_ADDRESSES = 20;

export interface AddAddress {
  readonly type: 'AddAddress';
  readonly addressId: string;
  readonly address: Address;
  readonly at: string;
}

export function decideAddAddress(command: AddAddress, state: UserState): UserEvent[] {
  assertActive(state);
  if (Object.hasOwn(state.addresses, command.addressId))
    throw new IllegalState('auth.address_exists', `Address ${command.addressId} exists`);
  if (Object.keys(state.addresses).length >= MAX_ADDRESSES)
    throw new ValidationError('auth.address_limit', { addresses: ['auth.address_limit'] }, `At most ${MAX_ADDRESSES} addresses`, {
      max: MAX_ADDRESSES,
    });
  return [{ type: 'AddressAdded', data: { addressId: command.addressId, address: command.address, at: command.at } }];
}
