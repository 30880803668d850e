import { createHash } from 'node:crypto';
import express from 'express';
import {
  parsePriceCsv,
  PRICE_IMPORT_ERRORS,
  priceAt,
  CATALOGUE_CODE_PATTERN,
  normaliseCatalogueCode,
  PRICING_ERRORS,
  timelineOf,
  sortImportErrors,
  type PriceImportError,
  type PricingService,
  type PricingState,
} from '@buyloop/catalogue';
import {
  offerRequestSchema,
  offerResultSchema,
  priceCodeParamsSchema,
  priceImportResultSchema,
  priceViewSchema,
  setPriceRequestSchema,
  setPriceResultSchema,
  type PriceView,
} from '@buyloop/contracts/catalogue/pricing';
import { actorOf, json, problem, type RouteContract, type SecuredRouter } from '@buyloop/http';
import { currencyOf, NotFound, parseInput, RequestRefused, ValidationError, type Clock, type Market } from '@buyloop/kit';
import type { PriceChange } from './projection';

export interface PricingRouteDeps {
  readonly service: PricingService;
  readonly market: Market;
  readonly clock: Clock;
  readonly settle: (checkpoint: string | null) => Promise<void>;
  /** The product's price document from the read model (null: never priced). */
  readonly document: (code: string) => Promise<{ readonly state: PricingState; readonly changes: readonly PriceChange[] } | null>;
}

const CSV_LIMIT = '4mb';
const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv'];

const contracts = {
  get: {
    summary: 'A catalogue product’s price now, its history and schedule',
    description:
      'While a time-limited offer applies the price is reduced and carries lowest_price_30d (Omnibus directive, art. 6a).',
    params: priceCodeParamsSchema,
    responses: { 200: json('The price', priceViewSchema), 404: problem('No such catalogue product, or it has no price') },
  },
  set: {
    summary: 'Set a product’s regular price, from now or from a moment',
    params: priceCodeParamsSchema,
    body: setPriceRequestSchema,
    responses: {
      200: json('The new price', setPriceResultSchema),
      404: problem('No such catalogue product on sale'),
    },
  },
  offer: {
    summary: 'A time-limited offer: a reduced price until valid_to, reverting by itself',
    params: priceCodeParamsSchema,
    body: offerRequestSchema,
    responses: {
      201: json('The offer', offerResultSchema),
      404: problem('No such catalogue product on sale'),
      409: problem('No regular price before the offer starts, or the offer is not below it'),
    },
  },
  import: {
    summary: 'Import prices from a CSV (code, price, valid_from?, valid_to?): all or nothing',
    description:
      'Only CSV files with all required columns are accepted. A refusal lists every bad row by line and column (errors keyed line_<n>.<column>); nothing is written unless every row is accepted.',
    rawBody: { mediaTypes: CSV_TYPES, description: 'The CSV, up to 4 MB, `;` or `,` separated, UTF-8' },
    responses: {
      200: json('What was imported', priceImportResultSchema),
      409: problem('A product’s prices changed during the import'),
    },
  },
} satisfies Readonly<Record<string, RouteContract>>;

/** A code from the path; one that cannot name a product is simply one that does not exist. */
function codeParam(value: unknown): string {
  const code = typeof value === 'string' ? normaliseCatalogueCode(value) : '';
  if (!CATALOGUE_CODE_PATTERN.test(code))
    throw new NotFound(PRICING_ERRORS.productNotFound, 'There is no such catalogue product', { code: String(value) });
  return code;
}

/** The API's view of a schedule at an instant: the price now and everything the back office charts. */
export function priceView(
  code: string,
  market: Market,
  state: PricingState,
  changes: readonly PriceChange[],
  at: string,
): PriceView {
  const timeline = timelineOf(state.schedule);
  const now = priceAt(state.schedule, at, timeline);
  const offer = (o: (typeof state.schedule.offers)[number]) => ({
    offer_id: o.offerId,
    price: o.price,
    valid_from: o.validFrom,
    valid_to: o.validTo,
    set_at: o.setAt,
  });
  return {
    code,
    market,
    currency: currencyOf(market),
    price: now.price,
    regular_price: now.regularPrice,
    reduced: now.reduced,
    lowest_price_30d: now.lowestPrice30d,
    reduced_since: now.reducedSince,
    offer: now.offer ? offer(now.offer) : null,
    since: now.since,
    next_change_at: now.nextChangeAt,
    history: timeline.map((segment) => ({
      from: segment.from,
      to: segment.to,
      price: segment.price,
      kind: segment.kind,
      offer_id: segment.offerId,
    })),
    schedule: {
      prices: state.schedule.prices.map((p) => ({ price: p.price, valid_from: p.validFrom, set_at: p.setAt })),
      offers: state.schedule.offers.map(offer),
    },
    changes: [...changes],
  };
}

/**
 * The back office's pricing: a product's price and history, setting the
 * regular price, time-limited offers and the CSV import. Answers to commands
 * are computed from the stream the command was decided on, so they show the
 * change even before the read model does; the command still waits for the
 * read model (settle), so the next page shows it too.
 */
