import { assertActive, fieldError } from '../errors';
import type { UserEvent, UserState } from '../user';

export interface RemoveAccount {
  readonly type: 'RemoveAccount';
  /** The owner confirms with their password; an administrator removing someone else passes true. */
  readonly confirmed: boolean;
  readonly removedBy: string;
  readonly clientAddress: string;
  readonly at: string;
}

export function decideRemoveAccount(command: RemoveAccount, state: UserState): UserEvent[] {
  assertActive(state);
  if (!command.confirmed) throw fieldError('password', 'auth.current_password_wrong');
  return [
    { type: 'AccountRemoved', data: { removedBy: command.removedBy, clientAddress: command.clientAddress, at: command.at } },
  ];
}
