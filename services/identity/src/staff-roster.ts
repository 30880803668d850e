import { IllegalState, type Decider } from '@buyloop/kit';
import type { AccountRole } from './roles';

/**
 * Who holds the roles the supervisor check depends on: supervisors decide
 * approvals, administrators ask for them and manage accounts. Taking the
 * last of either away would leave nobody able to approve a payout above the
 * limit or to grant the role again, so the roster refuses it.
 *
 * The roster is one stream (`staff-roster`), appended with the version read
 * like the e-mail claims, so two administrators removing the last two
 * supervisors at the same moment cannot both succeed. The user streams stay
 * the record of each person's roles; the roster follows them, written after
 * a grant and before a removal, so a crash in between leaves it holding too
 * few people, never too many: it can refuse a removal it need not have,
 * never allow one it should have refused.
 */
export const GUARDED_ROLES = ['supervisor', 'administrator'] as const satisfies readonly AccountRole[];
export type GuardedRole = (typeof GUARDED_ROLES)[number];

export const isGuardedRole = (role: AccountRole): role is GuardedRole => (GUARDED_ROLES as readonly string[]).includes(role);

export const STAFF_ROSTER_STREAM = 'staff-roster';

export type Holders = Readonly<Record<GuardedRole, readonly string[]>>;

export type RosterEvent =
  /** The roster's first event: the holders found in the user streams when it was started. */
  | { type: 'StaffRosterStarted'; data: { holders: Record<GuardedRole, string[]>; at: string } }
  | { type: 'GuardedRoleGranted'; data: { userId: string; role: GuardedRole; at: string } }
  | { type: 'GuardedRoleWithdrawn'; data: { userId: string; role: GuardedRole; at: string } };

export type RosterCommand =
  | { type: 'StartRoster'; holders: Holders; at: string }
  | { type: 'GrantGuardedRoles'; userId: string; roles: readonly AccountRole[]; at: string }
  | { type: 'WithdrawGuardedRoles'; userId: string; roles: readonly AccountRole[]; at: string };

export interface RosterState {
  readonly started: boolean;
  readonly holders: Holders;
}

const noHolders = (): Record<GuardedRole, string[]> => ({ supervisor: [], administrator: [] });

export const lastHolder = (role: GuardedRole): IllegalState =>
  new IllegalState(
    role === 'supervisor' ? 'auth.last_supervisor' : 'auth.last_administrator',
    `This is the last account with the ${role} role: nobody could approve or grant it again`,
  );

export const staffRosterDecider: Decider<RosterCommand, RosterEvent, RosterState> = {
  initialState: () => ({ started: false, holders: noHolders() }),
  evolve(state, event) {
    switch (event.type) {
      case 'StaffRosterStarted':
        return { started: true, holders: { ...noHolders(), ...event.data.holders } };
      case 'GuardedRoleGranted': {
        const { role, userId } = event.data;
        const current = state.holders[role];
        return current.includes(userId) ? state : { ...state, holders: { ...state.holders, [role]: [...current, userId] } };
      }
      case 'GuardedRoleWithdrawn': {
        const { role, userId } = event.data;
        return { ...state, holders: { ...state.holders, [role]: state.holders[role].filter((id) => id !== userId) } };
      }
      default:
        return never(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'StartRoster':
        if (state.started) return [];
        return [
          {
            type: 'StaffRosterStarted',
            data: {
              holders: { supervisor: [...command.holders.supervisor], administrator: [...command.holders.administrator] },
              at: command.at,
            },
          },
        ];
      case 'GrantGuardedRoles':
        return command.roles
          .filter(isGuardedRole)
          .filter((role) => !state.holders[role].includes(command.userId))
          .map((role) => ({ type: 'GuardedRoleGranted', data: { userId: command.userId, role, at: command.at } }));
      case 'WithdrawGuardedRoles': {
        const withdrawn = command.roles.filter(isGuardedRole).filter((role) => state.holders[role].includes(command.userId));
        for (const role of withdrawn) if (state.holders[role].length <= 1) throw lastHolder(role);
        return withdrawn.map((role) => ({
          type: 'GuardedRoleWithdrawn',
          data: { userId: command.userId, role, at: command.at },
        }));
      }
      default:
        return never(command);
    }
  },
};

function never(value: never): never {
  throw new Error(`Unhandled staff roster case ${JSON.stringify(value)}`);
}
