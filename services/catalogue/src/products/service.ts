import { createHash } from 'node:crypto';
import {
  ConcurrencyConflict,
  fold,
  handleCommand,
  IllegalState,
  NotFound,
  randomId,
  RequestRefused,
  systemActor,
  type Actor,
  type AppendResult,
  type Checkpoint,
  type Clock,
  type CommandOptions,
  type Decider,
  type DomainEvent,
  type IdGenerator,
  type Market,
  type RecordedEvent,
} from '@buyloop/kit';
import type { EventStore } from '@buyloop/event-store';
import { claimDecider } from './claim/decider';
import type { ClaimState } from './claim/state';
import { sanitiseDescription } from './description';
import type {
  ComponentParam,
  MasterFields,
  MetaMasterFields,
  PackageDimensions,
  ProductFields,
  ProductRelations,
  ReferenceFields,
  ReferenceKind,
} from './events';
import { masterDecider, type MasterCommand } from './master/decider';
import type { MasterReferences } from './master/fields';
import type { MasterState } from './master/state';
import { metaMasterDecider, type MetaMasterCommand } from './meta-master/decider';
import type { MetaMasterState } from './meta-master/state';
import { productDecider, type ProductCommand } from './product/decider';
import type { RelatedFacts } from './product/set-relations/decide';
import type { ProductState } from './product/state';
import { referenceDecider, type ReferenceCommand } from './reference/decider';
import type { ReferenceState } from './reference/state';
import {
  DEFAULT_LEGAL_WARRANTY_MONTHS,
  INTANGIBLE_KINDS,
  type Grade,
  type ParamType,
  type ProductKind,
  type ProductQuality,
} from './rules';
import { eanStream, imageStream, masterStream, metaMasterStream, productStream, referenceStream, seoNameStream } from './streams';

/** The two event-store calls the service makes (an EventStore satisfies it). */
export type ProductsEventStore = Pick<EventStore, 'readStream' | 'append'>;

export interface ProductsServiceDeps {
  readonly events: ProductsEventStore;
  readonly market: Market;
  readonly clock: Clock;
  /** Ids for new entries, masters and meta masters when the caller gives none (UUIDs). */
  readonly newId?: IdGenerator;
}

export interface CallOptions {
  /** Who does it; the system (demo data, imports run by code) when absent. */
  readonly actor?: Actor;
  /** The version the client last saw (If-Match): a stream that has moved on refuses with ConcurrencyConflict. */
  readonly expectedVersion?: bigint;
  /**
   * A creating request's Idempotency-Key: the new id and the event ids are
   * derived from it, so a repeat of the same request answers the same
   * entry instead of making a second one.
   */
  readonly idempotencyKey?: string | null;
  readonly correlationId?: string;
}

/** What a change wrote: the id (or code), the stream's version for the next If-Match, and the checkpoint for read-your-writes. */
export interface Written {
  readonly id: string;
  readonly streamVersion: bigint;
  readonly globalPosition: bigint;
  /** The newest event this call wrote (or the stream's newest when nothing changed); null for an empty stream. */
  readonly checkpoint: Checkpoint | null;
  /** Nothing was written: a repeat of an earlier request with the same Idempotency-Key. */
  readonly duplicate: boolean;
  /** The event types written, oldest first. */
  readonly events: readonly string[];
}

// --- inputs, plain and forgiving (defaults filled in), for the routes, the CSV import and the demo data -----

export interface ReferenceInput {
  /** A slug or UUID; minted when absent. */
  readonly id?: string;
  readonly name: string;
  readonly symbol?: string | null;
  readonly valueType?: ParamType;
  readonly unitId?: string | null;
}

export interface MasterInput {
  readonly id?: string;
  readonly name: string;
  readonly seoName: string;
  readonly manufacturerId: string;
  readonly typeDeviceId: string;
  /** Rich text (HTML); sanitised here before the command. */
  readonly description?: string;
  readonly params?: readonly ComponentParam[];
  readonly photoIds?: readonly string[];
  readonly package?: PackageDimensions | null;
  readonly seoTitle?: string | null;
  readonly seoDescription?: string | null;
}

