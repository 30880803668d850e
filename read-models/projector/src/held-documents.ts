/** A document folded in memory and not handed to a write yet. */
export interface Held<D> {
  document: D | null;
  /** The batch of its first change held: a checkpoint written must stay before it. */
  readonly since: number;
  /** The batch of its last change. */
  last: number;
}

/** The ids a batch listed; an id whose held entry moved on (or went) since is passed over. */
interface Listed {
  readonly batch: number;
  readonly ids: string[];
}

/**
 * The documents a projection runner holds back while it catches up, found
 * by the batch of their first change held (the oldest one holds the
 * checkpoint back) and by the batch of their last change (the quiet ones go
 * first). Batches are numbered in the order they are folded, so both lists
 * grow at the end and are taken from the front. An id is listed again in
 * every batch that changes it, and entries that moved on are skipped when
 * read rather than searched for and removed on every change.
 */
export class HeldDocuments<D> {
  private readonly byId = new Map<string, Held<D>>();
  private firsts: Listed[] = [];
  private lasts: Listed[] = [];

  get size(): number {
    return this.byId.size;
  }

  get(id: string): Held<D> | undefined {
    return this.byId.get(id);
  }

  /** Holds `document`, first changed in `batch`, which is never older than a batch recorded before. */
  add(id: string, document: D | null, batch: number): Held<D> {
    const held: Held<D> = { document, since: batch, last: batch };
    this.byId.set(id, held);
    this.listed(this.firsts, batch).push(id);
    this.listed(this.lasts, batch).push(id);
    return held;
  }

  /** Records a later change of a held document, folded in `batch`. */
  change(held: Held<D>, id: string, document: D | null, batch: number): void {
    held.document = document;
    if (held.last === batch) return;
    held.last = batch;
    this.listed(this.lasts, batch).push(id);
  }

  /** Visits the documents first changed in `through` or before, oldest first, until `visit` answers false. */
  visitHeldSince(through: number, visit: (id: string, held: Held<D>) => boolean): void {
    this.visit('firsts', through, (held, batch) => held.since === batch, visit);
  }

  /** Visits the documents last changed in `through` or before, the quietest first, until `visit` answers false. */
  visitQuietSince(through: number, visit: (id: string, held: Held<D>) => boolean): void {
    this.visit('lasts', through, (held, batch) => held.last === batch, visit);
  }

  /** The batch of the oldest change held apart from `except`'s; undefined when there is none. */
  oldestExcept(except: ReadonlyMap<string, unknown>): number | undefined {
    let oldest: number | undefined;
    this.visit(
      'firsts',
      Number.POSITIVE_INFINITY,
      (held, batch) => held.since === batch,
      (id, held) => {
        if (except.has(id)) return true;
        oldest = held.since;
        return false;
      },
    );
    return oldest;
  }

  /** Stops holding `id`; answers what was held. */
  release(id: string): Held<D> | undefined {
    const held = this.byId.get(id);
    this.byId.delete(id);
    return held;
  }

  clear(): void {
    this.byId.clear();
    this.firsts = [];
    this.lasts = [];
  }

  private listed(lists: Listed[], batch: number): string[] {
    const tail = lists.at(-1);
    if (tail?.batch === batch) return tail.ids;
    const ids: string[] = [];
    lists.push({ batch, ids });
    return ids;
  }

  private visit(
    which: 'firsts' | 'lasts',
    through: number,
    current: (held: Held<D>, batch: number) => boolean,
    visit: (id: string, held: Held<D>) => boolean,
  ): void {
    const lists = this[which];
    let emptied = false;
    try {
      for (const list of lists) {
        if (list.batch > through) return;
        // Ids that moved on are dropped from the list on the way, so the next visit does not pass them again.
        const { ids } = list;
        let kept = 0;
        for (let i = 0; i < ids.length; i++) {
          const id = ids[i]!;
          const held = this.byId.get(id);
          if (!held || !current(held, list.batch)) continue;
          ids[kept++] = id;
          if (!visit(id, held)) {
            for (let rest = i + 1; rest < ids.length; rest++) ids[kept++] = ids[rest]!;
            ids.length = kept;
            return;
          }
        }
        ids.length = kept;
        if (kept === 0) emptied = true;
      }
    } finally {
      if (emptied) this[which] = lists.filter((list) => list.ids.length > 0);
    }
  }
}
