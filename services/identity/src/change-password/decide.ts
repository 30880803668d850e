import { assertActive, fieldError } from '../errors';
import type { UserEvent, UserState } from '../user';

export interface ChangePassword {
  readonly type: 'ChangePassword';
  /** The current password, verified against the stored hash before deciding. */
  readonly currentPasswordMatches: boolean;
  /** The new password is the current one (verified the same way). */
  readonly sameAsCurrent: boolean;
  readonly passwordHash: string;
  readonly clientAddress: string;
  readonly at: string;
}

export function decideChangePassword(command: ChangePassword, state: UserState): UserEvent[] {
  assertActive(state);
  if (!command.currentPasswordMatches) throw fieldError('current_password', 'auth.current_password_wrong');
  if (command.sameAsCurrent) throw fieldError('new_password', 'auth.password_same_as_old');
  return [
    {
      type: 'PasswordChanged',
      data: { passwordHash: command.passwordHash, clientAddress: command.clientAddress, at: command.at },
    },
  ];
}
