import {
  evolvePricing,
  initialPricingState,
  nextMarkerAt,
  PRICE_EVENT_TYPES,
  PRICE_STREAM_CATEGORY,
  type PriceEvent,
  type PricingState,
} from '@buyloop/catalogue';
import { assertNever, type Currency, type Market } from '@buyloop/kit';
import type { Projection } from '@buyloop/projector';

/** How many changes a product's document lists; older ones stay in the event log. */
export const PRICE_CHANGES_LIMIT = 200;

export interface PriceChange {
  readonly type: PriceEvent['type'];
  readonly at: string;
  readonly price: number | null;
  readonly valid_from: string | null;
  readonly valid_to: string | null;
  readonly offer_id: string | null;
  /** Who made the change (the job's markers: system). */
  readonly by: string | null;
}

/**
 * One product's prices on one market: the schedule as its stream holds it
 * (regular prices and offers, with the markers the job appended), the list
 * of changes for the back office, and when the job has to mark something
 * next. What applies at an instant is computed when asked (schedule.ts),
 * so a page read at 00:00:01 after an offer's end shows the regular price
 * whether or not the job has run yet.
 */
export interface PriceDocument extends Record<string, unknown> {
  readonly code: string;
  readonly market: Market;
  readonly currency: Currency;
  readonly state: PricingState;
  readonly changes: readonly PriceChange[];
  readonly next_marker_at: string | null;
  readonly updated_at: string;
}

export const PRICES_PROJECTION = 'catalogue_prices';

/** `<code>|<market>`: a product's Czech and Romanian prices are two documents. */
export const priceDocumentId = (code: string, market: Market): string => `${code}|${market}`;

const marketOfStream = (stream: string): Market | null => {
  const market = stream.slice(stream.lastIndexOf('-') + 1);
  return market === 'cz' || market === 'ro' ? market : null;
};

function changeOf(event: PriceEvent, by: string | null): PriceChange {
  switch (event.type) {
    case 'PriceSet':
      return {
        type: event.type,
        at: event.data.at,
        price: event.data.price,
        valid_from: event.data.validFrom,
        valid_to: null,
        offer_id: null,
        by,
      };
    case 'OfferScheduled':
      return {
        type: event.type,
        at: event.data.at,
        price: event.data.price,
        valid_from: event.data.validFrom,
        valid_to: event.data.validTo,
        offer_id: event.data.offerId,
        by,
      };
    case 'OfferStarted':
      return {
        type: event.type,
        at: event.data.at,
        price: null,
        valid_from: event.data.validFrom,
        valid_to: null,
        offer_id: event.data.offerId,
        by,
      };
    case 'OfferEnded':
      return {
        type: event.type,
        at: event.data.at,
        price: null,
        valid_from: null,
        valid_to: event.data.validTo,
        offer_id: event.data.offerId,
        by,
      };
    case 'PriceTookEffect':
      return {
        type: event.type,
        at: event.data.at,
        price: event.data.price,
        valid_from: event.data.validFrom,
        valid_to: null,
        offer_id: null,
        by,
      };
    default:
      return assertNever(event, 'price event');
  }
}

export const pricesProjection: Projection<PriceDocument> = {
  name: PRICES_PROJECTION,
  version: 1,
  handles: PRICE_EVENT_TYPES,
  collection: {
    fields: {
      code: { path: 'code', type: 'string' },
      market: { path: 'market', type: 'string' },
      next_marker_at: { path: 'next_marker_at', type: 'date' },
      updated_at: { path: 'updated_at', type: 'date' },
    },
    indexes: ['next_marker_at', ['market', 'code']],
  },
  key(event) {
    if (!event.stream.startsWith(`${PRICE_STREAM_CATEGORY}-`)) return null;
    const market = marketOfStream(event.stream);
    const code = (event.data as { code?: unknown }).code;
    return market && typeof code === 'string' ? priceDocumentId(code, market) : null;
  },
  evolve(document, recorded) {
    const event = { type: recorded.type, data: recorded.data } as PriceEvent;
    const state = evolvePricing(document?.state ?? initialPricingState(), event);
    const market = marketOfStream(recorded.stream)!;
    return {
      code: event.data.code,
      market,
      currency: state.currency ?? (market === 'cz' ? 'CZK' : 'RON'),
      state,
      changes: [changeOf(event, recorded.metadata.actor.userId), ...(document?.changes ?? [])].slice(0, PRICE_CHANGES_LIMIT),
      next_marker_at: nextMarkerAt(state),
      updated_at: recorded.recordedAt.toISOString(),
    };
  },
};
