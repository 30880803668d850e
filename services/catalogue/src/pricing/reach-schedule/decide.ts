import { assertNever } from '@buyloop/kit';
import type { PriceEvent } from '../events';
import { pendingMarkers, type PricingState } from '../state';

/**
 * The pricing job's command: mark every scheduled moment that has come by
 * `at` (an offer starting or ending, a future price taking effect) with its
 * event, in the order they happened. The price itself never depends on these
 * events (it is derived from the schedule with the clock); they exist so that
 * whatever reacts to events (read models, the page cache) changes then.
 * Marking twice is impossible: a marked moment is no longer pending.
 */
export interface ReachSchedule {
  readonly type: 'ReachSchedule';
  readonly at: string;
}

export function decideReachSchedule(command: ReachSchedule, state: PricingState): PriceEvent[] {
  const now = new Date(command.at).getTime();
  const code = state.code;
  if (code === null) return [];
  return pendingMarkers(state)
    .filter((marker) => new Date(marker.at).getTime() <= now)
    .map((marker): PriceEvent => {
      switch (marker.kind) {
        case 'offer_started':
          return { type: 'OfferStarted', data: { code, offerId: marker.offerId, validFrom: marker.at, at: command.at } };
        case 'offer_ended':
          return { type: 'OfferEnded', data: { code, offerId: marker.offerId, validTo: marker.at, at: command.at } };
        case 'price_took_effect': {
          const entry = state.schedule.prices[marker.index]!;
          return { type: 'PriceTookEffect', data: { code, price: entry.price, validFrom: entry.validFrom, at: command.at } };
        }
        default:
          return assertNever(marker, 'schedule marker');
      }
    });
}
