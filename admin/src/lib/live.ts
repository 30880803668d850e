import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * What a live endpoint sends (see "Live status" in docs/ARCHITECTURE.md):
 * `ready` when a new connection opens, `changed` when the document moved on,
 * `reload` when the server lost track of what the page has. Each of them
 * means the same to a page: fetch again.
 */
const REFETCH_ON = ['ready', 'changed', 'reload'] as const;

/** Pauses before opening a stream again after the server refused it or it failed for good. */
const REOPEN_AFTER_MS = [2_000, 5_000, 15_000, 30_000] as const;

export const reopenDelay = (failures: number): number => REOPEN_AFTER_MS[Math.min(failures, REOPEN_AFTER_MS.length - 1)]!;

/**
 * Keeps a query fresh from a server-sent event stream: each event refetches
 * it, so the page updates without a reload. After a dropped connection the
 * browser reconnects by itself and the server answers from Last-Event-ID;
 * a stream that failed for good (an error page from a proxy, a restart) is
 * opened again after a pause. While disconnected the page keeps showing what
 * it has, and says nothing about it.
 */
export function useLiveQuery(url: string | null, queryKey: QueryKey): void {
  const client = useQueryClient();
  const keyRef = useRef(queryKey);
  keyRef.current = queryKey;

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const refetch = () => {
      failures = 0;
      void client.invalidateQueries({ queryKey: keyRef.current });
    };
    const open = () => {
      const current = new EventSource(url);
      source = current;
      for (const name of REFETCH_ON) current.addEventListener(name, refetch);
      current.addEventListener('error', () => {
        // CONNECTING: the browser is reconnecting by itself.
        if (current.readyState !== EventSource.CLOSED) return;
        current.close();
        reopen = setTimeout(open, reopenDelay(failures++));
      });
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [client, url]);
}
