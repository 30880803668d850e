import type { Clock } from '@buyloop/kit';

export interface ThrottleLimits {
  /** Batches one client address may send per window. */
  readonly perClient: number;
  readonly windowMs: number;
}

/**
 * A browser sends a batch every few seconds at most (usePageView and the view
 * tracker flush together), so 120 a minute lets an office behind one address
 * browse freely while a script posting in a loop is stopped.
 */
export const DEFAULT_THROTTLE: ThrottleLimits = { perClient: 120, windowMs: 60_000 };

/** Distinct addresses remembered in one window; past it the window restarts rather than memory growing. */
const MAX_CLIENTS = 100_000;

/**
 * Batches per client address in fixed windows of the module's clock (so tests
 * move time instead of waiting), counted in this process: analytics is
 * approximate by nature and one API process serves a shop today.
 * `express-rate-limit` does the same for the buy-back, but is not a
 * dependency of this package.
 */
export class ClientThrottle {
  private windowStart = Number.NEGATIVE_INFINITY;
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
  ) {}

  /** Takes one slot for the address: null when allowed, else the seconds until its window ends. */
  take(address: string): number | null {
    const now = this.clock().getTime();
    if (now >= this.windowStart + this.limits.windowMs || this.counts.size >= MAX_CLIENTS) {
      this.windowStart = now;
      this.counts.clear();
    }
    const used = this.counts.get(address) ?? 0;
    if (used >= this.limits.perClient) return Math.max(1, Math.ceil((this.windowStart + this.limits.windowMs - now) / 1000));
    this.counts.set(address, used + 1);
    return null;
  }
}
