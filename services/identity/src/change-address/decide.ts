import { NotFound, canonicalJson } from '@buyloop/kit';
import { assertActive } from '../errors';
import type { Address, UserEvent, UserState } from '../user';

export interface ChangeAddress {
  readonly type: 'ChangeAddress';
  readonly addressId: string;
  readonly address: Address;
  readonly at: string;
}

export function decideChangeAddress(command: ChangeAddress, state: UserState): UserEvent[] {
  assertActive(state);
  const current = Object.hasOwn(state.addresses, command.addressId) ? state.addresses[command.addressId] : undefined;
  if (!current) throw new NotFound('auth.address_not_found', `No address ${command.addressId}`);
  if (canonicalJson(current) === canonicalJson(command.address)) return [];
  return [{ type: 'AddressChanged', data: { addressId: command.addressId, address: command.address, at: command.at } }];
}
