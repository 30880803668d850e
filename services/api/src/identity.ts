import type { Clock, Market } from '@buyloop/kit';
import type { EventStore } from '@buyloop/event-store';
import type { DocumentStore } from '@buyloop/document-store';
import { type SecuredRouter } from '@buyloop/http';
import {
  argon2Hasher,
  identityRoutes,
  IdentityService,
  LoginThrottle,
  SessionStore,
  type MailSender,
  type PasswordHasher,
} from '@buyloop/identity';
import { listUsersRoutes, usersQuery } from '@buyloop/identity-read-models';

export interface Identity {
  readonly service: IdentityService;
  readonly sessions: SessionStore;
  readonly routes: SecuredRouter;
  close(): Promise<void>;
}

export interface IdentityOptions {
  readonly events: EventStore;
  readonly documents: DocumentStore;
  readonly market: Market;
  readonly clock: Clock;
  readonly publicUrl: string;
  readonly mail: MailSender;
  /** The `users` read model's serving collection (Projector.readCollection). */
  readonly usersCollection: () => Promise<string>;
  readonly passwords?: PasswordHasher;
  /** Where failures of background work (mailing a reset link) are reported. */
  readonly onBackgroundError?: (error: unknown) => void;
}

/** Wires the identity context: sessions, throttle, password hashing, mail, its routes. */
export function openIdentity(options: IdentityOptions): Omit<Identity, 'close'> {
  const sessions = new SessionStore(options.documents, options.clock);
  const service = new IdentityService({
    events: options.events,
    sessions,
    throttle: new LoginThrottle(options.documents, options.clock),
    passwords: options.passwords ?? argon2Hasher(),
    mail: options.mail,
    clock: options.clock,
    market: options.market,
    publicUrl: options.publicUrl,
    ...(options.onBackgroundError ? { onBackgroundError: options.onBackgroundError } : {}),
  });
  const routes = identityRoutes({ identity: service, sessions, market: options.market, clock: options.clock });
  listUsersRoutes(routes, usersQuery(options.documents, options.usersCollection));
  return { service, sessions, routes };
}
