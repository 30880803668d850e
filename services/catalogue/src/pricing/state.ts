import { assertNever, type Currency, type Market } from '@buyloop/kit';
import type { PriceEvent } from './events';
import type { PriceSchedule } from './schedule';

/** A product's price stream folded: its schedule, and which scheduled moments the job has marked already. */
export interface PricingState {
  readonly code: string | null;
  readonly market: Market | null;
  readonly currency: Currency | null;
  readonly schedule: PriceSchedule;
  /** Offers whose (future) start was marked with OfferStarted. */
  readonly started: readonly string[];
  /** Offers whose end was marked with OfferEnded. */
  readonly ended: readonly string[];
  /** Indexes into schedule.prices of future-dated prices marked with PriceTookEffect. */
  readonly tookEffect: readonly number[];
}

export const initialPricingState = (): PricingState => ({
  code: null,
  market: null,
  currency: null,
  schedule: { prices: [], offers: [] },
  started: [],
  ended: [],
  tookEffect: [],
});

export function evolvePricing(state: PricingState, event: PriceEvent): PricingState {
  switch (event.type) {
    case 'PriceSet': {
      const { code, market, currency, price, validFrom, at } = event.data;
      return {
        ...state,
        code,
        market,
        currency,
        schedule: { ...state.schedule, prices: [...state.schedule.prices, { price, validFrom, setAt: at }] },
      };
    }
    case 'OfferScheduled': {
      const { code, market, currency, offerId, price, validFrom, validTo, at } = event.data;
      return {
        ...state,
        code,
        market,
        currency,
        schedule: { ...state.schedule, offers: [...state.schedule.offers, { offerId, price, validFrom, validTo, setAt: at }] },
      };
    }
    case 'OfferStarted':
      return { ...state, started: [...state.started, event.data.offerId] };
    case 'OfferEnded':
      return { ...state, ended: [...state.ended, event.data.offerId] };
    case 'PriceTookEffect': {
      const { price, validFrom } = event.data;
      const index = state.schedule.prices.findIndex(
        (entry, i) => entry.price === price && entry.validFrom === validFrom && !state.tookEffect.includes(i),
      );
      return index < 0 ? state : { ...state, tookEffect: [...state.tookEffect, index] };
    }
    default:
      return assertNever(event, 'price event');
  }
}

export type ScheduleMarker =
  | { readonly kind: 'offer_started'; readonly at: string; readonly offerId: string }
  | { readonly kind: 'offer_ended'; readonly at: string; readonly offerId: string }
  | { readonly kind: 'price_took_effect'; readonly at: string; readonly index: number };

const ms = (iso: string): number => new Date(iso).getTime();

/**
 * Scheduled moments not marked yet, earliest first: future-dated prices and
 * offer starts (a price or offer starting when it was set needs no marker,
 * its own event is that moment) and every offer's end.
 */
export function pendingMarkers(state: PricingState): ScheduleMarker[] {
  const markers: ScheduleMarker[] = [];
  state.schedule.prices.forEach((entry, index) => {
    if (ms(entry.validFrom) > ms(entry.setAt) && !state.tookEffect.includes(index))
      markers.push({ kind: 'price_took_effect', at: entry.validFrom, index });
  });
  for (const offer of state.schedule.offers) {
    if (ms(offer.validFrom) > ms(offer.setAt) && !state.started.includes(offer.offerId))
      markers.push({ kind: 'offer_started', at: offer.validFrom, offerId: offer.offerId });
    if (!state.ended.includes(offer.offerId)) markers.push({ kind: 'offer_ended', at: offer.validTo, offerId: offer.offerId });
  }
  const order = { offer_ended: 0, price_took_effect: 1, offer_started: 2 } as const;
  return markers.sort((a, b) => ms(a.at) - ms(b.at) || order[a.kind] - order[b.kind]);
}

/** When the pricing job has to mark something next; null when nothing is scheduled. */
export const nextMarkerAt = (state: PricingState): string | null => pendingMarkers(state)[0]?.at ?? null;
