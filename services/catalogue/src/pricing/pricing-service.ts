import { randomUUID } from 'node:crypto';
import {
  ConcurrencyConflict,
  fold,
  handleCommand,
  IllegalState,
  isDomainError,
  NotFound,
  ValidationError,
  type Actor,
  type Checkpoint,
  type Clock,
  type Market,
  type StreamStore,
} from '@buyloop/kit';
import { pricingDecider, type PricingCommand } from './decider';
import { priceStream, type PriceEvent } from './events';
import { deterministicId } from './ids';
import { normaliseCatalogueCode, readProductFacts } from './catalogue-product';
import { checkPriceInput, PRICING_ERRORS } from './rules';
import { priceAt, timelineOf, type PriceAtInstant, type PriceSegment } from './schedule';
import type { PricingState } from './state';

export interface PricingCommandContext {
  readonly actor: Actor;
  readonly correlationId?: string;
  readonly causationId?: string | null;
}

export interface PricingResult {
  readonly code: string;
  readonly events: readonly PriceEvent[];
  readonly state: PricingState;
  readonly streamVersion: bigint;
  readonly checkpoint: Checkpoint | null;
}

export interface PricingServiceDeps {
  readonly events: StreamStore;
  readonly market: Market;
  readonly clock: Clock;
}

/** A row of a price import: a regular price, or an offer when `validTo` is given. */
export interface PriceImportRow {
  /** The file's line, for errors. */
  readonly line: number;
  readonly code: string;
  readonly price: number;
  readonly validFrom: string | null;
  readonly validTo: string | null;
}

export interface PriceImportError {
  readonly line: number;
  readonly column?: string;
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export type PriceImportOutcome =
  | {
      readonly ok: true;
      readonly changed: readonly string[];
      readonly unchanged: readonly string[];
      readonly events: number;
      readonly checkpoint: Checkpoint | null;
    }
  | { readonly ok: false; readonly errors: readonly PriceImportError[] };

/** Re-deciding a price on a newer stream is safe: the decision only depends on the schedule. */
const RETRY = { attempts: 5 } as const;

/**
 * The pricing application service: the back office, the CSV import, the
 * pricing job and the demo data set prices through it. Every command checks
 * its input first (400 before anything else), then that the product exists
 * and is sold (404), then decides on the product's price stream.
 */
export class PricingService {
  constructor(private readonly deps: PricingServiceDeps) {}

  get market(): Market {
    return this.deps.market;
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }

  private async requireSoldProduct(code: string): Promise<void> {
    const facts = await readProductFacts(this.deps.events, code);
    if (!facts.exists || facts.discontinued)
      throw new NotFound(PRICING_ERRORS.productNotFound, `There is no catalogue product ${code} on sale`, { code });
  }

  private async handle(code: string, command: PricingCommand, ctx: PricingCommandContext, newId?: (index: number) => string) {
    const result = await handleCommand(this.deps.events, pricingDecider, priceStream(code, this.deps.market), command, {
      actor: ctx.actor,
      market: this.deps.market,
      retry: RETRY,
      ...(ctx.correlationId !== undefined ? { correlationId: ctx.correlationId } : {}),
      ...(ctx.causationId !== undefined ? { causationId: ctx.causationId } : {}),
      ...(newId ? { newId: (_event: PriceEvent, index: number) => newId(index) } : {}),
    });
    return {
      code,
      events: result.events,
      state: result.state,
      streamVersion: result.streamVersion,
      checkpoint: result.checkpoint,
    } satisfies PricingResult;
  }

  /** A regular price from `validFrom` (now when absent). */
  async setPrice(
    input: { readonly code: string; readonly price: number; readonly validFrom?: string | null; readonly allowPast?: boolean },
    ctx: PricingCommandContext,
  ): Promise<PricingResult> {
    const at = this.now();
    const code = normaliseCatalogueCode(input.code);
    const command = {
      type: 'SetPrice',
      code,
      market: this.deps.market,
      price: input.price,
      validFrom: input.validFrom ?? null,
      at,
      ...(input.allowPast ? { allowPast: true } : {}),
    } as const;
    checkPriceInput(command, this.deps.market, at);
    await this.requireSoldProduct(code);
    return this.handle(code, command, ctx);
  }