export interface VariantInput {
  readonly code: string;
  readonly ean?: string | null;
  readonly colour?: string | null;
  readonly capacity?: string | null;
  readonly quality: ProductQuality;
  readonly grade?: Grade | null;
  readonly longName: string;
  readonly shortName: string;
  readonly vatRate: number;
  readonly preOrder?: boolean;
  readonly electronicLicence?: boolean;
  readonly externalStock?: boolean;
  /** 24 when absent (EU legal warranty; intangible kinds 0). */
  readonly legalWarrantyMonths?: number;
  readonly kind?: ProductKind;
  readonly extensionMonths?: number | null;
}

export interface MetaMasterInput {
  readonly id?: string;
  readonly name: string;
  readonly description?: string | null;
}

/** The product's fields from a variant input, with the defaults a person would pick. */
export function variantFields(input: VariantInput): ProductFields {
  const kind = input.kind ?? 'device';
  return {
    ean: input.ean ?? null,
    colour: input.colour ?? null,
    capacity: input.capacity ?? null,
    quality: input.quality,
    grade: input.grade ?? null,
    longName: input.longName,
    shortName: input.shortName,
    vatRate: input.vatRate,
    preOrder: input.preOrder ?? false,
    electronicLicence: input.electronicLicence ?? false,
    externalStock: input.externalStock ?? false,
    legalWarrantyMonths: input.legalWarrantyMonths ?? (INTANGIBLE_KINDS.includes(kind) ? 0 : DEFAULT_LEGAL_WARRANTY_MONTHS),
    kind,
    extensionMonths: input.extensionMonths ?? null,
  };
}

/** Codes are upper-case; what people type is trimmed and upper-cased before it names a stream. */
export const normaliseCode = (code: string): string => code.trim().toUpperCase();

/** A UUID-shaped id derived from its parts (version 8 with the RFC 9562 variant): the same parts, the same id. */
export function derivedId(...parts: readonly string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const requestHash = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);

interface Loaded<State> {
  readonly state: State;
  readonly version: bigint;
  readonly recorded: readonly RecordedEvent[];
}

/** Several appends where a later one may be refused: compensations keep what is left consistent. */
const CLAIM_ATTEMPTS = 3;
const ATTACH_ATTEMPTS = 5;

/**
 * The products area's application service: what the routes, the CSV
 * import and the demo data call. Inputs are plain objects; every method
 * reads the streams it needs, decides with the pure deciders and appends
 * with the version it read. Where a change spans streams (a variant and its
 * master, an EAN or seo_name claim and its owner) the order is chosen so an
 * interruption leaves nothing another reader would take for true: claims
 * come first and a stale one passes on (ClaimValue), a variant whose master
 * went away meanwhile is discontinued again at once.
 */
export class ProductsService {
  private readonly newId: IdGenerator;

  constructor(private readonly deps: ProductsServiceDeps) {
    this.newId = deps.newId ?? randomId;
  }

  get market(): Market {
    return this.deps.market;
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }

  // --- reads --------------------------------------------------------------------------------

  private async load<Command, Event extends DomainEvent, State>(
    decider: Decider<Command, Event, State>,
    stream: string,
  ): Promise<Loaded<State>> {
    const recorded = await this.deps.events.readStream(stream);
    return {
      recorded,
      version: recorded.at(-1)?.streamVersion ?? 0n,
      state: fold(decider, recorded as unknown as readonly Event[]),
    };
  }

  referenceState(kind: ReferenceKind, id: string): Promise<Loaded<ReferenceState>> {
    return this.load(referenceDecider, referenceStream(kind, id));
  }

  masterState(id: string): Promise<Loaded<MasterState>> {
    return this.load(masterDecider, masterStream(id));
  }

  productState(code: string): Promise<Loaded<ProductState>> {
    return this.load(productDecider, productStream(normaliseCode(code)));
  }

  metaMasterState(id: string): Promise<Loaded<MetaMasterState>> {
    return this.load(metaMasterDecider, metaMasterStream(id));
  }

  async referenceExists(kind: ReferenceKind, id: string): Promise<boolean> {
    return (await this.referenceState(kind, id)).state.exists;
  }

