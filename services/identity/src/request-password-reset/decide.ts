import type { UserEvent, UserState } from '../user';

export interface RequestPasswordReset {
  readonly type: 'RequestPasswordReset';
  readonly resetId: string;
  /** sha256 of the secret in the e-mailed link: the stream never holds a usable link. */
  readonly tokenHash: string;
  readonly expiresAt: string;
  readonly clientAddress: string;
  readonly at: string;
}

/** Nothing for a removed account: the answer to the visitor is the same either way, so nobody learns who has an account. */
export function decideRequestPasswordReset(command: RequestPasswordReset, state: UserState): UserEvent[] {
  if (state.status !== 'active') return [];
  const { resetId, tokenHash, expiresAt, clientAddress, at } = command;
  return [{ type: 'PasswordResetRequested', data: { resetId, tokenHash, expiresAt, clientAddress, at } }];
}
