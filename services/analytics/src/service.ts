import { randomUUID } from 'node:crypto';
import type { EventStore } from '@buyloop/event-store';
import type { AppendResult, Market } from '@buyloop/kit';
import type { VisitBatch } from './contracts';
import { visitsDecider } from './decider';
import { ANONYMOUS_VISITOR, visitsStream } from './events';

export interface AnalyticsServiceDeps {
  readonly events: Pick<EventStore, 'append'>;
  readonly market: Market;
  /** The batch's stream id; a fresh UUID unless a test names it. */
  readonly newBatchId?: () => string;
}

/** Records what browsers report: each batch into a stream of its own, as an anonymous visitor. */
export class AnalyticsService {
  constructor(private readonly deps: AnalyticsServiceDeps) {}

  async record(
    batch: VisitBatch,
  ): Promise<{ readonly stream: string; readonly accepted: number; readonly result: AppendResult }> {
    const stream = visitsStream((this.deps.newBatchId ?? randomUUID)());
    // The stream is new, so its state is the initial one: nothing to read first.
    const events = visitsDecider.decide({ type: 'RecordVisits', visits: batch.events }, visitsDecider.initialState());
    const result = await this.deps.events.append(stream, events, {
      expectedVersion: 'no_stream',
      actor: ANONYMOUS_VISITOR,
      market: this.deps.market,
    });
    return { stream, accepted: events.length, result };
  }
}
