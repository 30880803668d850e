/** A document folded in memory and not handed to a write yet. */
export interface Held<D> {
  document: D | null;
  /** The batch of its first change held: a checkpoint written must stay before it. */
  readonly since: number;
  /** The batch of its last change. */
  last: number;
}

/**
 * The documents a projection runner holds back while it catches up, found
 * by the batch of their first change held (the oldest one holds the
 * checkpoint back) and by the batch of their last change (the quiet ones go
 * first). Batches are numbered in the order they are folded, so both indexes
 * are buckets in ascending order, and what a write takes comes off the front
 * without walking the rest.
 */
export class HeldDocuments<D> {
  private readonly byId = new Map<string, Held<D>>();
  private readonly bySince = new Map<number, Set<string>>();
  private readonly byLast = new Map<number, Set<string>>();

  get size(): number {
    return this.byId.size;
  }

  get(id: string): Held<D> | undefined {
    return this.byId.get(id);
  }

  /** Records `document` as folded in `batch`, which is never older than a batch recorded before. */
  change(id: string, document: D | null, batch: number): void {
    const held = this.byId.get(id);
    if (held) {
      held.document = document;
      if (held.last === batch) return;
      this.unbucket(this.byLast, held.last, id);
      held.last = batch;
    } else {
      this.byId.set(id, { document, since: batch, last: batch });
      this.bucket(this.bySince, batch).add(id);
    }
    this.bucket(this.byLast, batch).add(id);
  }

  /** Ids by their first change held, oldest first, as long as that change is in `through` or before. */
  *heldSince(through = Number.POSITIVE_INFINITY): Generator<string> {
    for (const [batch, ids] of this.bySince) {
      if (batch > through) return;
      yield* ids;
    }
  }

  /** Ids whose last change is in `through` or before, the quietest first. */
  *quietSince(through: number): Generator<string> {
    for (const [batch, ids] of this.byLast) {
      if (batch > through) return;
      yield* ids;
    }
  }

  /** The batch of the oldest change held apart from `except`'s; undefined when there is none. */
  oldestExcept(except: ReadonlyMap<string, unknown>): number | undefined {
    for (const [batch, ids] of this.bySince) {
      for (const id of ids) if (!except.has(id)) return batch;
    }
    return undefined;
  }

  /** Stops holding `id`; answers what was held. */
  release(id: string): Held<D> | undefined {
    const held = this.byId.get(id);
    if (!held) return undefined;
    this.byId.delete(id);
    this.unbucket(this.bySince, held.since, id);
    this.unbucket(this.byLast, held.last, id);
    return held;
  }

  clear(): void {
    this.byId.clear();
    this.bySince.clear();
    this.byLast.clear();
  }

  private bucket(index: Map<number, Set<string>>, batch: number): Set<string> {
    let ids = index.get(batch);
    if (!ids) {
      ids = new Set();
      index.set(batch, ids);
    }
    return ids;
  }

  private unbucket(index: Map<number, Set<string>>, batch: number, id: string): void {
    const ids = index.get(batch);
    if (!ids) return;
    ids.delete(id);
    if (ids.size === 0) index.delete(batch);
  }
}
