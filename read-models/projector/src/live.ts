import type { Observable } from 'rxjs';
import { compareCheckpoints, parseCheckpoint } from '@buyloop/event-store';
import type { DocumentStore } from '@buyloop/document-store';
import { EventStream, RELOAD_EVENT, type EventStreamOptions, type ServerSentEvent } from '@buyloop/http';
import { documentChanges, type DocumentChange, type ProjectorChange } from './changes';

/** The document changed (or was deleted): fetch it again. */
export const CHANGED_EVENT = 'changed';
/** First event of a new connection: what the page fetched before it connected may already be old. */
export const READY_EVENT = 'ready';

type Request = Parameters<typeof EventStream.open>[0];
type Response = Parameters<typeof EventStream.open>[1];

export interface LiveDocumentsDeps {
  readonly changes: Observable<ProjectorChange>;
  readonly documents: Pick<DocumentStore, 'getStamped'>;
  /** A projection's serving collection (ModuleContext.collection). */
  readonly collection: (projection: string) => Promise<string>;
}

export interface LiveDocuments {
  /**
   * Answers the request with the document's changes as server-sent events.
   * Call it after the route has checked the caller may see the document:
   * the events say only that it changed (`data` is `{ id }`), and the page
   * fetches it through its ordinary, checked GET.
   */
  serve(req: Request, res: Response, id: string): void;
}

const isCheckpoint = (value: string): boolean => {
  try {
    parseCheckpoint(value);
    return true;
  } catch {
    return false;
  }
};

/**
 * Live updates of one projection's documents, one document per connection.
 * Every event's `id:` is a checkpoint, the stamp the projector puts on the
 * documents it writes, so a browser reconnecting with `Last-Event-ID` is
 * sent `changed` at once when the document moved on while it was away, and
 * nothing when it did not.
 */
export function liveDocuments(deps: LiveDocumentsDeps, projection: string, options: EventStreamOptions = {}): LiveDocuments {
  const stored = async (id: string): Promise<{ readonly exists: boolean; readonly stamp: string | null }> => {
    const found = (await deps.documents.getStamped(await deps.collection(projection), [id])).get(id);
    return { exists: found !== undefined, stamp: found?.stamp ?? null };
  };

  return {
    serve(req, res, id) {
      const stream = EventStream.open(req, res, options);
      let newest: string | null = stream.lastEventId !== null && isCheckpoint(stream.lastEventId) ? stream.lastEventId : null;
      // Ids only move forward: a resume answer read before a live change must not take the browser's place back.
      const send = (event: Omit<ServerSentEvent, 'id'>, checkpoint: string | null) => {
        const forward = checkpoint !== null && (newest === null || compareCheckpoints(checkpoint, newest) > 0);
        if (forward) newest = checkpoint;
        stream.send({ ...event, id: forward ? checkpoint : null });
      };
      const toEvent = (change: DocumentChange): Omit<ServerSentEvent, 'id'> =>
        change.kind === 'reload'
          ? { event: RELOAD_EVENT, data: { id, reason: 'projection' } }
          : { event: CHANGED_EVENT, data: { id, deleted: change.deleted } };
      let heardLive = false;
      // Subscribed before the resume check reads the document, so no change can fall between the two.
      const subscription = documentChanges(deps.changes, projection, id).subscribe({
        next(change) {
          heardLive = true;
          send(toEvent(change), change.checkpoint);
        },
        error: () => stream.close(),
        complete: () => stream.close(),
      });
      stream.onClose(() => subscription.unsubscribe());

      const resumeFrom = stream.lastEventId;
      void stored(id)
        .then(({ exists, stamp }) => {
          if (stream.closed || heardLive) return;
          if (resumeFrom === null) send({ event: READY_EVENT, data: { id } }, stamp);
          // Without a stamp to compare, or with an id this server never gave, the page is told to fetch again.
          else if (stamp === null || !isCheckpoint(resumeFrom) || compareCheckpoints(stamp, resumeFrom) > 0)
            send({ event: CHANGED_EVENT, data: { id, deleted: !exists } }, stamp);
        })
        // The page still works without live updates; the browser reconnects and tries again.
        .catch(() => stream.close());
    },
  };
}
