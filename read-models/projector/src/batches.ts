import type { RecordedEvent } from '@buyloop/kit';

const IDLE = Symbol('idle');

/**
 * Groups a subscription's events into batches: a batch closes when it is full
 * or when no further event arrives within `idleMs`, so catching up writes big
 * batches and live events are written at once. The pending read survives a
 * closed batch, so no event is ever dropped between batches.
 */
export async function* batches(
  events: AsyncIterable<RecordedEvent>,
  maxSize: number,
  idleMs = 5,
): AsyncGenerator<RecordedEvent[]> {
  const iterator = events[Symbol.asyncIterator]();
  let pending = iterator.next();
  let batch: RecordedEvent[] = [];
  try {
    while (true) {
      const next =
        batch.length === 0
          ? await pending
          : await Promise.race([pending, new Promise<typeof IDLE>((resolve) => setTimeout(() => resolve(IDLE), idleMs))]);
      if (next === IDLE) {
        yield batch;
        batch = [];
        continue;
      }
      if (next.done) break;
      batch.push(next.value);
      pending = iterator.next();
      if (batch.length >= maxSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    await iterator.return?.();
  }
}
