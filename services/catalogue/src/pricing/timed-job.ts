import type { Clock } from '@buyloop/kit';

/** The one call of the document store a job needs: a lease, so one process runs it. */
export interface LeaseProvider {
  tryLease(name: string): Promise<{ readonly lost: Promise<void>; release(): Promise<void> } | null>;
}

export interface TimedJobOptions {
  /** Names the lease too: one process in the deployment runs the job. */
  readonly name: string;
  readonly leases: LeaseProvider;
  readonly clock: Clock;
  /** The longest wait between rounds. */
  readonly intervalMs: number;
  /** One round: whatever is due now. */
  readonly tick: () => Promise<unknown>;
  /** When something is due next (ISO), to wake up exactly then rather than at the next interval. */
  readonly nextDueAt?: () => Promise<string | null>;
  readonly onError?: (error: unknown) => void;
}

/**
 * A job that wakes at the next due moment (or after `intervalMs`, whichever
 * is sooner) and does what is due, under a lease. It is replay-safe like the
 * buy-back's scheduler: it never reacts to events as they are replayed; it
 * asks a read model what is due and sends commands the deciders accept once.
 */
export class TimedJob {
  private timer: NodeJS.Timeout | null = null;
  private lease: Awaited<ReturnType<LeaseProvider['tryLease']>> = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(private readonly options: TimedJobOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.round().then((next) => this.schedule(next));
    }, delayMs).unref();
  }

  private async round(): Promise<number> {
    try {
      this.lease ??= await this.options.leases.tryLease(this.options.name);
      if (!this.lease) return this.options.intervalMs;
      await this.options.tick();
      const due = await this.options.nextDueAt?.();
      if (!due) return this.options.intervalMs;
      // A few milliseconds late rather than early: a round that comes early finds nothing due yet.
      const wait = new Date(due).getTime() - this.options.clock().getTime() + 5;
      return Math.max(0, Math.min(this.options.intervalMs, wait));
    } catch (error) {
      this.options.onError?.(error);
      return this.options.intervalMs;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
    await this.lease?.release().catch(() => undefined);
    this.lease = null;
  }
}
