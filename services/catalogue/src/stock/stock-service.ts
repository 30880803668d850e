import { randomUUID } from 'node:crypto';
import {
  ConcurrencyConflict,
  DomainError,
  fold,
  handleCommand,
  IllegalState,
  NotFound,
  ValidationError,
  type Actor,
  type Checkpoint,
  type Clock,
  type Market,
  type StreamStore,
} from '@buyloop/kit';
import { deterministicId } from '../pricing/ids';
import { normaliseCatalogueCode, readProductFacts } from '../pricing/catalogue-product';
import { stockDecider, type StockCommand } from './decider';
import { stockStream, type StockEvent } from './events';
import { locationsDecider, locationsStream, type Location, type LocationEvent } from './locations';
import { STOCK_ERRORS } from './rules';
import { initialStockState, levelAt, type StockLevel, type StockState } from './state';

export interface StockCommandContext {
  readonly actor: Actor;
  readonly correlationId?: string;
  readonly causationId?: string | null;
}

export interface StockServiceDeps {
  readonly events: StreamStore;
  readonly market: Market;
  readonly clock: Clock;
  /** Tries per stream when other writers keep getting in first (many buyers on the last pieces). */
  readonly maxAttempts?: number;
}

/** One product at one location after a command. */
export interface StockResult {
  readonly code: string;
  readonly location: string;
  readonly level: StockLevel;
  readonly events: readonly StockEvent[];
  readonly streamVersion: bigint;
  readonly globalPosition: bigint;
  readonly checkpoint: Checkpoint | null;
}

export interface StockItem {
  readonly code: string;
  readonly location: string;
  readonly quantity: number;
}

export interface ItemPlace {
  readonly code: string;
  readonly location: string;
}

export interface ReservationResult {
  readonly reservationId: string;
  readonly expiresAt: string;
  readonly items: readonly (StockItem & { readonly level: StockLevel })[];
  readonly checkpoint: Checkpoint | null;
}

const DEFAULT_ATTEMPTS = 100;
/** How many streams' states the service remembers (a few hundred bytes each, more for busy ones). */
const KNOWN_STREAMS = 5_000;

/**
 * The stock application service: receipts, counts, transfers, reservations,
 * releases and sales, as the back office, the demo data and (later) the
 * cart call them.
 *
 * Concurrency: each stock stream is decided on the version read and appended
 * with it; a writer that lost the race reads again and decides again (after
 * a short, growing, jittered pause), so a refusal is always decided on the
 * current stock. Event ids are derived from the business ids (reservation,
 * transfer, receipt) and the stream, so a retried call never writes twice.
 *
 * Work that spans several streams cannot be one transaction; what each
 * guarantees is written at its method.
 */
export class StockService {
  private locationCache: Map<string, Location> | null = null;

  constructor(private readonly deps: StockServiceDeps) {}

  get market(): Market {
    return this.deps.market;
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }

  // ------------------------------------------------------------------ locations

