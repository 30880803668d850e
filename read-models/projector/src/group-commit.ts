/**
 * Writes batches one at a time, in the order they were added, while the
 * caller keeps preparing the next ones. Batches added while a write is in
 * flight are merged into the next write, so a slow store gets fewer, larger
 * transactions instead of a growing queue: catching up adapts its batch size
 * to what the database can take, and a live event is written at once when
 * nothing else is. A failed write stops everything after it.
 */
export class GroupCommit<B> {
  private pending: B | undefined;
  private pendingSize = 0;
  private draining: Promise<void> | undefined;
  private current: Promise<void> | undefined;
  private failure: { readonly error: unknown } | undefined;

  constructor(
    private readonly write: (batch: B) => Promise<void>,
    private readonly merge: (earlier: B, later: B) => B,
    /** Most one write carries (in the caller's units): at this size `add` waits for the write in flight. */
    private readonly maxPending: number,
    /** Told at once when a write fails, for a caller that may not add or flush again soon (a quiet log). */
    private readonly onFailure?: (error: unknown) => void,
  ) {}

  /**
   * Queues a batch of `size`; resolves when there is room for more, rejects once a write has failed.
   * A batch that would grow the waiting write past `maxPending` waits until that write is on its way.
   */
  async add(batch: B, size: number): Promise<void> {
    this.throwIfFailed();
    while (this.pending !== undefined && this.pendingSize + size > this.maxPending && this.current) {
      await this.current.catch(() => undefined);
      this.throwIfFailed();
    }
    this.pending = this.pending === undefined ? batch : this.merge(this.pending, batch);
    this.pendingSize += size;
    this.draining ??= this.drain();
    while (this.pendingSize >= this.maxPending && this.current) {
      await this.current.catch(() => undefined);
      this.throwIfFailed();
    }
  }

  /** Resolves when everything added is written; rejects with the first write's error. */
  async flush(): Promise<void> {
    while (this.draining) await this.draining;
    this.throwIfFailed();
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending !== undefined) {
        const batch = this.pending;
        this.pending = undefined;
        this.pendingSize = 0;
        this.current = this.write(batch);
        await this.current;
      }
    } catch (error) {
      this.failure = { error };
      this.pending = undefined;
      this.pendingSize = 0;
      this.onFailure?.(error);
    } finally {
      this.current = undefined;
      this.draining = undefined;
    }
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
