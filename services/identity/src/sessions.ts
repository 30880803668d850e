import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '@buyloop/kit';
import type { DocumentStore } from '@buyloop/document-store';
import type { AccountKind } from './user';
import type { AccountRole } from './roles';

/**
 * Server-side sessions. The browser holds only a random token (HttpOnly
 * cookie); the store keeps the session under the token's sha256, so a leaked
 * database holds no usable cookie. Each session carries its own CSRF token.
 * Sessions are state, not history: logins and logouts are recorded as events
 * on the user stream, the session documents only make requests fast.
 */
export interface Session {
  readonly userId: string;
  readonly email: string;
  readonly roles: readonly AccountRole[];
  readonly kind: AccountKind;
  readonly csrf: string;
  readonly createdAt: string;
  readonly lastSeenAt: string;
  /** Absolute end, whatever the activity. */
  readonly expiresAt: string;
  readonly clientAddress: string;
  readonly userAgent: string | null;
}

export interface SessionPolicy {
  /** Ends after this long without a request. */
  readonly idleMs: number;
  /** Ends this long after login at the latest. */
  readonly absoluteMs: number;
}

/** Customers stay signed in for a fortnight of inactivity; staff sessions end with the working day. */
export const DEFAULT_SESSION_POLICIES: Readonly<Record<AccountKind, SessionPolicy>> = {
  customer: { idleMs: 14 * 24 * 3600_000, absoluteMs: 30 * 24 * 3600_000 },
  staff: { idleMs: 2 * 3600_000, absoluteMs: 12 * 3600_000 },
};

export const SESSION_COLLECTION = 'sessions';
const TOUCH_EVERY_MS = 5 * 60_000;

export const newToken = (): string => randomBytes(32).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export class SessionStore {
  private ready: Promise<void> | undefined;

  constructor(
    private readonly documents: DocumentStore,
    private readonly clock: Clock,
    private readonly policies: Readonly<Record<AccountKind, SessionPolicy>> = DEFAULT_SESSION_POLICIES,
  ) {}

  /** Where sessions are kept: identity's other short-lived state (registrations waiting for their e-mail) lives beside them. */
  get store(): DocumentStore {
    return this.documents;
  }

  private ensure(): Promise<void> {
    this.ready ??= this.documents.ensureCollection({
      name: SESSION_COLLECTION,
      fields: { userId: { path: 'userId', type: 'string' }, expiresAt: { path: 'expiresAt', type: 'date' } },
      indexes: ['userId'],
    });
    return this.ready;
  }

  /** A new session; `ref` (the token's hash) is what events may name. */
  async create(
    user: { userId: string; email: string; roles: readonly AccountRole[]; kind: AccountKind },
    clientAddress: string,
    userAgent: string | null,
  ): Promise<{ token: string; ref: string; session: Session }> {
    await this.ensure();
    const now = this.clock();
    const token = newToken();
    const session: Session = {
      userId: user.userId,
      email: user.email,
      roles: [...user.roles],
      kind: user.kind,
      csrf: newToken(),
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.policies[user.kind].absoluteMs).toISOString(),
      clientAddress,
      userAgent,
    };
    const ref = sha256(token);
    await this.documents.upsert(SESSION_COLLECTION, ref, { ...session });
    return { token, ref, session };
  }

  /** The live session for a cookie token, or null (unknown, idle too long, past its end: then it is deleted). */
  async get(token: string | undefined): Promise<{ ref: string; session: Session } | null> {
    if (!token || token.length > 200) return null;
    await this.ensure();
    const ref = sha256(token);
    const session = await this.documents.get<Session & Record<string, unknown>>(SESSION_COLLECTION, ref);
    if (!session) return null;
    const now = this.clock().getTime();
    const policy = this.policies[session.kind];
    if (now >= Date.parse(session.expiresAt) || now - Date.parse(session.lastSeenAt) >= policy.idleMs) {
      await this.documents.delete(SESSION_COLLECTION, ref);
      return null;
    }
    if (now - Date.parse(session.lastSeenAt) >= TOUCH_EVERY_MS) {
      const touched = { ...session, lastSeenAt: new Date(now).toISOString() };
      await this.documents.upsert(SESSION_COLLECTION, ref, touched);
      return { ref, session: touched };
    }
    return { ref, session };
  }

  async destroy(ref: string): Promise<void> {
    await this.ensure();
    await this.documents.delete(SESSION_COLLECTION, ref);
  }

  /** Ends every session of a user (password changed or reset, roles changed, account removed). */
  async destroyAllFor(userId: string): Promise<number> {
    await this.ensure();
    let ended = 0;
    for (;;) {
      const page = await this.documents.find(SESSION_COLLECTION, {
        filters: [{ field: 'userId', op: 'equals', value: userId }],
        limit: 100,
      });
      if (page.items.length === 0) return ended;
      await this.documents.write(
        page.items.map((item) => ({ type: 'delete' as const, collection: SESSION_COLLECTION, id: item.id })),
      );
      ended += page.items.length;
    }
  }
}
