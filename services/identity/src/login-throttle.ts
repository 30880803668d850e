import { RequestRefused, type Clock } from '@buyloop/kit';
import type { DocumentStore } from '@buyloop/document-store';
import { sha256 } from './sessions';

/**
 * Failed logins are counted per account and per client address in a sliding
 * window; past the limit, logins are refused (429) until the oldest failure
 * leaves the window, even with the right password. Counting per address
 * stops one machine from trying many accounts; per account stops many
 * machines from trying one. A success clears the account's count.
 */
export interface ThrottleLimits {
  readonly windowMs: number;
  readonly perAccount: number;
  readonly perAddress: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 20 };
export const THROTTLE_COLLECTION = 'login_throttle';

interface Failures extends Record<string, unknown> {
  readonly at: number[];
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

  private keys(email: string, clientAddress: string) {
    return { account: `account:${sha256(email)}`, address: `address:${clientAddress}` };
  }

  private recent(failures: Failures | null | undefined, now: number): number[] {
    return (failures?.at ?? []).filter((at) => now - at < this.limits.windowMs);
  }

  /** Throws a 429 refusal when the account or the address is over its limit. */
  async check(email: string, clientAddress: string): Promise<void> {
    await this.ensure();
    const now = this.clock().getTime();
    const keys = this.keys(email, clientAddress);
    const stored = await this.documents.getMany<Failures>(THROTTLE_COLLECTION, [keys.account, keys.address]);
    const account = this.recent(stored.get(keys.account), now);
    const address = this.recent(stored.get(keys.address), now);
    const blockedUntil = Math.max(
      account.length >= this.limits.perAccount ? account[account.length - this.limits.perAccount]! + this.limits.windowMs : 0,
      address.length >= this.limits.perAddress ? address[address.length - this.limits.perAddress]! + this.limits.windowMs : 0,
    );
    if (blockedUntil > now) {
      const minutes = Math.max(1, Math.ceil((blockedUntil - now) / 60_000));
      throw new RequestRefused(
        429,
        'auth.login_throttled',
        'Too many failed logins',
        `Too many failed login attempts; try again in ${minutes} minutes`,
        { minutes, count: minutes, retryAfterSeconds: Math.ceil((blockedUntil - now) / 1000) },
      );
    }
  }

  async recordFailure(email: string, clientAddress: string): Promise<void> {
    await this.ensure();
    const now = this.clock().getTime();
    const keys = this.keys(email, clientAddress);
    const stored = await this.documents.getMany<Failures>(THROTTLE_COLLECTION, [keys.account, keys.address]);
    const cap = Math.max(this.limits.perAccount, this.limits.perAddress);
    await this.documents.write(
      [keys.account, keys.address].map((id) => ({
        type: 'upsert' as const,
        collection: THROTTLE_COLLECTION,
        id,
        document: { at: [...this.recent(stored.get(id), now), now].slice(-cap) },
      })),
    );
  }

  async clearAccount(email: string): Promise<void> {
    await this.ensure();
    await this.documents.delete(THROTTLE_COLLECTION, this.keys(email, '').account);
  }
}