  /** A time-limited offer; `offerId` makes a repeated request harmless (one is generated when absent). */
  async scheduleOffer(
    input: {
      readonly code: string;
      readonly offerId?: string;
      readonly price: number;
      readonly validFrom?: string | null;
      readonly validTo: string;
      readonly allowPast?: boolean;
    },
    ctx: PricingCommandContext,
  ): Promise<PricingResult & { readonly offerId: string }> {
    const at = this.now();
    const offerId = input.offerId ?? randomUUID();
    const code = normaliseCatalogueCode(input.code);
    const command = {
      type: 'ScheduleOffer',
      code,
      market: this.deps.market,
      offerId,
      price: input.price,
      validFrom: input.validFrom ?? null,
      validTo: input.validTo,
      at,
      ...(input.allowPast ? { allowPast: true } : {}),
    } as const;
    checkPriceInput(command, this.deps.market, at);
    await this.requireSoldProduct(code);
    return { ...(await this.handle(code, command, ctx)), offerId };
  }

  /** The pricing job's step for one product: marks the scheduled moments that have come. */
  async reachSchedule(code: string, ctx: PricingCommandContext): Promise<PricingResult> {
    return this.handle(normaliseCatalogueCode(code), { type: 'ReachSchedule', at: this.now() }, ctx);
  }

  /** The product's price stream folded, and its version. */
  async state(code: string): Promise<{ readonly state: PricingState; readonly version: bigint }> {
    const events = await this.deps.events.readStream(priceStream(normaliseCatalogueCode(code), this.deps.market));
    return {
      state: fold(pricingDecider, events as unknown as readonly PriceEvent[]),
      version: events.at(-1)?.streamVersion ?? 0n,
    };
  }

  /** The price at an instant (now by default) and the applied-price timeline, straight from the stream. */
  async priceOf(
    code: string,
    at: string = this.now(),
  ): Promise<{ readonly current: PriceAtInstant; readonly timeline: PriceSegment[] }> {
    const { state } = await this.state(code);
    const timeline = timelineOf(state.schedule);
    return { current: priceAt(state.schedule, at, timeline), timeline };
  }

  /**
   * A whole price file, all or nothing: every row is checked and decided
   * against its product's stream first (in file order, rows of one product
   * on top of each other), and only when no row is refused is anything
   * written, one append per product with the version that was read.
   *
   * What "nothing" can and cannot promise without a transaction across
   * streams: a concurrent change to one of the products between the check
   * and its append makes that product be decided again (its rows are safe to
   * re-decide); should a re-decision refuse now, the products before it stay
   * written and the error says which.
   *
   * Event and offer ids derive from the file, the product and the stream
   * version its rows were decided on. The same file sent again after an
   * interrupted run decides the products it did not reach on the same
   * versions, so a write that did land after all is recognised as a
   * duplicate; products it did write are decided anew, where the prices
   * already in force make their rows write nothing. Once anything else
   * changed a product's prices (a price set by hand), its version moved on
   * and the file's rows are written again: sending a file sets its prices.
   */
  async importPrices(fileId: string, rows: readonly PriceImportRow[], ctx: PricingCommandContext): Promise<PriceImportOutcome> {
    const at = this.now();
    const byCode = new Map<string, PriceImportRow[]>();
    for (const row of rows) {
      const code = normaliseCatalogueCode(row.code);
      byCode.set(code, [...(byCode.get(code) ?? []), { ...row, code }]);
    }

    const errors: PriceImportError[] = await this.productsNotSold(rows);
    const unsold = new Set(errors.map((error) => error.line));
    const planned = new Map<string, { version: bigint; events: PriceEvent[] }>();
    for (const [code, codeRows] of byCode) {
      if (codeRows.some((row) => unsold.has(row.line))) continue;
      const plan = await this.planImport(fileId, code, codeRows, at, errors);
      if (plan) planned.set(code, plan);
    }
    if (errors.length > 0) return { ok: false, errors: sortImportErrors(errors) };

    const changed: string[] = [];
    const unchanged: string[] = [];
    let events = 0;
    let checkpoint: Checkpoint | null = null;
    for (const [code, first] of planned) {
      let plan = first;
      for (let attempt = 1; ; attempt++) {
        if (plan.events.length === 0) {
          unchanged.push(code);
          break;
        }
        try {
          const appended = await this.deps.events.append(
            priceStream(code, this.deps.market),
            plan.events.map((event, index) => ({
              id: deterministicId('price-import', fileId, code, String(plan.version), index),
              ...event,
            })),
            {
              expectedVersion: plan.version,
              actor: ctx.actor,
              market: this.deps.market,
              ...(ctx.correlationId !== undefined ? { correlationId: ctx.correlationId } : {}),
            },
          );
          if (!appended.duplicate) {
            changed.push(code);
            events += plan.events.length;
          } else unchanged.push(code);
          checkpoint = appended.checkpoint;
          break;
        } catch (error) {
          if (!(error instanceof ConcurrencyConflict) || attempt >= RETRY.attempts) throw error;
          const again: PriceImportError[] = [];
          const replanned = await this.planImport(fileId, code, byCode.get(code)!, at, again);
          if (!replanned)
            throw new IllegalState('catalogue.pricing.import.changed_meanwhile', `Prices of ${code} changed during the import`, {
              code,
              written: changed.join(', '),
            });
          plan = replanned;
        }
      }
    }
    return { ok: true, changed, unchanged, events, checkpoint };
  }

