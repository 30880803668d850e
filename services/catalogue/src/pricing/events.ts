import type { Currency, DomainEvent, Market } from '@buyloop/kit';

/**
 * A catalogue product's prices on one market, as events of the stream
 * `price-<code>-<market>`. Amounts are whole CZK or lei with VAT (spec 9).
 *
 * The schedule (regular prices from a moment, offers for a period) is the
 * truth: what a customer pays at an instant is derived from it with the
 * clock (schedule.ts). The three marker events (OfferStarted, OfferEnded,
 * PriceTookEffect) are appended by the pricing job when a scheduled moment
 * has come, so that read models and caches that only react to events change
 * exactly then; they never alter what the schedule says.
 */
export type PriceEvent =
  | DomainEvent<'PriceSet', { code: string; market: Market; currency: Currency; price: number; validFrom: string; at: string }>
  | DomainEvent<
      'OfferScheduled',
      {
        code: string;
        market: Market;
        currency: Currency;
        offerId: string;
        price: number;
        validFrom: string;
        validTo: string;
        at: string;
      }
    >
  | DomainEvent<'OfferStarted', { code: string; offerId: string; validFrom: string; at: string }>
  | DomainEvent<'OfferEnded', { code: string; offerId: string; validTo: string; at: string }>
  | DomainEvent<'PriceTookEffect', { code: string; price: number; validFrom: string; at: string }>;

export type PriceEventType = PriceEvent['type'];

export const PRICE_EVENT_TYPES: readonly PriceEventType[] = [
  'PriceSet',
  'OfferScheduled',
  'OfferStarted',
  'OfferEnded',
  'PriceTookEffect',
];

export const PRICE_STREAM_CATEGORY = 'price';

/** One stream per product and market: a product's Czech and Romanian prices never contend. */
export const priceStream = (code: string, market: Market): string => `${PRICE_STREAM_CATEGORY}-${code}-${market}`;
