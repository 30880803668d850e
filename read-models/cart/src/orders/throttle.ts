import { RequestRefused } from '@buyloop/kit';
import { ORDER_ERROR_CODES } from '@buyloop/contracts/cart/orders';

/**
 * Finishes per client (issue 15: no captcha, a throttle instead): at most
 * `limit` in a sliding `windowMs` per key (client address and cart). In
 * memory, so per process, like the buy-back's e-mail limit.
 */
export class FinishThrottle {
  private readonly seen = new Map<string, number[]>();

  constructor(
    private readonly limit = 10,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): void {
    const now = this.now();
    const recent = (this.seen.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000));
      this.seen.set(key, recent);
      throw new RequestRefused(
        429,
        ORDER_ERROR_CODES.throttled,
        'Too many orders',
        'Too many orders from this client; wait a moment',
        {
          retryAfterSeconds,
        },
      );
    }
    recent.push(now);
    this.seen.set(key, recent);
    // Keys of clients gone quiet are dropped now and then, so the map stays small.
    if (this.seen.size > 10_000)
      for (const [other, times] of this.seen) if (times.every((at) => at <= now - this.windowMs)) this.seen.delete(other);
  }
}