  /**
   * `catalogue.pricing.product_not_found` at the code of every row whose
   * product is not in the catalogue or no longer sold; also asked for a file
   * refused for its cells, so one answer lists every bad row.
   */
  async productsNotSold(rows: readonly { readonly line: number; readonly code: string }[]): Promise<PriceImportError[]> {
    const sold = new Map<string, boolean>();
    const errors: PriceImportError[] = [];
    for (const row of rows) {
      const code = normaliseCatalogueCode(row.code);
      if (!sold.has(code)) {
        const facts = await readProductFacts(this.deps.events, code);
        sold.set(code, facts.exists && !facts.discontinued);
      }
      if (!sold.get(code))
        errors.push({ line: row.line, column: 'code', code: PRICING_ERRORS.productNotFound, params: { code } });
    }
    return errors;
  }

  /** Decides one product's rows on its stream in memory; null (with errors added) when a row is refused. */
  private async planImport(
    fileId: string,
    code: string,
    rows: readonly PriceImportRow[],
    at: string,
    errors: PriceImportError[],
  ): Promise<{ version: bigint; events: PriceEvent[] } | null> {
    const stored = await this.deps.events.readStream(priceStream(code, this.deps.market));
    const version = stored.at(-1)?.streamVersion ?? 0n;
    let state = fold(pricingDecider, stored as unknown as readonly PriceEvent[]);
    const events: PriceEvent[] = [];
    let refused = false;
    for (const row of rows) {
      const offerId = deterministicId('price-import-offer', fileId, code, String(version), row.line);
      if (row.validTo !== null && offerInForce(state, row, at)) continue;
      const command: PricingCommand =
        row.validTo === null
          ? { type: 'SetPrice', code, market: this.deps.market, price: row.price, validFrom: row.validFrom, at }
          : {
              type: 'ScheduleOffer',
              code,
              market: this.deps.market,
              offerId,
              price: row.price,
              validFrom: row.validFrom,
              validTo: row.validTo,
              at,
            };
      try {
        const decided = pricingDecider.decide(command, state);
        state = fold(pricingDecider, decided, state);
        events.push(...decided);
      } catch (error) {
        if (!isDomainError(error)) throw error;
        refused = true;
        if (error instanceof ValidationError)
          for (const [field, codes] of Object.entries(error.fieldErrors))
            for (const message of codes) errors.push({ line: row.line, column: field, code: message });
        else
          errors.push({
            line: row.line,
            column: columnOfRefusal(error.code),
            code: error.code,
            params: textParams(error.params),
          });
      }
    }
    return refused ? null : { version, events };
  }
}

/**
 * An offer row that an offer already scheduled covers (the same price, the
 * same end, started no later) would change no price: of overlapping offers
 * the lowest applies, and this one is not lower. Such a row is the file sent
 * again while its offer runs (its start, "now" when empty, having moved on),
 * so it writes nothing rather than a twin of the offer.
 */
function offerInForce(state: PricingState, row: PriceImportRow, at: string): boolean {
  const time = (iso: string) => new Date(iso).getTime();
  const from = Math.max(time(row.validFrom ?? at), time(at));
  return state.schedule.offers.some(
    (offer) => offer.price === row.price && time(offer.validTo) === time(row.validTo!) && time(offer.validFrom) <= from,
  );
}

const columnOfRefusal = (code: string): string =>
  code === PRICING_ERRORS.noRegularPrice ? 'valid_from' : code === PRICING_ERRORS.offerExists ? 'code' : 'price';

const textParams = (params: Readonly<Record<string, string | number | boolean | null>>): Record<string, string | number> =>
  Object.fromEntries(Object.entries(params).map(([key, value]) => [key, typeof value === 'number' ? value : String(value)]));

const COLUMN_ORDER = ['code', 'price', 'valid_from', 'valid_to'];

export const sortImportErrors = (errors: readonly PriceImportError[]): PriceImportError[] =>
  [...errors].sort((a, b) => a.line - b.line || COLUMN_ORDER.indexOf(a.column ?? '') - COLUMN_ORDER.indexOf(b.column ?? ''));