/**
 * A refused price file: each row's errors under `line_<n>.<column>`, and
 * the parameters of their messages (the product's code, the first line of a
 * repeated row) under the same key, which the problem's messages read.
 */
function csvRefusal(missingColumns: readonly string[], rowErrors: readonly PriceImportError[]): ValidationError {
  const errors: Record<string, string[]> = {};
  const params: Record<string, string | number> = {
    columns: missingColumns.join(', '),
    missing_columns: missingColumns.join(', '),
    bad_rows: new Set(rowErrors.map((row) => row.line)).size,
  };
  if (missingColumns.length > 0) errors.file = [PRICE_IMPORT_ERRORS.columnsMissing];
  for (const row of rowErrors) {
    const key = `line_${row.line}${row.column ? `.${row.column}` : ''}`;
    (errors[key] ??= []).push(row.code);
    for (const [name, value] of Object.entries(row.params ?? {})) params[`${key}.${name}`] = value;
  }
  return new ValidationError('validation.failed', errors, 'The CSV cannot be imported', params);
}

export function pricingRoutes(r: SecuredRouter, deps: PricingRouteDeps): void {
  const now = () => deps.clock().toISOString();
  const freshView = async (code: string): Promise<PriceView> => {
    const [{ state }, document] = await Promise.all([deps.service.state(code), deps.document(code)]);
    return priceView(code, deps.market, state, document?.changes ?? [], now());
  };

  r.get('/api/admin/prices/:code', 'catalogue.read', contracts.get, async (req, res) => {
    const code = codeParam(req.params.code);
    const document = await deps.document(code);
    if (!document) throw new NotFound(PRICING_ERRORS.productNotFound, `${code} has no price`, { code });
    res.set('Cache-Control', 'no-store').json(priceView(code, deps.market, document.state, document.changes, now()));
  });

  r.put('/api/admin/prices/:code', 'catalogue.prices', contracts.set, async (req, res) => {
    const code = codeParam(req.params.code);
    const input = parseInput(setPriceRequestSchema, req.body ?? {});
    const result = await deps.service.setPrice(
      { code, price: input.price, validFrom: input.valid_from ?? null },
      { actor: actorOf(req, res) },
    );
    await deps.settle(result.checkpoint);
    const set = result.events.find((event) => event.type === 'PriceSet');
    res.set('Cache-Control', 'no-store').json({
      code,
      market: deps.market,
      currency: currencyOf(deps.market),
      price: input.price,
      valid_from: set?.type === 'PriceSet' ? set.data.validFrom : (priceAt(result.state.schedule, now()).since ?? now()),
      changed: result.events.length > 0,
      current: await freshView(code),
    });
  });

  r.post('/api/admin/prices/:code/offers', 'catalogue.prices', contracts.offer, async (req, res) => {
    const code = codeParam(req.params.code);
    const input = parseInput(offerRequestSchema, req.body ?? {});
    const result = await deps.service.scheduleOffer(
      { code, price: input.price, validFrom: input.valid_from ?? null, validTo: input.valid_to },
      { actor: actorOf(req, res) },
    );
    await deps.settle(result.checkpoint);
    const offer = result.state.schedule.offers.find((o) => o.offerId === result.offerId)!;
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json({
        code,
        offer_id: offer.offerId,
        price: offer.price,
        valid_from: offer.validFrom,
        valid_to: offer.validTo,
        changed: result.events.length > 0,
        current: await freshView(code),
      });
  });

  r.post(
    '/api/admin/prices/import',
    'catalogue.prices',
    contracts.import,
    express.text({ type: CSV_TYPES, limit: CSV_LIMIT }),
    async (req, res) => {
      if (typeof req.body !== 'string')
        throw new RequestRefused(415, PRICE_IMPORT_ERRORS.notCsv, 'Only CSV files are accepted', 'Send the prices as text/csv');
      const parsed = parsePriceCsv(req.body, deps.market);
      if (!parsed.ok) {
        // Whether the products exist is asked even of a file refused for its cells: one answer lists every bad row.
        const badCodes = new Set(parsed.errors.filter((row) => row.column === 'code').map((row) => row.line));
        const unsold = await deps.service.productsNotSold(parsed.codes.filter((row) => !badCodes.has(row.line)));
        throw csvRefusal(parsed.missingColumns, sortImportErrors([...parsed.errors, ...unsold]));
      }
      const fileId = createHash('sha256').update(req.body).digest('hex');
      const outcome = await deps.service.importPrices(fileId, parsed.rows, { actor: actorOf(req, res) });
      if (!outcome.ok) throw csvRefusal([], outcome.errors);
      await deps.settle(outcome.checkpoint);
      res.set('Cache-Control', 'no-store').json({
        changed_codes: [...outcome.changed],
        unchanged_codes: [...outcome.unchanged],
        events: outcome.events,
      });
    },
  );
}