  /** The market's locations, warehouse first, then stores by name. */
  async locations(): Promise<Location[]> {
    const events = await this.deps.events.readStream(locationsStream(this.deps.market));
    const state = fold(locationsDecider, events as unknown as readonly LocationEvent[]);
    const list = Object.values(state.locations);
    this.locationCache = new Map(list.map((location) => [location.id, location]));
    return list.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name, 'cs') : a.kind === 'warehouse' ? -1 : 1));
  }

  /** A location by id; locations rarely change, so they are read from the stream again only for an id not seen yet. */
  async location(id: string): Promise<Location | null> {
    const cached = this.locationCache?.get(id);
    if (cached) return cached;
    await this.locations();
    return this.locationCache?.get(id) ?? null;
  }

  /**
   * Every named location must exist on this market. One that does not is a
   * mistake in the form's field (a 400 under that field, like any other bad
   * value), not a missing resource the URL addressed.
   */
  private async requireLocations(fields: Readonly<Record<string, string>>): Promise<void> {
    const errors: Record<string, string[]> = {};
    const params: Record<string, string> = {};
    for (const [field, id] of Object.entries(fields))
      if (!(await this.location(id))) {
        errors[field] = [STOCK_ERRORS.locationNotFound];
        params[`${field}.location`] = id;
      }
    const unknown = Object.keys(errors);
    if (unknown.length === 0) return;
    const first = fields[unknown[0]!]!;
    throw new ValidationError('validation.failed', errors, `There is no location ${first} on this market`, {
      location: first,
      ...params,
    });
  }

  /** Defines the locations (new ones) or redefines them (changed ones); unchanged ones write nothing. */
  async defineLocations(
    locations: readonly Location[],
    ctx: StockCommandContext,
  ): Promise<{
    readonly defined: readonly string[];
    readonly updated: readonly string[];
    readonly checkpoint: Checkpoint | null;
  }> {
    const defined: string[] = [];
    const updated: string[] = [];
    let checkpoint: Checkpoint | null = null;
    for (const location of locations) {
      const result = await handleCommand(
        this.deps.events,
        locationsDecider,
        locationsStream(this.deps.market),
        { type: 'DefineLocation', market: this.deps.market, location, at: this.now() },
        { actor: ctx.actor, market: this.deps.market, retry: { attempts: 5 } },
      );
      for (const event of result.events) (event.type === 'LocationDefined' ? defined : updated).push(location.id);
      if (result.events.length > 0) checkpoint = result.checkpoint;
    }
    this.locationCache = null;
    return { defined, updated, checkpoint };
  }

  // ------------------------------------------------------------------ one stream

  private async requireProduct(code: string): Promise<void> {
    const facts = await readProductFacts(this.deps.events, code);
    if (!facts.exists) throw new NotFound(STOCK_ERRORS.productNotFound, `There is no catalogue product ${code}`, { code });
  }

  /** Input problems first (400 before any 404): the decision on an empty stream raises exactly those. */
  private precheck(command: StockCommand, prefix = ''): void {
    try {
      stockDecider.decide(command, initialStockState());
    } catch (error) {
      if (!(error instanceof ValidationError)) return;
      if (prefix === '') throw error;
      throw new ValidationError(
        error.code,
        Object.fromEntries(Object.entries(error.fieldErrors).map(([field, codes]) => [`${prefix}${field}`, codes])),
        error.message,
        error.params,
      );
    }
  }

  /** The states this service last saw of the streams it wrote, newest last (a Map keeps insertion order). */
  private readonly known = new Map<string, { readonly state: StockState; readonly version: bigint }>();

  private remember(stream: string, state: StockState, version: bigint): void {
    this.known.delete(stream);
    this.known.set(stream, { state, version });
    if (this.known.size > KNOWN_STREAMS) this.known.delete(this.known.keys().next().value!);
  }

  private idsFor(eventId: string | undefined): ((index: number) => string) | undefined {
    return eventId === undefined ? undefined : (index) => (index === 0 ? eventId : deterministicId(eventId, index));
  }

  /**
   * Decides on one stock stream: on the state this service last saw of it
   * when it has one, else read from the store; appended with the version
   * that state was at. A state gone stale (another process wrote since) is
   * harmless for a write: the store refuses the append with a conflict, and
   * the stream is read again. A refusal or a decision to do nothing is never
   * taken on a remembered state: it is confirmed on a fresh read. Other
   * writers getting in first make it read and decide again (see pause).
   */
  private async decide(command: StockCommand, ctx: StockCommandContext, eventId?: string): Promise<StockResult> {
    const stream = stockStream(command.code, command.location);
    const fast = await this.decideOnKnown(stream, command, ctx, eventId);
    if (fast) return fast;
    const newId = this.idsFor(eventId);
    const attempts = this.deps.maxAttempts ?? DEFAULT_ATTEMPTS;
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await handleCommand(this.deps.events, stockDecider, stream, command, {
          actor: ctx.actor,
          market: this.deps.market,
          ...(ctx.correlationId !== undefined ? { correlationId: ctx.correlationId } : {}),
          ...(ctx.causationId !== undefined ? { causationId: ctx.causationId } : {}),
          ...(newId ? { newId: (_event: StockEvent, index: number) => newId(index) } : {}),
        });
        this.remember(stream, result.state, result.streamVersion);
        return {
          code: command.code,
          location: command.location,
          level: levelAt(result.state, this.now()),
          events: result.events,
          streamVersion: result.streamVersion,
          globalPosition: result.globalPosition,
          checkpoint: result.checkpoint,
        };
      } catch (error) {
        this.known.delete(stream);
        if (!(error instanceof ConcurrencyConflict) || attempt >= attempts) throw error;
        await pause(attempt);
      }
    }
  }

  /** The write on a remembered state; null when it has to be decided on a fresh read instead. */
  private async decideOnKnown(
    stream: string,
    command: StockCommand,
    ctx: StockCommandContext,
    eventId: string | undefined,
  ): Promise<StockResult | null> {
    const known = this.known.get(stream);
    if (!known) return null;
    let decided: readonly StockEvent[];
    try {
      decided = stockDecider.decide(command, known.state);
    } catch {
      decided = [];
    }
    if (decided.length === 0) {
      this.known.delete(stream);
      return null;
    }
    const newId = this.idsFor(eventId);
    try {
      const appended = await this.deps.events.append(
        stream,
        decided.map((event, index) => ({ ...(newId ? { id: newId(index) } : {}), type: event.type, data: event.data })),
        {
          expectedVersion: known.version,
          actor: ctx.actor,
          market: this.deps.market,
          ...(ctx.correlationId !== undefined ? { correlationId: ctx.correlationId } : {}),
          ...(ctx.causationId !== undefined ? { causationId: ctx.causationId } : {}),
        },
      );
      // Written before (a retry): what the stream holds now is for a fresh read to say.
      if (appended.duplicate) {
        this.known.delete(stream);
        return null;
      }
      const state = fold(stockDecider, decided, known.state);
      this.remember(stream, state, appended.streamVersion);
      return {
        code: command.code,
        location: command.location,
        level: levelAt(state, this.now()),
        events: decided,
        streamVersion: appended.streamVersion,
        globalPosition: appended.globalPosition,
        checkpoint: appended.checkpoint,
      };
    } catch (error) {
      this.known.delete(stream);
      if (error instanceof ConcurrencyConflict) return null;
      throw error;
    }
  }

  /** The stock of a product at a location now, straight from its stream. */
  async level(code: string, location: string): Promise<StockLevel & { readonly state: StockState; readonly version: bigint }> {
    const stream = stockStream(normaliseCatalogueCode(code), location);
    const events = await this.deps.events.readStream(stream);
    const state = fold(stockDecider, events as unknown as readonly StockEvent[]);
    const version = events.at(-1)?.streamVersion ?? 0n;
    this.remember(stream, state, version);
    return { ...levelAt(state, this.now()), state, version };
  }

  /** Goods received. With a receipt id a repeated receipt is recorded once. */
  async receive(
    input: {
      readonly code: string;
      readonly location: string;
      readonly quantity: number;
      readonly reference?: string | null;
      readonly receiptId?: string;
    },
    ctx: StockCommandContext,
  ): Promise<StockResult> {
    const command: StockCommand = {
      type: 'ReceiveStock',
      code: normaliseCatalogueCode(input.code),
      location: input.location,
      receiptId: input.receiptId ?? null,
      quantity: input.quantity,
      reference: input.reference?.trim() ? input.reference.trim() : null,
      at: this.now(),
    };
    this.precheck(command);
    await this.requireLocations({ location: input.location });
    await this.requireProduct(command.code);
    return this.decide(
      command,
      ctx,
      input.receiptId ? deterministicId('receipt', input.receiptId, command.code, input.location) : undefined,
    );
  }

  /** Sets what is on hand after counting, with the reason. */
  async count(
    input: { readonly code: string; readonly location: string; readonly onHand: number; readonly reason: string },
    ctx: StockCommandContext,
  ): Promise<StockResult> {
    const command: StockCommand = {
      type: 'CountStock',
      code: normaliseCatalogueCode(input.code),
      location: input.location,
      onHand: input.onHand,
      reason: input.reason.trim(),
      at: this.now(),
    };
    this.precheck(command);
    await this.requireLocations({ location: input.location });
    await this.requireProduct(command.code);
    return this.decide(command, ctx);
  }

  /**
   * Moves pieces between two locations: two streams, so two steps. The
   * pieces leave the source first, decided on its version (only available
   * pieces may leave: never more than are there); then they arrive at the
   * target under an event id derived from the transfer id. Should the process
   * die between the steps, the pieces are in transit, on neither shelf, never
   * on both; `completeTransfer` (run again by the caller with the same
   * transfer id, or by the stock job for transfers left in transit) writes
   * the arrival exactly once.
   */
  async transfer(
    input: {
      readonly transferId?: string;
      readonly code: string;
      readonly from: string;
      readonly to: string;
      readonly quantity: number;
    },
    ctx: StockCommandContext,
  ): Promise<{ readonly transferId: string; readonly from: StockResult; readonly to: StockResult }> {
    const transferId = input.transferId ?? randomUUID();
    const at = this.now();
    const code = normaliseCatalogueCode(input.code);
    const out: StockCommand = {
      type: 'TransferOut',
      code,
      location: input.from,
      transferId,
      to: input.to,
      quantity: input.quantity,
      at,
    };
    this.precheck(out);
    await this.requireLocations({ from: input.from, to: input.to });
    await this.requireProduct(code);
    const from = await this.decide(out, ctx, deterministicId('transfer-out', transferId));
    const to = await this.completeTransfer({ transferId, code, from: input.from, to: input.to, quantity: input.quantity }, ctx);
    return { transferId, from, to };
  }

  /** The arrival half of a transfer; idempotent. */
  async completeTransfer(
    transfer: {
      readonly transferId: string;
      readonly code: string;
      readonly from: string;
      readonly to: string;
      readonly quantity: number;
    },
    ctx: StockCommandContext,
  ): Promise<StockResult> {
    return this.decide(
      {
        type: 'TransferIn',
        code: transfer.code,
        location: transfer.to,
        transferId: transfer.transferId,
        from: transfer.from,
        quantity: transfer.quantity,
        at: this.now(),
      },
      ctx,
      deterministicId('transfer-in', transfer.transferId),
    );
  }

  // ------------------------------------------------------------------ reservations

  /**
   * Reserves every item or none. Items are merged per product and location
   * and taken in a fixed order (by stream name), so two reservations of the
   * same products never hold pieces the other waits for in a different order.
   * When an item is refused, every item this call took is released again
   * (reason `rolled_back`) before the refusal is answered.
   *
   * The guarantee, honestly: other buyers may see pieces held for a moment
   * that end up released; nobody ever gets pieces that are not there. If the
   * process dies in the middle, the items taken so far stay held until their
   * expiry (the stock job then releases them) or until the same call is made
   * again with the same reservation id: items already held count as taken,
   * the rest is reserved or, on a refusal, everything is rolled back. Event ids
   * derive from the reservation id and the stream, so no retry writes twice.
   * A reservation id that was rolled back, released or sold cannot be used
   * again.
   */
  async reserve(
    input: { readonly reservationId: string; readonly items: readonly StockItem[]; readonly expiresAt: string },
    ctx: StockCommandContext,
    /** Called with the rollback's newest checkpoint before a refusal is thrown, so a route can wait for its read models. */
    afterRollBack?: (checkpoint: Checkpoint | null) => Promise<void>,
  ): Promise<ReservationResult> {
    const at = this.now();
    if (input.items.length === 0)
      throw new ValidationError('validation.failed', { items: ['validation.required'] }, 'Nothing to reserve');
    const merged = new Map<string, { item: StockItem; index: number }>();
    input.items.forEach((given, index) => {
      const item = { ...given, code: normaliseCatalogueCode(given.code) };
      const key = stockStream(item.code, item.location);
      const seen = merged.get(key);
      merged.set(
        key,
        seen ? { index: seen.index, item: { ...seen.item, quantity: seen.item.quantity + item.quantity } } : { item, index },
      );
    });
    const commandOf = (item: StockItem): StockCommand => ({
      type: 'ReserveStock',
      code: item.code,
      location: item.location,
      reservationId: input.reservationId,
      quantity: item.quantity,
      expiresAt: input.expiresAt,
      at,
    });
    // Field errors keyed like the request: items.<index>.quantity, expires_at (once, not per item).
    const fieldErrors: Record<string, string[]> = {};
    input.items.forEach((item, index) => {
      try {
        this.precheck(commandOf(item), `items.${index}.`);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        for (const [field, codes] of Object.entries(error.fieldErrors))
          fieldErrors[field.endsWith('.expires_at') ? 'expires_at' : field] = [...codes];
      }
    });
    if (Object.keys(fieldErrors).length > 0)
      throw new ValidationError('validation.failed', fieldErrors, 'The reservation is not valid');
    await this.requireLocations(
      Object.fromEntries([...merged.values()].map(({ item, index }) => [`items.${index}.location`, item.location])),
    );

    const ordered = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry);
    const taken: { item: StockItem; result: StockResult }[] = [];
    for (const { item, index } of ordered) {
      try {
        const result = await this.decide(
          commandOf(item),
          ctx,
          deterministicId('reserve', input.reservationId, item.code, item.location),
        );
        taken.push({ item, result });
      } catch (error) {
        const released = await this.rollBack(
          input.reservationId,
          taken.map(({ item: t }) => t),
          ctx,
        );
        if (released.length > 0) await afterRollBack?.(newestCheckpoint(released));
        throw await this.refusalOf(error, item, index);
      }
    }
    return {
      reservationId: input.reservationId,
      expiresAt: new Date(input.expiresAt).toISOString(),
      items: taken.map(({ item, result }) => ({ ...item, level: result.level })),
      checkpoint: newestCheckpoint(taken.map(({ result }) => result)),
    };
  }

  /** A refusal, saying which item; an empty stream of an unknown product is a 404, not "none available". */
  private async refusalOf(error: unknown, item: StockItem, index: number): Promise<unknown> {
    if (!(error instanceof DomainError)) return error;
    if (error.code === STOCK_ERRORS.insufficient) {
      const facts = await readProductFacts(this.deps.events, item.code);
      if (!facts.exists)
        return new NotFound(STOCK_ERRORS.productNotFound, `There is no catalogue product ${item.code}`, {
          code: item.code,
          item: index,
        });
    }
    if (error instanceof IllegalState) return new IllegalState(error.code, error.message, { ...error.params, item: index });
    return error;
  }

  private async rollBack(reservationId: string, items: readonly ItemPlace[], ctx: StockCommandContext): Promise<StockResult[]> {
    const results: StockResult[] = [];
    for (const item of items)
      results.push(
        await this.decide(
          {
            type: 'ReleaseReservation',
            code: item.code,
            location: item.location,
            reservationId,
            reason: 'rolled_back',
            at: this.now(),
          },
          ctx,
          deterministicId('release', reservationId, item.code, item.location),
        ),
      );
    return results;
  }

  /**
   * Releases a reservation wherever it holds pieces. NotFound when none of
   * the places ever held it; releasing one released already changes nothing,
   * one that was sold, expired or rolled back is refused (IllegalState with
   * `how`) before anything is written.
   */
  async release(reservationId: string, places: readonly ItemPlace[], ctx: StockCommandContext): Promise<readonly StockResult[]> {
    await this.requireReservation(reservationId, places);
    const at = this.now();
    const sorted = sortPlaces(places);
    const commandOf = (place: ItemPlace): StockCommand => ({
      type: 'ReleaseReservation',
      code: place.code,
      location: place.location,
      reservationId,
      reason: 'released',
      at,
    });
    // A reservation that was sold (or ended otherwise) is refused before any of its items is touched.
    for (const place of sorted) stockDecider.decide(commandOf(place), (await this.level(place.code, place.location)).state);
    const results: StockResult[] = [];
    for (const place of sorted)
      results.push(
        await this.decide(commandOf(place), ctx, deterministicId('release', reservationId, place.code, place.location)),
      );
    return results;
  }

  /** The stock job's step: releases a reservation past its expiry (nothing where it is not held or not yet expired). */
  async expire(reservationId: string, places: readonly ItemPlace[], ctx: StockCommandContext): Promise<readonly StockResult[]> {
    const results: StockResult[] = [];
    for (const place of sortPlaces(places))
      results.push(
        await this.decide(
          { type: 'ExpireReservation', code: place.code, location: place.location, reservationId, at: this.now() },
          ctx,
          deterministicId('release', reservationId, place.code, place.location),
        ),
      );
    return results;
  }

  /**
   * Turns a reservation into a sale everywhere it holds pieces. Every place
   * is decided first, on what its stream holds now, and nothing is written
   * unless all accept; then each is sold (idempotently: a sale is recorded
   * once per place). Only a change that lands between the check and the
   * write (a release by someone else) can stop the sale half-way; the places
   * not sold then keep their reservation, and the refusal says so.
   */
  async sell(reservationId: string, places: readonly ItemPlace[], ctx: StockCommandContext): Promise<readonly StockResult[]> {
    await this.requireReservation(reservationId, places);
    const at = this.now();
    const sorted = sortPlaces(places);
    const commandOf = (place: ItemPlace): StockCommand => ({
      type: 'SellReservation',
      code: place.code,
      location: place.location,
      reservationId,
      at,
    });
    for (const place of sorted) stockDecider.decide(commandOf(place), (await this.level(place.code, place.location)).state);
    const results: StockResult[] = [];
    for (const place of sorted)
      results.push(await this.decide(commandOf(place), ctx, deterministicId('sell', reservationId, place.code, place.location)));
    return results;
  }

  private async requireReservation(reservationId: string, places: readonly ItemPlace[]): Promise<void> {
    for (const place of places) {
      const { state } = await this.level(place.code, place.location);
      if (state.held[reservationId] || state.closed[reservationId]) return;
    }
    throw new NotFound(STOCK_ERRORS.reservationNotFound, `There is no reservation ${reservationId}`, {
      reservation_id: reservationId,
    });
  }
}

