import type { UserEvent, UserState } from '../user';

export interface LogOut {
  readonly type: 'LogOut';
  readonly sessionRef: string;
  readonly clientAddress: string;
  readonly at: string;
}

/** Logging out of a removed account still ends the session; it is recorded only while the account exists. */
export function decideLogOut(command: LogOut, state: UserState): UserEvent[] {
  if (state.status !== 'active') return [];
  return [{ type: 'LoggedOut', data: { sessionRef: command.sessionRef, clientAddress: command.clientAddress, at: command.at } }];
}
