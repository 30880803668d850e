import { randomUUID } from 'node:crypto';
import { ConcurrencyConflict, RequestRefused, type Clock } from '@buyloop/kit';
import type { DocumentStore } from '@buyloop/document-store';
import { sha256 } from './sessions';

/**
 * Password guesses are counted so that a lock hurts whoever guesses, not the
 * account's owner (docs/ARCHITECTURE.md, "Throttling"):
 *
 * - per account and client address (5 in 15 minutes): someone guessing from
 *   one address is stopped, while the owner, signing in from another, is not;
 * - per client address (20 in 15 minutes): one machine trying many accounts;
 * - per account as a whole (50 in an hour): many machines trying one
 *   account. Past it the account takes no password from an address it has
 *   not been signed in from lately, while the addresses it was signed in from
 *   in the last 30 days still get their own five tries.
 *
 * An attempt takes its slots before the password is checked (atomically: a
 * compare-and-set on each counter document's stamp), so parallel requests
 * cannot all slip under a limit; past one, the attempt is refused (429) until
 * the oldest try leaves the window, even with the right password. A right
 * password gives the slots back and remembers the address for the account.
 * Logins and the checks of the current password (a password change, an
 * account's removal) share the counters: each is the same guess.
 */
export interface ThrottleLimits {
  /** The window of the per-pair and per-address counts. */
  readonly windowMs: number;
  /** Tries of one account from one client address. */
  readonly perAccount: number;
  readonly perAddress: number;
  /** Tries of one account from anywhere, counted over a longer window. */
  readonly perAccountEverywhere: number;
  readonly accountWindowMs: number;
  /** How long an address the account was signed in from keeps getting past the account-wide lock. */
  readonly knownAddressMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  windowMs: 15 * 60_000,
  perAccount: 5,
  perAddress: 20,
  perAccountEverywhere: 50,
  accountWindowMs: 60 * 60_000,
  knownAddressMs: 30 * 24 * 60 * 60_000,
};
export const THROTTLE_COLLECTION = 'login_throttle';
const MAX_TRIES = 20;
/** Addresses remembered per account: a person's few devices and networks, not an attacker's list. */
const KNOWN_ADDRESSES = 10;

interface Attempts extends Record<string, unknown> {
  readonly attempts: ReadonlyArray<{ readonly at: number; readonly id: string }>;
}

interface KnownAddresses extends Record<string, unknown> {
  readonly addresses: ReadonlyArray<{ readonly address: string; readonly at: number }>;
}

/** A slot taken by `attempt`, handed back by `succeeded`. */
export interface LoginAttempt {
  readonly id: string;
  readonly clientAddress: string;
  readonly pairKey: string;
  readonly addressKey: string;
  /** Null when the account-wide count was passed by (an address the account is signed in from). */
  readonly accountKey: string | null;
  readonly knownKey: string;
}

/** What the refusal says: a login, or a check of the current password. */
export type ThrottledCheck = 'login' | 'current_password';

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

  /** Takes the slots for one password check, or throws 429 when the pair, the address or the account has none left. */
  async attempt(email: string, clientAddress: string, check: ThrottledCheck = 'login'): Promise<LoginAttempt> {
    await this.ensure();
    const account = sha256(email);
    const known = await this.isKnownAddress(`known:${account}`, clientAddress);
    const attempt: LoginAttempt = {
      id: randomUUID(),
      clientAddress,
      pairKey: `pair:${account}:${sha256(clientAddress)}`,
      addressKey: `address:${clientAddress}`,
      accountKey: known ? null : `account:${account}`,
      knownKey: `known:${account}`,
    };
    await this.take(attempt.addressKey, this.limits.perAddress, this.limits.windowMs, attempt.id, check);
    await this.take(attempt.pairKey, this.limits.perAccount, this.limits.windowMs, attempt.id, check);
    if (attempt.accountKey)
      await this.take(attempt.accountKey, this.limits.perAccountEverywhere, this.limits.accountWindowMs, attempt.id, check);
    return attempt;
  }

  /** The password was right: this address starts afresh for the account, and is remembered as the owner's. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.documents.delete(THROTTLE_COLLECTION, attempt.pairKey);
    const giveBack = (recent: Attempts['attempts']) => recent.filter((a) => a.id !== attempt.id);
    await this.update<Attempts>(attempt.addressKey, (stored, now) => ({
      attempts: giveBack(live(stored, now, this.limits.windowMs)),
    }));
    if (attempt.accountKey)
      await this.update<Attempts>(attempt.accountKey, (stored, now) => ({
        attempts: giveBack(live(stored, now, this.limits.accountWindowMs)),
      }));
    await this.update<KnownAddresses>(attempt.knownKey, (stored, now) => ({
      addresses: [
        { address: attempt.clientAddress, at: now },
        ...(stored?.addresses ?? []).filter(
          (a) => a.address !== attempt.clientAddress && now - a.at < this.limits.knownAddressMs,
        ),
      ].slice(0, KNOWN_ADDRESSES),
    }));
  }

  private async isKnownAddress(key: string, clientAddress: string): Promise<boolean> {
    const stored = (await this.documents.getStamped<KnownAddresses>(THROTTLE_COLLECTION, [key])).get(key);
    const now = this.clock().getTime();
    return (stored?.document.addresses ?? []).some((a) => a.address === clientAddress && now - a.at < this.limits.knownAddressMs);
  }

  private async take(key: string, limit: number, windowMs: number, id: string, check: ThrottledCheck): Promise<void> {
    await this.update<Attempts>(key, (stored, now) => {
      const recent = live(stored, now, windowMs);
      if (recent.length >= limit) {
        const blockedUntil = recent[recent.length - limit]!.at + windowMs;
        const minutes = Math.max(1, Math.ceil((blockedUntil - now) / 60_000));
        throw new RequestRefused(
          429,
          check === 'login' ? 'auth.login_throttled' : 'auth.password_check_throttled',
          check === 'login' ? 'Too many failed logins' : 'Too many wrong passwords',
          `Too many failed password attempts; try again in ${minutes} minutes`,
          { minutes, count: minutes, retryAfterSeconds: Math.max(1, Math.ceil((blockedUntil - now) / 1000)) },
        );
      }
      return { attempts: [...recent, { at: now, id }] };
    });
  }

  /** Read, change, write back only if nobody wrote in between (the stamp), else again. */
  private async update<D extends Record<string, unknown>>(
    key: string,
    change: (stored: D | undefined, now: number) => D,
  ): Promise<void> {
    for (let tries = 1; ; tries++) {
      const now = this.clock().getTime();
      const stored = (await this.documents.getStamped<D>(THROTTLE_COLLECTION, [key])).get(key);
      const next = change(stored?.document, now);
      try {
        await this.documents.write(
          [{ type: 'upsert', collection: THROTTLE_COLLECTION, id: key, document: next, stamp: randomUUID() }],
          { expectStamp: { collection: THROTTLE_COLLECTION, id: key, stamp: stored?.stamp ?? null } },
        );
        return;
      } catch (error) {
        if (!(error instanceof ConcurrencyConflict) || tries >= MAX_TRIES) throw error;
      }
    }
  }
}

/** The attempts of a counter still inside its window. */
const live = (stored: Attempts | undefined, now: number, windowMs: number): Attempts['attempts'] =>
  (stored?.attempts ?? []).filter((a) => now - a.at < windowMs);
