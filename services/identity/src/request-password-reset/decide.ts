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

/** At most this many links per account and hour: the form cannot be used to flood someone's inbox. */
export const MAX_RESETS_PER_HOUR = 3;

/**
 * Nothing for a removed account, nor past the hourly limit: the visitor's
 * answer is the same either way, so nobody learns who has an account.
 */
export function decideRequestPasswordReset(command: RequestPasswordReset, state: UserState): UserEvent[] {
  if (state.status !== 'active') return [];
  const hourAgo = Date.parse(command.at) - 3600_000;
  const recent = Object.values(state.resets).filter((reset) => Date.parse(reset.requestedAt) > hourAgo).length;
  if (recent >= MAX_RESETS_PER_HOUR) return [];
  const { resetId, tokenHash, expiresAt, clientAddress, at } = command;
  return [{ type: 'PasswordResetRequested', data: { resetId, tokenHash, expiresAt, clientAddress, at } }];
}
