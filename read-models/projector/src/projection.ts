import type { RecordedEvent } from '@buyloop/kit';
import type { CollectionDefinition, Document } from '@buyloop/document-store';

/**
 * A projection folds events into documents of one collection. It is pure:
 * `evolve` sees the document as it stands (null when there is none yet) and
 * one event, and answers the new document, or null to delete it. Anything
 * with side effects (e-mails, payments, carrier calls) is a process manager,
 * never a projection, so replaying or rebuilding can never repeat it.
 */
export interface Projection<D extends Document = Document> {
  readonly name: string;
  /** Bump it when evolve or the collection changes: the new version is rebuilt beside the old one. */
  readonly version: number;
  /** Event types this projection reads (others never reach evolve), or 'all' for audit views of the whole log. */
  readonly handles: readonly string[] | 'all';
  /** Declared fields and indexes of the collection (its name is derived from name and version). */
  readonly collection: Omit<CollectionDefinition, 'name'>;
  /** The document an event belongs to; null to ignore the event. Several streams may feed one document. */
  key(event: RecordedEvent): string | null;
  evolve(document: D | null, event: RecordedEvent): D | null;
}

const NAME = /^[a-z][a-z0-9_]{0,40}$/;

/** Whether the projection reads this event type. */
export const handlesType = (projection: Pick<Projection, 'handles'>): ((type: string) => boolean) => {
  if (projection.handles === 'all') return () => true;
  const types = new Set(projection.handles);
  return (type) => types.has(type);
};

/** Where version `version` of a projection keeps its documents. */
export const collectionName = (projection: Pick<Projection, 'name'>, version: number): string => `${projection.name}_v${version}`;

export function assertProjection(projection: Projection): void {
  if (!NAME.test(projection.name)) throw new Error(`Projection name ${JSON.stringify(projection.name)} must match ${NAME}`);
  if (!Number.isSafeInteger(projection.version) || projection.version < 1)
    throw new Error(`Projection ${projection.name}: version must be a positive integer`);
  if (projection.handles !== 'all' && projection.handles.length === 0)
    throw new Error(`Projection ${projection.name} handles no event types`);
}
