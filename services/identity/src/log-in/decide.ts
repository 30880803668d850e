import { assertActive } from '../errors';
import type { UserEvent, UserState } from '../user';

export interface LogIn {
  readonly type: 'LogIn';
  /** Verified against the stored hash before deciding (hashing is slow I/O-like work, deciders stay pure). */
  readonly passwordMatches: boolean;
  /** A one-way reference to the session (never the cookie value itself). */
  readonly sessionRef: string;
  readonly clientAddress: string;
  readonly userAgent: string | null;
  readonly at: string;
}

/** A failed login is an outcome worth recording, not a refusal: the route answers 401 after it is stored. */
export function decideLogIn(command: LogIn, state: UserState): UserEvent[] {
  assertActive(state);
  const { clientAddress, at } = command;
  if (!command.passwordMatches) return [{ type: 'LoginFailed', data: { reason: 'wrong_password', clientAddress, at } }];
  return [{ type: 'LoggedIn', data: { sessionRef: command.sessionRef, clientAddress, userAgent: command.userAgent, at } }];
}
