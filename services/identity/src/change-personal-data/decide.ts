import { canonicalJson } from '@buyloop/kit';
import { assertActive, forbidden } from '../errors';
import type { PersonalData, UserEvent, UserState } from '../user';

export interface ChangePersonalData {
  readonly type: 'ChangePersonalData';
  readonly personal: PersonalData;
  readonly at: string;
}

export function decideChangePersonalData(command: ChangePersonalData, state: UserState): UserEvent[] {
  assertActive(state);
  // The permission table already keeps shop accounts out; the account itself refuses too.
  if (state.roles.includes('shop_account'))
    throw forbidden('auth.shop_account_read_only', 'A shop account cannot change personal information');
  if (canonicalJson(state.personal) === canonicalJson(command.personal)) return [];
  return [{ type: 'PersonalDataChanged', data: { personal: command.personal, at: command.at } }];
}
