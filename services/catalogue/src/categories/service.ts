import {
  commandHandler,
  fold,
  randomId,
  type Actor,
  type Clock,
  type CommandResult,
  type IdGenerator,
  type Market,
  type RecordedEvent,
  type StreamStore,
} from '@buyloop/kit';
import { categoryTreeDecider, type CategoryCommand } from './decider';
import { categoryTreeStream, type CategoryEvent, type CategoryTreeState } from './events';
import type { AddCategory } from './add-category/decide';
import type { UpdateCategory } from './update-category/decide';
import type { MissingReferences } from './rules';

/** The event store as the categories need it: the handler's two calls, and a stream's newest event. */
export interface CategoryEventStore extends StreamStore {
  readStream(
    stream: string,
    options?: { readonly direction?: 'forwards' | 'backwards'; readonly limit?: number },
  ): Promise<readonly RecordedEvent[]>;
}

export interface CategoryServiceDeps {
  readonly events: CategoryEventStore;
  readonly market: Market;
  readonly clock: Clock;
  readonly newId?: IdGenerator;
}

export interface CategoryCommandOptions {
  readonly actor: Actor;
  /** The tree's version the client decided on (If-Match): another change since then refuses the command. */
  readonly expectedVersion?: bigint;
  readonly correlationId?: string;
}

export type CategoryResult = CommandResult<CategoryEvent, CategoryTreeState>;

type Without<C, K extends keyof C> = Omit<C, 'type' | 'at' | 'missing' | K>;
/** `categoryId` is generated unless given (demo data and imports keep stable ids). */
export type AddCategoryInput = Without<AddCategory, 'categoryId'> & { readonly categoryId?: string };
export type UpdateCategoryInput = Without<UpdateCategory, never>;

/**
 * Other parts of the catalogue a category or an assignment names, by the
 * streams they live in (the products area's and the media area's): read
 * from the event store, never from a read model, so a reference made a
 * moment ago counts and one deleted a moment ago does not.
 */
export const referencedStreams = {
  master: (id: string) => `master-${id}`,
  manufacturer: (id: string) => `manufacturer-${id}`,
  typeDevice: (id: string) => `typedevice-${id}`,
  image: (id: string) => `image-${id}`,
} as const;

/** Streams read at once when checking a selection of master products. */
const PARALLEL_READS = 16;

/**
 * The categories' application service: reads what a decision needs from
 * other streams (do the master products, manufacturers, type device and
 * photo exist?), hands it to the pure decider with the time, and appends to
 * the market's one tree stream. Every command is safe to decide again on a
 * newer tree, so a lost race is retried unless the client pinned the
 * version with If-Match: the loser then sees the winner's change and is
 * refused if the two together would make a cycle.
 */
export class CategoryService {
  private readonly handle;
  private readonly newId: IdGenerator;

  constructor(private readonly deps: CategoryServiceDeps) {
    this.handle = commandHandler(deps.events, categoryTreeDecider, { retry: { attempts: 8 } });
    this.newId = deps.newId ?? randomId;
  }

  get stream(): string {
    return categoryTreeStream(this.deps.market);
  }

  /** The tree as the stream holds it now. */
  async tree(): Promise<CategoryTreeState> {
    const events = (await this.deps.events.readStream(this.stream)) as unknown as readonly CategoryEvent[];
    return fold(categoryTreeDecider, events);
  }

  async add(input: AddCategoryInput, options: CategoryCommandOptions): Promise<{ categoryId: string; result: CategoryResult }> {
    const categoryId = input.categoryId ?? this.newId();
    const missing = await this.missingReferences(input);
    const result = await this.run({ ...input, type: 'AddCategory', categoryId, missing, at: this.now() }, options);
    return { categoryId, result };
  }

  async update(categoryId: string, input: Omit<UpdateCategoryInput, 'categoryId'>, options: CategoryCommandOptions) {
    const missing = await this.missingReferences(input);
    return this.run({ ...input, type: 'UpdateCategory', categoryId, missing, at: this.now() }, options);
  }

  move(categoryId: string, targetId: string | null, position: number, options: CategoryCommandOptions) {
    return this.run({ type: 'MoveCategory', categoryId, targetId, position, at: this.now() }, options);
  }

  delete(categoryId: string, options: CategoryCommandOptions) {
    return this.run({ type: 'DeleteCategory', categoryId, at: this.now() }, options);
  }

  async assign(masterProductIds: readonly string[], typeCategoryIds: readonly string[], options: CategoryCommandOptions) {
    const missingMasterProductIds = await this.missingMasters(masterProductIds);
    return this.run(
      { type: 'AssignProducts', masterProductIds, typeCategoryIds, missingMasterProductIds, at: this.now() },
      options,
    );
  }

  remove(masterProductIds: readonly string[], typeCategoryIds: readonly string[], options: CategoryCommandOptions) {
    return this.run({ type: 'RemoveProducts', masterProductIds, typeCategoryIds, at: this.now() }, options);
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }

  private run(command: CategoryCommand, options: CategoryCommandOptions): Promise<CategoryResult> {
    return this.handle(this.stream, command, {
      actor: options.actor,
      market: this.deps.market,
      ...(options.expectedVersion !== undefined ? { expectedVersion: options.expectedVersion } : {}),
      ...(options.correlationId !== undefined ? { correlationId: options.correlationId } : {}),
    });
  }

  private async exists(stream: string): Promise<boolean> {
    const newest = await this.deps.events.readStream(stream, { direction: 'backwards', limit: 1 });
    return newest.length > 0;
  }

  private async missingReferences(input: {
    readonly manufacturerIds?: readonly string[];
    readonly typeDeviceId?: string | null;
    readonly photoId?: string | null;
  }): Promise<MissingReferences> {
    const manufacturers = [...new Set(input.manufacturerIds ?? [])];
    const found = await inBatches(manufacturers, (id) => this.exists(referencedStreams.manufacturer(id)));
    return {
      manufacturerIds: manufacturers.filter((_id, index) => !found[index]),
      typeDeviceId: input.typeDeviceId ? !(await this.exists(referencedStreams.typeDevice(input.typeDeviceId))) : false,
      photoId: input.photoId ? !(await this.exists(referencedStreams.image(input.photoId))) : false,
    };
  }

  /** Master products that were never created, or were deleted since (their stream holds MasterProductDeleted). */
  private async missingMasters(masterProductIds: readonly string[]): Promise<string[]> {
    const ids = [...new Set(masterProductIds.filter((id) => typeof id === 'string'))];
    const streams = await inBatches(ids, (id) => this.deps.events.readStream(referencedStreams.master(id)));
    return ids.filter((_id, index) => {
      const events = streams[index] ?? [];
      return events.length === 0 || events.some((event) => event.type === 'MasterProductDeleted');
    });
  }
}

async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += PARALLEL_READS)
    results.push(...(await Promise.all(items.slice(start, start + PARALLEL_READS).map(work))));
  return results;
}
