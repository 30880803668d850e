import { isDomainError, systemActor, type Clock } from '@buyloop/kit';
import type { DocumentStore, Lease } from '@buyloop/document-store';
import type { BuybackService } from '../buyback-service';

/** Days a paid buy-back stays open for a returned bank transfer before it is completed. */
export const COMPLETE_AFTER_PAID_DAYS = 1;

export interface DueBuybacks {
  /** Revised offers whose answer period ended by `now`. */
  revisedOffersExpiredBy(now: string): Promise<readonly string[]>;
  /** Buy-backs paid at or before `paidBy`. */
  paidBy(paidBy: string): Promise<readonly string[]>;
}

export interface SchedulerOptions {
  readonly service: BuybackService;
  readonly due: DueBuybacks;
  readonly documents: DocumentStore;
  readonly clock: Clock;
  readonly intervalMs?: number;
  readonly onError?: (error: unknown) => void;
  /** Waits until the read models show a step taken, so one round never sees the previous round's work as due. */
  readonly settle?: (checkpoint: string | null) => Promise<void>;
}

/**
 * The time-driven steps of the buy-back lifecycle: a revised offer left
 * unanswered expires (the device goes back), a paid buy-back is completed.
 * It is replay-safe by construction: it never reacts to events as they are
 * replayed, it asks the read model what is due now and sends commands the
 * deciders accept once (an offer already expired decides nothing). One
 * process runs it, under a lease.
 */
export class BuybackScheduler {
  private timer: NodeJS.Timeout | null = null;
  private lease: Lease | null = null;
  private running: Promise<unknown> | null = null;

  constructor(private readonly options: SchedulerOptions) {}

  /** One round: everything due now. Returns what it moved, for tests and logs. */
  async tick(): Promise<{ expired: string[]; completed: string[] }> {
    const now = this.options.clock();
    const ctx = { actor: systemActor };
    const expired: string[] = [];
    const completed: string[] = [];
    for (const number of await this.options.due.revisedOffersExpiredBy(now.toISOString())) {
      if (await this.attempt(() => this.options.service.expireRevisedOffer(number, ctx))) expired.push(number);
    }
    const paidBy = new Date(now.getTime() - COMPLETE_AFTER_PAID_DAYS * 86_400_000).toISOString();
    for (const number of await this.options.due.paidBy(paidBy)) {
      if (await this.attempt(() => this.options.service.complete(number, ctx))) completed.push(number);
    }
    return { expired, completed };
  }

  /** False when the buy-back moved on meanwhile (a refusal): the read model lagged, nothing to do. */
  private async attempt(work: () => Promise<{ events: readonly unknown[]; checkpoint: string | null }>): Promise<boolean> {
    try {
      const result = await work();
      if (result.events.length === 0) return false;
      await this.options.settle?.(result.checkpoint);
      return true;
    } catch (error) {
      if (isDomainError(error)) return false;
      throw error;
    }
  }

  start(): void {
    const intervalMs = this.options.intervalMs ?? 60_000;
    const round = async () => {
      try {
        this.lease ??= await this.options.documents.tryLease('buyback-scheduler');
        if (this.lease) await this.tick();
      } catch (error) {
        this.options.onError?.(error);
      }
    };
    const loop = () => {
      this.running = round().finally(() => {
        if (this.timer !== null) this.timer = setTimeout(loop, intervalMs).unref();
      });
    };
    this.timer = setTimeout(loop, 0).unref();
  }

  async stop(): Promise<void> {
    const timer = this.timer;
    this.timer = null;
    if (timer) clearTimeout(timer);
    await this.running?.catch(() => undefined);
    await this.lease?.release().catch(() => undefined);
    this.lease = null;
  }
}
