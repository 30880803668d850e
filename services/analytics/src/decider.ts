import { IllegalState, type Decider } from '@buyloop/kit';
import type { VisitInput } from './contracts';
import type { AnalyticsEvent } from './events';

/** A browser's batch of visits, as the endpoint accepted it. */
export interface RecordVisits {
  readonly type: 'RecordVisits';
  readonly visits: readonly VisitInput[];
}

export interface VisitsState {
  /** Events the batch's stream holds: a batch is recorded once, whole. */
  readonly recorded: number;
}

/** The event a visit becomes: the input's fields, less the discriminator the event type now carries. */
export function eventOf(visit: VisitInput): AnalyticsEvent {
  switch (visit.type) {
    case 'page_view':
      return { type: 'PageViewed', data: { page_type: visit.page_type, registered: visit.registered, path: visit.path } };
    case 'view':
      return {
        type: 'ElementViewed',
        data: { element_id: visit.element_id, element_kind: visit.element_kind, page_type: visit.page_type },
      };
    default: {
      const unknown: never = visit;
      throw new Error(`Unknown visit ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * One batch stream: recording a batch turns each visit into its event. The
 * stream is new for every batch (its name is a fresh UUID), so the only
 * refusal is a second recording into the same stream, which would count the
 * visits twice.
 */
export const visitsDecider: Decider<RecordVisits, AnalyticsEvent, VisitsState> = {
  initialState: () => ({ recorded: 0 }),
  evolve: (state) => ({ recorded: state.recorded + 1 }),
  decide(command, state) {
    if (state.recorded > 0) throw new IllegalState('analytics.batch_recorded', 'This batch of visits is recorded already');
    return command.visits.map(eventOf);
  },
};