  /** An image exists when H5's `image-<id>` stream is non-empty. */
  async imageExists(id: string): Promise<boolean> {
    return (await this.deps.events.readStream(imageStream(id), { limit: 1 })).length > 0;
  }

  private async masterReferences(fields: Partial<MasterFields>): Promise<MasterReferences> {
    const [manufacturerExists, typeDeviceExists, photos] = await Promise.all([
      fields.manufacturerId === undefined ? true : this.referenceExists('manufacturer', fields.manufacturerId),
      fields.typeDeviceId === undefined ? true : this.referenceExists('type_device', fields.typeDeviceId),
      Promise.all([...new Set(fields.photoIds ?? [])].map(async (id) => ((await this.imageExists(id)) ? id : null))),
    ]);
    return { manufacturerExists, typeDeviceExists, existingPhotoIds: photos.filter((id): id is string => id !== null) };
  }

  // --- writing --------------------------------------------------------------------------------

  private commandOptions<Event extends DomainEvent>(
    options: CallOptions,
    extra: Partial<CommandOptions<Event>> = {},
  ): CommandOptions<Event> {
    return {
      actor: options.actor ?? systemActor,
      market: this.deps.market,
      ...(options.correlationId !== undefined ? { correlationId: options.correlationId } : {}),
      ...(options.expectedVersion !== undefined ? { expectedVersion: options.expectedVersion } : {}),
      ...extra,
    };
  }

  private async run<Command, Event extends DomainEvent, State>(
    decider: Decider<Command, Event, State>,
    stream: string,
    id: string,
    command: Command,
    options: CallOptions,
    extra: Partial<CommandOptions<Event>> = {},
  ): Promise<Written & { state: State }> {
    const result = await handleCommand(this.deps.events, decider, stream, command, this.commandOptions(options, extra));
    return {
      id,
      streamVersion: result.streamVersion,
      globalPosition: result.globalPosition,
      checkpoint: result.checkpoint,
      duplicate: result.duplicate,
      events: result.events.map((event) => event.type),
      state: result.state,
    };
  }

  private async appendDecided(
    stream: string,
    events: readonly DomainEvent[],
    expectedVersion: bigint,
    options: CallOptions,
    ids?: (index: number) => string,
  ): Promise<AppendResult> {
    return this.deps.events.append(
      stream,
      events.map((event, index) => ({ ...(ids ? { id: ids(index) } : {}), type: event.type, data: event.data })),
      {
        expectedVersion,
        actor: options.actor ?? systemActor,
        market: this.deps.market,
        ...(options.correlationId !== undefined ? { correlationId: options.correlationId } : {}),
      },
    );
  }

  private checkExpected(stream: string, loaded: Loaded<unknown>, options: CallOptions): void {
    if (options.expectedVersion !== undefined && options.expectedVersion !== loaded.version)
      throw new ConcurrencyConflict(
        stream,
        String(options.expectedVersion),
        loaded.version === 0n ? 'no_stream' : String(loaded.version),
      );
  }

  /**
   * The id a creating call uses and, with an Idempotency-Key, the event ids
   * derived from the key and the request: a repeat finds its own first
   * event and answers it; the same key with another request is refused.
   */
  private creation(scope: string, options: CallOptions, given: string | undefined, request: unknown) {
    const key = options.idempotencyKey ?? null;
    const user = (options.actor ?? systemActor).userId;
    const id = given ?? (key ? derivedId('catalogue', scope, user, key).toLowerCase() : this.newId());
    const base = key ? derivedId('catalogue-event', scope, user, key, requestHash(request)) : null;
    return {
      id,
      eventId: base ? (index: number) => derivedId(base, String(index)) : undefined,
      /** The earlier answer when the stream's first event is this request's own. */
      repeat(loaded: Loaded<unknown>, reply: () => Written): Written | null {
        if (!key || loaded.recorded.length === 0) return null;
        if (loaded.recorded[0]!.id === derivedId(base!, '0')) return { ...reply(), duplicate: true };
        if (given === undefined)
          throw new RequestRefused(
            422,
            'request.idempotency_key_reused',
            'The Idempotency-Key was used for another request',
            'Send a new Idempotency-Key with a different request',
          );
        return null;
      },
    };
  }

