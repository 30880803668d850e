import { IllegalState } from '@buyloop/kit';
import type { AccountRole } from '../roles';
import type { AccountKind, UserEvent, UserState } from '../user';

export interface Register {
  readonly type: 'Register';
  readonly userId: string;
  /** Normalised (trimmed, lower case) and already claimed for this user id. */
  readonly email: string;
  readonly passwordHash: string;
  readonly roles: readonly AccountRole[];
  readonly kind: AccountKind;
  /** Null when the customer registered themself; else the administrator (or 'ops-cli', 'demo-data'). */
  readonly createdBy: string | null;
  readonly at: string;
}

export function decideRegister(command: Register, state: UserState): UserEvent[] {
  if (state.status !== 'none') throw new IllegalState('auth.user_exists', `Account ${command.userId} already exists`);
  return [
    {
      type: 'UserRegistered',
      data: {
        userId: command.userId,
        email: command.email,
        passwordHash: command.passwordHash,
        roles: [...command.roles],
        kind: command.kind,
        createdBy: command.createdBy,
        at: command.at,
      },
    },
  ];
}
