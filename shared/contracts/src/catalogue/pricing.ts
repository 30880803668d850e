import { z } from 'zod';
import { currencies, markets } from '@buyloop/kit';

/**
 * The catalogue's pricing routes, as zod schemas: what the back office sends
 * and what it is answered. Amounts are whole CZK or lei with VAT (spec 9).
 * The request schemas check the shape (types, unknown fields); the price
 * rules themselves (whole, from 1, the market's ceiling, periods) answer
 * field errors of their own from the service, so the form and the CSV import
 * get the same messages.
 */

const timestamp = z.iso.datetime({ offset: true });
const amount = z.number().meta({ description: 'Whole CZK or lei, VAT included; from 1 to the market’s ceiling' });

export const setPriceRequestSchema = z
  .strictObject({
    price: amount,
    valid_from: timestamp.nullable().optional().meta({ description: 'When the price takes effect; now when absent' }),
  })
  .meta({ id: 'CatalogueSetPriceRequest' });
export type SetPriceRequest = z.infer<typeof setPriceRequestSchema>;

export const offerRequestSchema = z
  .strictObject({
    price: amount,
    valid_from: timestamp.nullable().optional().meta({ description: 'When the offer starts; now when absent' }),
    valid_to: timestamp.meta({ description: 'When the offer ends and the regular price applies again by itself' }),
  })
  .meta({ id: 'CatalogueOfferRequest' });
export type OfferRequest = z.infer<typeof offerRequestSchema>;

export const priceCodeParamsSchema = z.strictObject({ code: z.string().meta({ description: 'The catalogue product’s code' }) });

const offerSchema = z
  .strictObject({
    offer_id: z.string(),
    price: z.number().int(),
    valid_from: timestamp,
    valid_to: timestamp,
    set_at: timestamp,
  })
  .meta({ id: 'CataloguePriceOffer' });

export const priceSegmentSchema = z
  .strictObject({
    from: timestamp,
    to: timestamp.nullable(),
    price: z.number().int(),
    kind: z.enum(['regular', 'offer']),
    offer_id: z.string().nullable(),
  })
  .meta({ id: 'CataloguePriceSegment', description: 'A stretch of time with one applied price (the chart’s step)' });
export type PriceSegmentView = z.infer<typeof priceSegmentSchema>;

export const priceChangeSchema = z
  .strictObject({
    type: z.enum(['PriceSet', 'OfferScheduled', 'OfferStarted', 'OfferEnded', 'PriceTookEffect']),
    at: timestamp,
    price: z.number().int().nullable(),
    valid_from: timestamp.nullable(),
    valid_to: timestamp.nullable(),
    offer_id: z.string().nullable(),
    by: z.string().nullable(),
  })
  .meta({ id: 'CataloguePriceChange' });

export const priceViewSchema = z
  .strictObject({
    code: z.string(),
    market: z.enum(markets),
    currency: z.enum(currencies),
    price: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'What a customer pays now; null before the first price takes effect' }),
    regular_price: z.number().int().nullable(),
    reduced: z.boolean().meta({ description: 'A time-limited offer applies now' }),
    lowest_price_30d: z.number().int().nullable().meta({
      description: 'While reduced: the lowest price applied in the 30 days before the reduction took effect (Omnibus, art. 6a)',
    }),
    reduced_since: timestamp.nullable(),
    offer: offerSchema.nullable(),
    since: timestamp.nullable(),
    next_change_at: timestamp.nullable(),
    history: z.array(priceSegmentSchema).meta({ description: 'The applied price over time, scheduled changes included' }),
    schedule: z.strictObject({
      prices: z.array(z.strictObject({ price: z.number().int(), valid_from: timestamp, set_at: timestamp })),
      offers: z.array(offerSchema),
    }),
    changes: z.array(priceChangeSchema).meta({ description: 'Every change, newest first' }),
  })
  .meta({ id: 'CataloguePrice' });
export type PriceView = z.infer<typeof priceViewSchema>;

export const setPriceResultSchema = z
  .strictObject({
    code: z.string(),
    market: z.enum(markets),
    currency: z.enum(currencies),
    price: z.number().int().meta({ description: 'The price just set' }),
    valid_from: timestamp,
    changed: z.boolean().meta({ description: 'False when this price was in force already (nothing written)' }),
    current: priceViewSchema,
  })
  .meta({ id: 'CatalogueSetPriceResult' });
export type SetPriceResult = z.infer<typeof setPriceResultSchema>;

export const offerResultSchema = z
  .strictObject({
    code: z.string(),
    offer_id: z.string(),
    price: z.number().int(),
    valid_from: timestamp,
    valid_to: timestamp,
    changed: z.boolean(),
    current: priceViewSchema,
  })
  .meta({ id: 'CatalogueOfferResult' });
export type OfferResult = z.infer<typeof offerResultSchema>;

export const priceImportResultSchema = z
  .strictObject({
    changed_codes: z.array(z.string()),
    unchanged_codes: z.array(z.string()),
    events: z.number().int().min(0),
  })
  .meta({ id: 'CataloguePriceImportResult' });
export type PriceImportResult = z.infer<typeof priceImportResultSchema>;

/** The price CSV's columns (in the zod-free vocabulary, so the back office's import page lists them too). */
export { PRICE_CSV_OPTIONAL_COLUMNS, PRICE_CSV_REQUIRED_COLUMNS } from './vocabulary';
