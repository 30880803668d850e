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
import { createMailer, startMailCatcher, type CaughtMail, type OutgoingMail, type SendResult } from '@buyloop/mail';
import { listUsersRoutes, usersQuery } from '@buyloop/identity-read-models';
import type { Config } from './config';
import type { Logger } from './logger';

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

/**
 * Outgoing mail: the configured SMTP server, or an embedded SMTP catcher on
 * this machine whose messages are written to the log (development: the
 * password-reset link shows up in the terminal).
 */
export async function openMail(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  logger: Logger,
): Promise<{
  send(message: OutgoingMail): Promise<SendResult>;
  close(): Promise<void>;
  description: string;
  caught(): readonly CaughtMail[] | null;
}> {
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    const mailer = createMailer({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
      from: config.mailFrom,
    });
    return {
      send: (message) => mailer.send(message),
      close: async () => void (await mailer.close()),
      description: `SMTP ${url.hostname}`,
      caught: () => null,
    };
  }
  const catcher = await startMailCatcher();
  const mailer = createMailer({ host: catcher.host, port: catcher.port, from: config.mailFrom });
  return {
    async send(message) {
      const sent = await mailer.send(message);
      const caught = await catcher.waitFor((m) => m.id === sent.messageId);
      logger.info(`Mail caught by the embedded SMTP catcher, to ${caught.to.join(', ')}: ${caught.subject}\n${caught.text}`);
      return sent;
    },
    async close() {
      await mailer.close();
      await catcher.close();
    },
    description: `embedded SMTP catcher on ${catcher.host}:${catcher.port} (mail goes to the log and /api/admin/mail)`,
    caught: () => catcher.messages(),
  };
}
