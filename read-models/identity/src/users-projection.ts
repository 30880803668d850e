import type { RecordedEvent } from '@buyloop/kit';
import type { Projection } from '@buyloop/projector';
import type { AccountRole } from '@buyloop/contracts';
import { USER_EVENT_TYPES, type AccountKind, type UserEvent } from '@buyloop/identity';

/** One document per account for the back office's user grid; removed accounts disappear. */
export interface UserSummary extends Record<string, unknown> {
  readonly user_id: string;
  readonly email: string;
  readonly roles: AccountRole[];
  readonly roles_text: string;
  readonly kind: AccountKind;
  readonly name: string;
  readonly created_at: string;
  readonly last_login_at: string | null;
  readonly failed_logins: number;
}

const userIdOf = (event: RecordedEvent): string | null =>
  event.stream.startsWith('user-') ? event.stream.slice('user-'.length) : null;

export const usersProjection: Projection<UserSummary> = {
  name: 'users',
  version: 1,
  handles: USER_EVENT_TYPES,
  collection: {
    fields: {
      email: { path: 'email', type: 'string' },
      name: { path: 'name', type: 'string' },
      roles_text: { path: 'roles_text', type: 'string' },
      kind: { path: 'kind', type: 'string' },
      created_at: { path: 'created_at', type: 'date' },
      last_login_at: { path: 'last_login_at', type: 'date' },
    },
    indexes: ['email', 'kind', 'created_at'],
    textFields: ['email', 'name'],
  },
  key: userIdOf,
  evolve(document, recorded) {
    const event = { type: recorded.type, data: recorded.data } as UserEvent;
    switch (event.type) {
      case 'UserRegistered':
        return {
          user_id: event.data.userId,
          email: event.data.email,
          roles: event.data.roles,
          roles_text: event.data.roles.join(' '),
          kind: event.data.kind,
          name: '',
          created_at: event.data.at,
          last_login_at: null,
          failed_logins: 0,
        };
      case 'LoggedIn':
        return document && { ...document, last_login_at: event.data.at, failed_logins: 0 };
      case 'LoginFailed':
        return document && { ...document, failed_logins: document.failed_logins + 1 };
      case 'PersonalDataChanged':
        return document && { ...document, name: `${event.data.personal.first_name} ${event.data.personal.last_name}`.trim() };
      case 'RolesChanged':
        return document && { ...document, roles: event.data.roles, roles_text: event.data.roles.join(' ') };
      case 'CustomerVerified':
        return document && { ...document, roles: ['verified_customer'], roles_text: 'verified_customer' };
      case 'AccountRemoved':
        return null;
      case 'LoggedOut':
      case 'PasswordResetRequested':
      case 'PasswordReset':
      case 'PasswordChanged':
      case 'AddressAdded':
      case 'AddressChanged':
      case 'AddressRemoved':
        return document;
      default:
        return neverEvent(event);
    }
  },
};

function neverEvent(event: never): never {
  throw new Error(`Unhandled user event ${JSON.stringify(event)}`);
}
