import { randomUUID } from 'node:crypto';
import { ConcurrencyConflict, RequestRefused, type Clock } from '@buyloop/kit';
import type { DocumentStore } from '@buyloop/document-store';
import { sha256 } from './sessions';

/**
 * Login attempts are counted per account and per client address in a
 * sliding window. An attempt takes its slot before the password is checked
 * (atomically: a compare-and-set on the counter document's stamp), so
 * parallel requests cannot all slip under the limit; past the limit logins
 * are refused (429) until the oldest attempt leaves the window, even with
 * the right password. A success clears the account's count and gives the
 * address its slot back. Per address stops one machine trying many
 * accounts; per account stops many machines trying one.
 */
export interface ThrottleLimits {
  readonly windowMs: number;
  readonly perAccount: number;
  readonly perAddress: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 20 };
export const THROTTLE_COLLECTION = 'login_throttle';
const MAX_TRIES = 20;

interface Attempts extends Record<string, unknown> {
  readonly attempts: ReadonlyArray<{ readonly at: number; readonly id: string }>;
}

/** A slot taken by `attempt`, handed back by `succeeded`. */
export interface LoginAttempt {
  readonly id: string;
  readonly accountKey: string;
  readonly addressKey: string;
}

export class LoginThrottle {
  private ready: Promise<void> | undefined;

  constructor(
    private readonly documents: DocumentStore,
    private readonly clock: Clock,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
  ) {}

  private ensure(): Promise<void> {
    this.ready ??= this.documents.ensureCollection({ name: THROTTLE_COLLECTION, fields: {} });
    return this.ready;
  }

  /** Takes a slot for one login attempt, or throws 429 when the address or the account has none left. */
  async attempt(email: string, clientAddress: string): Promise<LoginAttempt> {
    await this.ensure();
    const attempt = { id: randomUUID(), accountKey: `account:${sha256(email)}`, addressKey: `address:${clientAddress}` };
    await this.take(attempt.addressKey, this.limits.perAddress, attempt.id);
    await this.take(attempt.accountKey, this.limits.perAccount, attempt.id);
    return attempt;
  }

  /** The password was right: the account starts afresh and the address gets its slot back. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.documents.delete(THROTTLE_COLLECTION, attempt.accountKey);
    await this.update(attempt.addressKey, (recent) => recent.filter((a) => a.id !== attempt.id));
  }

  private async take(key: string, limit: number, id: string): Promise<void> {
    await this.update(key, (recent, now) => {
      if (recent.length >= limit) {
        const blockedUntil = recent[recent.length - limit]!.at + this.limits.windowMs;
        const minutes = Math.max(1, Math.ceil((blockedUntil - now) / 60_000));
        throw new RequestRefused(
          429,
          'auth.login_throttled',
          'Too many failed logins',
          `Too many failed login attempts; try again in ${minutes} minutes`,
          { minutes, count: minutes, retryAfterSeconds: Math.max(1, Math.ceil((blockedUntil - now) / 1000)) },
        );
      }
      return [...recent, { at: now, id }];
    });
  }

  /** Read, change, write back only if nobody wrote in between (the stamp), else again. */
  private async update(key: string, change: (recent: Attempts['attempts'], now: number) => Attempts['attempts']): Promise<void> {
    for (let tries = 1; ; tries++) {
      const now = this.clock().getTime();
      const stored = (await this.documents.getStamped<Attempts>(THROTTLE_COLLECTION, [key])).get(key);
      const recent = (stored?.document.attempts ?? []).filter((a) => now - a.at < this.limits.windowMs);
      const next = change(recent, now);
      try {
        await this.documents.write(
          [{ type: 'upsert', collection: THROTTLE_COLLECTION, id: key, document: { attempts: next }, stamp: randomUUID() }],
          {
            expectStamp: { collection: THROTTLE_COLLECTION, id: key, stamp: stored?.stamp ?? null },
          },
        );
        return;
      } catch (error) {
        if (!(error instanceof ConcurrencyConflict) || tries >= MAX_TRIES) throw error;
      }
    }
  }
}