  /**
   * Whether the stream's first event is the one a keyed creation with this
   * request writes (the CSV import asks before it refuses a taken code: a
   * file sent again after an interruption finds its own products).
   */
  async createdBy(scope: 'master' | 'variant', stream: string, request: unknown, options: CallOptions): Promise<boolean> {
    if (!options.idempotencyKey) return false;
    const [first] = await this.deps.events.readStream(stream, { limit: 1 });
    const user = (options.actor ?? systemActor).userId;
    const base = derivedId('catalogue-event', scope, user, options.idempotencyKey, requestHash(request));
    return first?.id === derivedId(base, '0');
  }

  /** The master that holds a seo_name now, or null (its claim's holder, if that master still uses it). */
  async masterBySeoName(seoName: string): Promise<string | null> {
    const { state } = await this.load(claimDecider, seoNameStream(seoName));
    if (state.holder === null) return null;
    const master = await this.masterState(state.holder);
    return master.state.status === 'active' && master.state.fields?.seoName === seoName ? state.holder : null;
  }

  /** The product that holds an EAN now, or null. */
  async productByEan(ean: string): Promise<string | null> {
    const { state } = await this.load(claimDecider, eanStream(ean));
    if (state.holder === null) return null;
    return (await this.productState(state.holder)).state.fields?.ean === ean ? state.holder : null;
  }

  private writtenOf(id: string, loaded: Loaded<unknown>, events: readonly string[] = []): Written {
    const last = loaded.recorded.at(-1);
    return {
      id,
      streamVersion: loaded.version,
      globalPosition: last?.globalPosition ?? 0n,
      checkpoint: last?.checkpoint ?? null,
      duplicate: false,
      events,
    };
  }

  // --- claims (EAN, seo_name) ---------------------------------------------------------------

  private async claim(
    stream: string,
    value: string,
    owner: string,
    takenCode: string,
    stillUses: (holder: string) => Promise<boolean>,
    options: CallOptions,
  ): Promise<Written> {
    const current = await this.load(claimDecider, stream);
    const holder = (current.state as ClaimState).holder;
    const holderStillUses = holder !== null && holder !== owner ? await stillUses(holder) : false;
    return this.run(
      claimDecider,
      stream,
      value,
      { type: 'ClaimValue', value, owner, holderStillUses, takenCode, at: this.now() },
      { ...options, expectedVersion: current.version },
    );
  }