const sortPlaces = (places: readonly ItemPlace[]): ItemPlace[] => {
  const unique = new Map(places.map((place) => [stockStream(place.code, place.location), place]));
  return [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, place]) => place);
};

/** The checkpoint to wait for so that every result shows: the one of the newest event, by global position. */
export function newestCheckpoint(results: readonly Pick<StockResult, 'checkpoint' | 'globalPosition'>[]): Checkpoint | null {
  let newest: Pick<StockResult, 'checkpoint' | 'globalPosition'> | null = null;
  for (const result of results)
    if (result.checkpoint !== null && (newest === null || result.globalPosition > newest.globalPosition)) newest = result;
  return newest?.checkpoint ?? null;
}

/** After losing a race: at once the first times, then a short random pause that grows, so the losers do not collide again in step. */
async function pause(attempt: number): Promise<void> {
  if (attempt <= 2) return new Promise((resolve) => setImmediate(resolve));
  const ceiling = Math.min(50, 2 ** (attempt - 2));
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}

/** Ids for a reservation's or transfer's events: exposed so that tests and tools can recognise them. */
export const stockEventIds = {
  reserve: (reservationId: string, code: string, location: string) => deterministicId('reserve', reservationId, code, location),
  release: (reservationId: string, code: string, location: string) => deterministicId('release', reservationId, code, location),
  sell: (reservationId: string, code: string, location: string) => deterministicId('sell', reservationId, code, location),
  transferOut: (transferId: string) => deterministicId('transfer-out', transferId),
  transferIn: (transferId: string) => deterministicId('transfer-in', transferId),
};
