import { fieldError } from '../errors';
import type { UserEvent, UserState } from '../user';

export interface ResetPassword {
  readonly type: 'ResetPassword';
  readonly tokenHash: string;
  readonly passwordHash: string;
  readonly clientAddress: string;
  readonly at: string;
}

/** A link works once, before it expires, and only while the account exists; a later reset or change spends it too. */
export function decideResetPassword(command: ResetPassword, state: UserState): UserEvent[] {
  const found = Object.entries(state.resets).find(([, reset]) => reset.tokenHash === command.tokenHash);
  if (state.status !== 'active' || !found) throw fieldError('token', 'auth.reset_link_invalid', 'The reset link is not valid');
  const [resetId, reset] = found;
  if (reset.used) throw fieldError('token', 'auth.reset_link_used', 'The reset link was already used');
  if (Date.parse(command.at) >= Date.parse(reset.expiresAt))
    throw fieldError('token', 'auth.reset_link_expired', 'The reset link has expired');
  return [
    {
      type: 'PasswordReset',
      data: { resetId, passwordHash: command.passwordHash, clientAddress: command.clientAddress, at: command.at },
    },
  ];
}
