import type { Clock } from '@buyloop/kit';
import type { DocumentStore } from '@buyloop/document-store';
import { newToken, sha256 } from '../sessions';

/**
 * A registration waits here until the address's owner follows the link we
 * e-mailed: until then there is no account, so neither the answer to the
 * registration nor a login with the chosen password tells whether the
 * address had one. State, not history: a registration nobody confirms
 * leaves nothing behind once it expires. Kept under the sha256 of the link's
 * token; the link is the only copy of the token.
 */
export const PENDING_REGISTRATIONS = 'pending_registrations';
/** How long the link works. */
export const REGISTRATION_LINK_HOURS = 24;
/** E-mails about registration one address gets per hour at most, so nobody floods a mailbox by registering it. */
const MAILS_PER_HOUR = 3;

export interface PendingRegistration extends Record<string, unknown> {
  readonly email: string;
  readonly passwordHash: string;
  readonly expiresAt: string;
}

interface MailLog extends Record<string, unknown> {
  readonly sentAt: readonly number[];
}

export class PendingRegistrations {
  private ready: Promise<void> | undefined;

  constructor(
    private readonly documents: DocumentStore,
    private readonly clock: Clock,
  ) {}

  private ensure(): Promise<void> {
    this.ready ??= this.documents.ensureCollection({ name: PENDING_REGISTRATIONS, fields: {} });
    return this.ready;
  }

  /** Keeps a registration and returns the token for its link. */
  async add(email: string, passwordHash: string): Promise<string> {
    await this.ensure();
    const token = newToken();
    const expiresAt = new Date(this.clock().getTime() + REGISTRATION_LINK_HOURS * 3_600_000).toISOString();
    await this.documents.upsert(PENDING_REGISTRATIONS, `registration:${sha256(token)}`, {
      email,
      passwordHash,
      expiresAt,
    } satisfies PendingRegistration);
    return token;
  }

  /** The registration a link names while it works; null for an unknown, used or expired one (an expired one is forgotten). */
  async find(token: string): Promise<{ id: string; registration: PendingRegistration } | null> {
    if (token.length > 200) return null;
    await this.ensure();
    const id = `registration:${sha256(token)}`;
    const registration = await this.documents.get<PendingRegistration>(PENDING_REGISTRATIONS, id);
    if (!registration) return null;
    if (this.clock().getTime() >= Date.parse(registration.expiresAt)) {
      await this.documents.delete(PENDING_REGISTRATIONS, id);
      return null;
    }
    return { id, registration };
  }

  /** Spends a link: true for the one caller that removed it, false when another was first. */
  async spend(id: string): Promise<boolean> {
    await this.ensure();
    return this.documents.delete(PENDING_REGISTRATIONS, id);
  }

  /** Whether one more registration e-mail may go to this address this hour (and counts it when it may). */
  async mayMail(email: string): Promise<boolean> {
    await this.ensure();
    const id = `mail:${sha256(email)}`;
    const now = this.clock().getTime();
    const log = await this.documents.get<MailLog>(PENDING_REGISTRATIONS, id);
    const recent = (log?.sentAt ?? []).filter((at) => now - at < 3_600_000);
    if (recent.length >= MAILS_PER_HOUR) return false;
    await this.documents.upsert(PENDING_REGISTRATIONS, id, { sentAt: [...recent, now] } satisfies MailLog);
    return true;
  }
}
