import { assertActive, fieldError } from '../errors';
import { isStaffRole as isStaff, validAccountRoles, type AccountRole } from '../roles';
import type { UserEvent, UserState } from '../user';

export interface ChangeRoles {
  readonly type: 'ChangeRoles';
  readonly roles: readonly AccountRole[];
  readonly changedBy: string;
  readonly clientAddress: string;
  readonly at: string;
}

/** Staff accounts hold staff roles, customer accounts one customer role: an account never crosses over. */
export function decideChangeRoles(command: ChangeRoles, state: UserState): UserEvent[] {
  assertActive(state);
  const roles = [...new Set(command.roles)];
  const staffAccount = state.kind === 'staff';
  if (!validAccountRoles(roles) || (staffAccount ? roles.some((r) => !isStaff(r)) : roles.some(isStaff)))
    throw fieldError('roles', 'auth.role_unknown', `Roles ${JSON.stringify(command.roles)} do not fit a ${state.kind} account`);
  if ([...roles].sort().join() === [...state.roles].sort().join()) return [];
  const { changedBy, clientAddress, at } = command;
  return [{ type: 'RolesChanged', data: { roles, previous: [...state.roles], changedBy, clientAddress, at } }];
}
