import type { AccountRole } from './roles';

/**
 * The user stream (`user-<id>`): one account's life, customer or staff.
 * Every identity change is an event, and so is every login, failed login,
 * logout and reset, each with the client address, so an auditor can tell
 * who did what from where. Time comes in with the command (`at`).
 */
export interface PersonalData {
  readonly degree_before_name: string | null;
  readonly first_name: string;
  readonly last_name: string;
  readonly phone_number: string | null;
  readonly birth_date: string | null;
}

export interface Address {
  readonly kind: 'billing' | 'delivery';
  readonly name: string;
  readonly company: string | null;
  readonly street: string;
  readonly city: string;
  readonly district: string | null;
  readonly postcode: string;
  readonly country: string;
  readonly phone_number: string | null;
}

export type AccountKind = 'customer' | 'staff';

export type UserEvent =
  | {
      type: 'UserRegistered';
      data: {
        userId: string;
        email: string;
        passwordHash: string;
        roles: AccountRole[];
        kind: AccountKind;
        createdBy: string | null;
        at: string;
      };
    }
  | { type: 'LoggedIn'; data: { sessionRef: string; clientAddress: string; userAgent: string | null; at: string } }
  | { type: 'LoginFailed'; data: { reason: 'wrong_password'; clientAddress: string; at: string } }
  | { type: 'LoggedOut'; data: { sessionRef: string; clientAddress: string; at: string } }
  | {
      type: 'PasswordResetRequested';
      data: { resetId: string; tokenHash: string; expiresAt: string; clientAddress: string; at: string };
    }
  | { type: 'PasswordReset'; data: { resetId: string; passwordHash: string; clientAddress: string; at: string } }
  | { type: 'PasswordChanged'; data: { passwordHash: string; clientAddress: string; at: string } }
  | { type: 'PersonalDataChanged'; data: { personal: PersonalData; at: string } }
  | { type: 'AddressAdded'; data: { addressId: string; address: Address; at: string } }
  | { type: 'AddressChanged'; data: { addressId: string; address: Address; at: string } }
  | { type: 'AddressRemoved'; data: { addressId: string; at: string } }
  | {
      type: 'RolesChanged';
      data: { roles: AccountRole[]; previous: AccountRole[]; changedBy: string; clientAddress: string; at: string };
    }
  | { type: 'CustomerVerified'; data: { reason: string; at: string } }
  | { type: 'AccountRemoved'; data: { removedBy: string; clientAddress: string; at: string } };

export const USER_EVENT_TYPES = [
  'UserRegistered',
  'LoggedIn',
  'LoginFailed',
  'LoggedOut',
  'PasswordResetRequested',
  'PasswordReset',
  'PasswordChanged',
  'PersonalDataChanged',
  'AddressAdded',
  'AddressChanged',
  'AddressRemoved',
  'RolesChanged',
  'CustomerVerified',
  'AccountRemoved',
] as const satisfies readonly UserEvent['type'][];

export interface PendingReset {
  readonly tokenHash: string;
  readonly requestedAt: string;
  readonly expiresAt: string;
  readonly used: boolean;
}

export interface UserState {
  readonly status: 'none' | 'active' | 'removed';
  readonly userId: string | null;
  readonly email: string | null;
  readonly passwordHash: string | null;
  readonly roles: readonly AccountRole[];
  readonly kind: AccountKind | null;
  readonly personal: PersonalData | null;
  /** In the order they were added. */
  readonly addresses: Readonly<Record<string, Address>>;
  readonly resets: Readonly<Record<string, PendingReset>>;
  readonly lastLoginAt: string | null;
}

export const userStream = (userId: string): string => `user-${userId}`;

export const initialUserState = (): UserState => ({
  status: 'none',
  userId: null,
  email: null,
  passwordHash: null,
  roles: [],
  kind: null,
  personal: null,
  addresses: {},
  resets: {},
  lastLoginAt: null,
});

/** A password change or reset makes every outstanding reset link useless. */
const spendAll = (resets: UserState['resets']): UserState['resets'] =>
  Object.fromEntries(Object.entries(resets).map(([id, reset]) => [id, { ...reset, used: true }]));

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...state,
        status: 'active',
        userId: event.data.userId,
        email: event.data.email,
        passwordHash: event.data.passwordHash,
        roles: event.data.roles,
        kind: event.data.kind,
      };
    case 'LoggedIn':
      return { ...state, lastLoginAt: event.data.at };
    case 'LoginFailed':
    case 'LoggedOut':
      return state;
    case 'PasswordResetRequested':
      return {
        ...state,
        // A new link supersedes the ones before it: only the newest e-mail works.
        resets: {
          ...spendAll(state.resets),
          [event.data.resetId]: {
            tokenHash: event.data.tokenHash,
            requestedAt: event.data.at,
            expiresAt: event.data.expiresAt,
            used: false,
          },
        },
      };
    case 'PasswordReset':
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, resets: spendAll(state.resets) };
    case 'PersonalDataChanged':
      return { ...state, personal: event.data.personal };
    case 'AddressAdded':
    case 'AddressChanged':
      return { ...state, addresses: { ...state.addresses, [event.data.addressId]: event.data.address } };
    case 'AddressRemoved': {
      const { [event.data.addressId]: _removed, ...rest } = state.addresses;
      return { ...state, addresses: rest };
    }
    case 'RolesChanged':
      return { ...state, roles: event.data.roles };
    case 'CustomerVerified':
      return { ...state, roles: ['verified_customer'] };
    case 'AccountRemoved':
      // Forget what the account held; the stream keeps who removed it and when.
      return { ...initialUserState(), status: 'removed', userId: state.userId };
    default:
      return assertNeverEvent(event);
  }
}

function assertNeverEvent(event: never): never {
  throw new Error(`Unhandled user event ${JSON.stringify(event)}`);
}
