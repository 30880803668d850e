import { filter, map, NEVER, type Observable } from 'rxjs';
import type { Checkpoint } from '@buyloop/kit';

/**
 * What one committed batch of a serving generation changed. `checkpoint` is
 * the projection's checkpoint after it: every document the batch wrote is
 * stamped at or before it, and a later change stamps the document after it,
 * so a reader that saw this change can later tell whether a document moved on.
 */
export interface DocumentsChanged {
  readonly kind: 'documents';
  readonly projection: string;
  readonly collection: string;
  readonly checkpoint: Checkpoint;
  /** Global position of the furthest event the batch read (a string: JSON has no bigint). */
  readonly position: string;
  readonly written: readonly string[];
  readonly deleted: readonly string[];
}

/**
 * Reads of a projection now come from documents nobody was told about one by
 * one: a rebuilt generation took over, or a reset filled the collection
 * again. Readers reload what they show instead of receiving every document.
 */
export interface ProjectionReloaded {
  readonly kind: 'reload';
  readonly projection: string;
  readonly collection: string;
  readonly reason: 'rebuilt' | 'reset' | 'first-run';
  readonly checkpoint: Checkpoint | null;
  readonly position: string;
}

export type ProjectorChange = DocumentsChanged | ProjectionReloaded;

/** What a reader of one document hears: it changed (or was deleted) at a checkpoint, or its projection reloaded. */
export type DocumentChange =
  | { readonly kind: 'changed'; readonly checkpoint: Checkpoint; readonly deleted: boolean }
  | { readonly kind: 'reload'; readonly checkpoint: Checkpoint | null };

// Many readers filter the same change: its ids become a set once, not once per reader.
const idSets = new WeakMap<DocumentsChanged, { readonly written: ReadonlySet<string>; readonly deleted: ReadonlySet<string> }>();

function idsOf(change: DocumentsChanged) {
  let ids = idSets.get(change);
  if (!ids) {
    ids = { written: new Set(change.written), deleted: new Set(change.deleted) };
    idSets.set(change, ids);
  }
  return ids;
}

/** The changes of one document of one projection, out of the projector's whole stream. */
export function documentChanges(
  changes: Observable<ProjectorChange>,
  projection: string,
  id: string,
): Observable<DocumentChange> {
  return changes.pipe(
    filter((change) => change.projection === projection),
    map((change): DocumentChange | null => {
      if (change.kind === 'reload') return { kind: 'reload', checkpoint: change.checkpoint };
      const ids = idsOf(change);
      if (ids.written.has(id)) return { kind: 'changed', checkpoint: change.checkpoint, deleted: false };
      if (ids.deleted.has(id)) return { kind: 'changed', checkpoint: change.checkpoint, deleted: true };
      return null;
    }),
    filter((change): change is DocumentChange => change !== null),
  );
}

/** For a process that runs no projections (`pnpm ops`): nothing ever changes, and nothing completes. */
export const NO_CHANGES: Observable<ProjectorChange> = NEVER;