  private async claimRetrying(...args: Parameters<ProductsService['claim']>): Promise<Written> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.claim(...args);
      } catch (error) {
        if (!(error instanceof ConcurrencyConflict) || attempt >= CLAIM_ATTEMPTS) throw error;
      }
    }
  }

  /** Best effort: a release that fails leaves a stale claim, which the next claimant takes over (ClaimValue). */
  private async release(stream: string, value: string, owner: string, options: CallOptions): Promise<void> {
    await this.run(claimDecider, stream, value, { type: 'ReleaseValue', value, owner, at: this.now() }, options, {
      retry: { attempts: CLAIM_ATTEMPTS },
    }).catch(() => undefined);
  }

  private claimSeoName(seoName: string, masterId: string, options: CallOptions): Promise<Written> {
    return this.claimRetrying(
      seoNameStream(seoName),
      seoName,
      masterId,
      'catalogue.product.seo_name_taken',
      async (holder) => {
        const { state } = await this.masterState(holder);
        return state.status === 'active' && state.fields?.seoName === seoName;
      },
      options,
    );
  }

  private claimEan(ean: string, code: string, options: CallOptions): Promise<Written> {
    return this.claimRetrying(
      eanStream(ean),
      ean,
      code,
      'catalogue.product.ean_taken',
      async (holder) => (await this.productState(holder)).state.fields?.ean === ean,
      options,
    );
  }

  // --- reference data -----------------------------------------------------------------------

  async createReferenceEntry(kind: ReferenceKind, input: ReferenceInput, options: CallOptions = {}): Promise<Written> {
    const creation = this.creation(kind, options, input.id, input);
    const stream = referenceStream(kind, creation.id);
    const loaded = await this.load(referenceDecider, stream);
    const repeat = creation.repeat(loaded, () => this.writtenOf(creation.id, loaded));
    if (repeat) return repeat;
    const fields: ReferenceFields = {
      name: input.name,
      ...(input.symbol !== undefined ? { symbol: input.symbol } : {}),
      ...(input.valueType !== undefined ? { valueType: input.valueType } : {}),
      ...(input.unitId !== undefined ? { unitId: input.unitId } : {}),
    };
    const unitExists = input.unitId ? await this.referenceExists('unit', input.unitId) : undefined;
    const command: ReferenceCommand = {
      type: 'CreateReferenceEntry',
      kind,
      id: creation.id,
      fields,
      ...(unitExists !== undefined ? { unitExists } : {}),
      at: this.now(),
    };
    return this.run(
      referenceDecider,
      stream,
      creation.id,
      command,
      { ...options, expectedVersion: 0n },
      {
        ...(creation.eventId ? { newId: (_e, i) => creation.eventId!(i) } : {}),
      },
    );
  }

  async updateReferenceEntry(
    kind: ReferenceKind,
    id: string,
    changes: Partial<Omit<ReferenceInput, 'id'>>,
    options: CallOptions = {},
  ): Promise<Written> {
    const unitExists = changes.unitId ? await this.referenceExists('unit', changes.unitId) : undefined;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<ReferenceFields>;
    return this.run(
      referenceDecider,
      referenceStream(kind, id),
      id,
      {
        type: 'UpdateReferenceEntry',
        kind,
        id,
        changes: defined,
        ...(unitExists !== undefined ? { unitExists } : {}),
        at: this.now(),
      },
      options,
    );
  }

  createTypeDevice(input: ReferenceInput, options?: CallOptions): Promise<Written> {
    return this.createReferenceEntry('type_device', input, options);
  }

  createManufacturer(input: ReferenceInput, options?: CallOptions): Promise<Written> {
    return this.createReferenceEntry('manufacturer', input, options);
  }

  createUnit(input: ReferenceInput, options?: CallOptions): Promise<Written> {
    return this.createReferenceEntry('unit', input, options);
  }

  createAttributeName(input: ReferenceInput, options?: CallOptions): Promise<Written> {
    return this.createReferenceEntry('attribute_name', { valueType: 'text', ...input }, options);
  }

  // --- master products ----------------------------------------------------------------------

  /**
   * Creates a master: validated in full first (decided on its empty
   * stream), then its seo_name claimed, then its stream written. A crash
   * between the claim and the write leaves a claim whose holder has no
   * such master, which the next master asking for the name takes over.
   */
  async createMaster(input: MasterInput, options: CallOptions = {}): Promise<Written> {
    const creation = this.creation('master', options, input.id, input);
    const id = creation.id;
    const stream = masterStream(id);
    const loaded = await this.load(masterDecider, stream);
    const repeat = creation.repeat(loaded, () => this.writtenOf(id, loaded));
    if (repeat) return repeat;
    const fields: MasterFields = {
      name: input.name,
      seoName: input.seoName,
      manufacturerId: input.manufacturerId,
      typeDeviceId: input.typeDeviceId,
      description: sanitiseDescription(input.description ?? ''),
      params: input.params ?? [],
      photoIds: input.photoIds ?? [],
      package: input.package ?? null,
      seoTitle: input.seoTitle ?? null,
      seoDescription: input.seoDescription ?? null,
    };
    const command: MasterCommand = {
      type: 'CreateMaster',
      masterProductId: id,
      fields,
      references: await this.masterReferences(fields),
      at: this.now(),
    };
    const decided = masterDecider.decide(command, loaded.state);
    await this.claimSeoName(fields.seoName, id, options);
    try {
      const appended = await this.appendDecided(stream, decided, 0n, options, creation.eventId);
      return this.appended(id, appended, decided);
    } catch (error) {
      await this.release(seoNameStream(fields.seoName), fields.seoName, id, options);
      throw error;
    }
  }

  private appended(id: string, appended: AppendResult, events: readonly DomainEvent[]): Written {
    return {
      id,
      streamVersion: appended.streamVersion,
      globalPosition: appended.globalPosition,
      checkpoint: appended.checkpoint,
      duplicate: appended.duplicate,
      events: events.map((event) => event.type),
    };
  }

  /** Changes a master's fields; a new seo_name is claimed before and the old one released after. */
  async updateMaster(id: string, changes: Partial<Omit<MasterInput, 'id'>>, options: CallOptions = {}): Promise<Written> {
    const stream = masterStream(id);
    const loaded = await this.load(masterDecider, stream);
    this.checkExpected(stream, loaded, options);
    const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<MasterFields>;
    const defined: Partial<MasterFields> =
      given.description === undefined ? given : { ...given, description: sanitiseDescription(given.description) };
    const decided = masterDecider.decide(
      {
        type: 'UpdateMaster',
        masterProductId: id,
        changes: defined,
        references: await this.masterReferences(defined),
        at: this.now(),
      },
      loaded.state,
    );
    if (decided.length === 0) return this.writtenOf(id, loaded);
    const before = loaded.state.fields!.seoName;
    const after = defined.seoName ?? before;
    const renamed = after !== before;
    if (renamed) await this.claimSeoName(after, id, options);
    let appended: AppendResult;
    try {
      appended = await this.appendDecided(stream, decided, loaded.version, options);
    } catch (error) {
      if (renamed) await this.release(seoNameStream(after), after, id, options);
      throw error;
    }
    if (renamed) await this.release(seoNameStream(before), before, id, options);
    return this.appended(id, appended, decided);
  }

  setMasterParams(id: string, params: readonly ComponentParam[], options: CallOptions = {}): Promise<Written> {
    return this.run(
      masterDecider,
      masterStream(id),
      id,
      { type: 'SetMasterParams', masterProductId: id, params, at: this.now() },
      options,
    );
  }

  /** Codes of the master's catalogue products that are still sold, each read from its own stream. */
  async activeVariantCodes(state: MasterState): Promise<string[]> {
    const states = await Promise.all(
      state.variantCodes.map(async (code) => [code, (await this.productState(code)).state] as const),
    );
    return states
      .filter(([, product]) => product.status === 'active' && product.masterProductId === state.masterProductId)
      .map(([code]) => code);
  }

  /** Deletes a master without sold variants; its seo_name is free afterwards. */
  async deleteMaster(id: string, options: CallOptions = {}): Promise<Written> {
    const stream = masterStream(id);
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.load(masterDecider, stream);
      this.checkExpected(stream, loaded, options);
      const decided = masterDecider.decide(
        {
          type: 'DeleteMaster',
          masterProductId: id,
          activeVariantCodes: await this.activeVariantCodes(loaded.state),
          at: this.now(),
        },
        loaded.state,
      );
      try {
        const appended = await this.appendDecided(stream, decided, loaded.version, options);
        const seoName = loaded.state.fields!.seoName;
        await this.release(seoNameStream(seoName), seoName, id, options);
        return this.appended(id, appended, decided);
      } catch (error) {
        // A variant attached meanwhile: decide again on what is there now (never when the client pinned a version).
        if (!(error instanceof ConcurrencyConflict) || options.expectedVersion !== undefined || attempt >= ATTACH_ATTEMPTS)
          throw error;
      }
    }
  }

  // --- catalogue products (variants) --------------------------------------------------------

  /**
   * Creates a catalogue product of a master: decided in full on its empty
   * stream first; then the EAN is claimed; then `product-<code>` is written
   * expecting no stream (the code's uniqueness); then the master records
   * it. A master deleted in between is answered by discontinuing the new
   * product again, so no sold product is left without its master.
   */
  async addVariant(masterProductId: string, input: VariantInput, options: CallOptions = {}): Promise<Written> {
    const code = normaliseCode(input.code);
    const normalised = { ...input, code };
    const creation = this.creation('variant', options, code, { masterProductId, ...normalised });
    const stream = productStream(code);
    const [master, loaded] = await Promise.all([this.masterState(masterProductId), this.load(productDecider, stream)]);
    const repeat = creation.repeat(loaded, () => this.writtenOf(code, loaded));
    if (repeat) return repeat;
    const fields = variantFields(normalised);
    const decided = productDecider.decide(
      {
        type: 'CreateProduct',
        code,
        masterProductId,
        fields,
        masterActive: master.state.status === 'active',
        market: this.deps.market,
        at: this.now(),
      },
      loaded.state,
    );
    const ean = decided[0]?.type === 'CatalogueProductCreated' ? decided[0].data.ean : null;
    if (ean) await this.claimEan(ean, code, options);
    let created: AppendResult;
    try {
      created = await this.appendDecided(stream, decided, 0n, options, creation.eventId);
    } catch (error) {
      if (ean) await this.release(eanStream(ean), ean, code, options);
      if (error instanceof ConcurrencyConflict)
        throw new IllegalState('catalogue.product.code_taken', `The code ${code} is taken`, { code });
      throw error;
    }
    try {
      const attached = await this.run(
        masterDecider,
        masterStream(masterProductId),
        masterProductId,
        { type: 'AttachVariant', masterProductId, code, at: this.now() },
        { ...options, expectedVersion: undefined },
        { retry: { attempts: ATTACH_ATTEMPTS } },
      );
      return {
        id: code,
        streamVersion: created.streamVersion,
        globalPosition: attached.globalPosition > created.globalPosition ? attached.globalPosition : created.globalPosition,
        checkpoint: attached.globalPosition > created.globalPosition ? attached.checkpoint : created.checkpoint,
        duplicate: created.duplicate,
        events: decided.map((event) => event.type),
      };
    } catch (error) {
      if (error instanceof NotFound) {
        await this.run(
          productDecider,
          stream,
          code,
          { type: 'DiscontinueProduct', code, reason: 'The master product was deleted meanwhile', at: this.now() },
          options,
          { retry: { attempts: ATTACH_ATTEMPTS } },
        ).catch(() => undefined);
      }
      throw error;
    }
  }

  /** Changes a catalogue product; a new EAN is claimed before and the old one released after. */
  async updateProduct(code: string, changes: Partial<Omit<VariantInput, 'code'>>, options: CallOptions = {}): Promise<Written> {
    code = normaliseCode(code);
    const stream = productStream(code);
    const loaded = await this.load(productDecider, stream);
    this.checkExpected(stream, loaded, options);
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<ProductFields>;
    const decided = productDecider.decide(
      { type: 'UpdateProduct', code, changes: defined, market: this.deps.market, at: this.now() },
      loaded.state,
    );
    if (decided.length === 0) return this.writtenOf(code, loaded);
    const before = loaded.state.fields!.ean;
    const after =
      decided[0]?.type === 'CatalogueProductUpdated' && decided[0].data.ean !== undefined ? decided[0].data.ean : before;
    const changed = after !== before;
    if (changed && after) await this.claimEan(after, code, options);
    let appended: AppendResult;
    try {
      appended = await this.appendDecided(stream, decided, loaded.version, options);
    } catch (error) {
      if (changed && after) await this.release(eanStream(after), after, code, options);
      throw error;
    }
    if (changed && before) await this.release(eanStream(before), before, code, options);
    return this.appended(code, appended, decided);
  }

  discontinueProduct(code: string, reason: string | null = null, options: CallOptions = {}): Promise<Written> {
    code = normaliseCode(code);
    return this.run(
      productDecider,
      productStream(code),
      code,
      { type: 'DiscontinueProduct', code, reason, at: this.now() },
      options,
    );
  }

  /** Replaces what is offered with a product; each named product is read from its own stream for its kind. */
  async setRelations(code: string, relations: ProductRelations, options: CallOptions = {}): Promise<Written> {
    code = normaliseCode(code);
    const normalised: ProductRelations = {
      accessories: relations.accessories.map(normaliseCode),
      gifts: relations.gifts.map(normaliseCode),
      specialOffers: relations.specialOffers.map(normaliseCode),
      insurance: relations.insurance.map(normaliseCode),
      warrantyExtensions: relations.warrantyExtensions.map(normaliseCode),
    };
    const named = [...new Set(Object.values(normalised).flat())];
    const related: Record<string, RelatedFacts[string]> = {};
    await Promise.all(
      named.map(async (other) => {
        const { state } = await this.productState(other);
        related[other] = state.fields ? { kind: state.fields.kind, active: state.status === 'active' } : null;
      }),
    );
    const command: ProductCommand = { type: 'SetRelations', code, relations: normalised, related, at: this.now() };
    return this.run(productDecider, productStream(code), code, command, options);
  }

  // --- meta masters -------------------------------------------------------------------------

  async createMetaMaster(input: MetaMasterInput, options: CallOptions = {}): Promise<Written> {
    const creation = this.creation('metamaster', options, input.id, input);
    const stream = metaMasterStream(creation.id);
    const loaded = await this.load(metaMasterDecider, stream);
    const repeat = creation.repeat(loaded, () => this.writtenOf(creation.id, loaded));
    if (repeat) return repeat;
    const fields: MetaMasterFields = { name: input.name, description: input.description ?? null };
    const command: MetaMasterCommand = { type: 'CreateMetaMaster', metaMasterId: creation.id, fields, at: this.now() };
    return this.run(
      metaMasterDecider,
      stream,
      creation.id,
      command,
      { ...options, expectedVersion: 0n },
      {
        ...(creation.eventId ? { newId: (_e, i) => creation.eventId!(i) } : {}),
      },
    );
  }

  updateMetaMaster(id: string, changes: Partial<Omit<MetaMasterInput, 'id'>>, options: CallOptions = {}): Promise<Written> {
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<MetaMasterFields>;
    return this.run(
      metaMasterDecider,
      metaMasterStream(id),
      id,
      { type: 'UpdateMetaMaster', metaMasterId: id, changes: defined, at: this.now() },
      options,
    );
  }

  deleteMetaMaster(id: string, options: CallOptions = {}): Promise<Written> {
    return this.run(
      metaMasterDecider,
      metaMasterStream(id),
      id,
      { type: 'DeleteMetaMaster', metaMasterId: id, at: this.now() },
      options,
    );
  }

  private async metaMasterActive(id: string | null): Promise<boolean> {
    return id !== null && (await this.metaMasterState(id)).state.status === 'active';
  }

  private async changeMetaMaster(
    masterProductId: string,
    mode: 'add' | 'swap' | 'remove',
    metaMasterId: string | null,
    options: CallOptions,
  ): Promise<Written> {
    const stream = masterStream(masterProductId);
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.load(masterDecider, stream);
      this.checkExpected(stream, loaded, options);
      const [targetExists, currentExists] = await Promise.all([
        this.metaMasterActive(metaMasterId),
        this.metaMasterActive(loaded.state.metaMasterId),
      ]);
      try {
        return await this.run(
          masterDecider,
          stream,
          masterProductId,
          { type: 'ChangeMetaMaster', masterProductId, mode, metaMasterId, targetExists, currentExists, at: this.now() },
          { ...options, expectedVersion: loaded.version },
        );
      } catch (error) {
        if (!(error instanceof ConcurrencyConflict) || options.expectedVersion !== undefined || attempt >= ATTACH_ATTEMPTS)
          throw error;
      }
    }
  }

  /** Spec 7's add-master-product: an ungrouped master joins the meta master. */
  async addMasterToMetaMaster(metaMasterId: string, masterProductId: string, options: CallOptions = {}): Promise<Written> {
    // The meta master is what the call addresses: unknown, it is not found (in a swap it is a field of the request).
    if (!(await this.metaMasterActive(metaMasterId)))
      throw new NotFound('catalogue.product.meta_master_not_found', `There is no meta master ${metaMasterId}`);
    return this.changeMetaMaster(masterProductId, 'add', metaMasterId, options);
  }

  /** Spec 7's swap-meta-master: the master moves to another meta master, from whichever it was in. */
  swapMetaMaster(masterProductId: string, metaMasterId: string, options: CallOptions = {}): Promise<Written> {
    return this.changeMetaMaster(masterProductId, 'swap', metaMasterId, options);
  }

  removeMasterFromMetaMaster(masterProductId: string, options: CallOptions = {}): Promise<Written> {
    return this.changeMetaMaster(masterProductId, 'remove', null, options);
  }
}
