import type { RecordedEvent } from '@buyloop/kit';
import type { Document } from '@buyloop/document-store';
import { handlesType, type Projection } from './projection';

/**
 * Folds events through a projection in memory, exactly as the runner does
 * (only handled types, keyed per document, null deletes): the pure half of
 * a projection spec — "given these events, these documents".
 */
export function project<D extends Document>(projection: Projection<D>, events: readonly RecordedEvent[]): Map<string, D> {
  const handles = handlesType(projection);
  const documents = new Map<string, D>();
  for (const event of events) {
    if (!handles(event.type)) continue;
    const key = projection.key(event);
    if (key === null) continue;
    const next = projection.evolve(documents.get(key) ?? null, event);
    if (next === null) documents.delete(key);
    else documents.set(key, next);
  }
  return documents;
}

let position = 0n;

/** A recorded event for specs, with the metadata the store would add. */
export function recorded(type: string, data: unknown, stream = 'test-1', at = new Date('2026-01-02T03:04:05Z')): RecordedEvent {
  position += 1n;
  return {
    id: `00000000-0000-4000-8000-${position.toString().padStart(12, '0')}`,
    type,
    data,
    schemaVersion: 1,
    stream,
    streamVersion: position,
    globalPosition: position,
    recordedAt: at,
    metadata: { correlationId: 'c', causationId: null, actor: { userId: 'u', role: 'system' }, market: 'cz' },
    checkpoint: `1/${position}`,
  };
}
