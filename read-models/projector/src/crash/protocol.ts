/**
 * What crash-child.ts prints on stdout, one JSON object per line, and what
 * crash.int.test.ts reads back. stdout is a pipe, and pipe writes are
 * synchronous in Node on Linux: a line printed before a SIGKILL reaches the
 * parent.
 */
export type ChildLine =
  /** The process that runs the projector (tsx starts it under its own wrapper process). */
  | { readonly kind: 'pid'; readonly pid: number }
  /** The projection's stored state before the projector starts: where a restart resumes. */
  | { readonly kind: 'resumed'; readonly collection: string | null; readonly processed: number; readonly position: string }
  | { readonly kind: 'started' }
  /** The n-th `documents.write` of this process begins (a batch's documents and checkpoint, one transaction). */
  /** A batch write begins; `processed` is what its state commits (a write may carry several batches). */
  | { readonly kind: 'write'; readonly n: number; readonly processed: number }
  /** The n-th batch is committed (the Projector's onBatch). */
  | { readonly kind: 'batch'; readonly n: number; readonly processed: number; readonly position: string; readonly events: number }
  /**
   * A synchronous commit (the heartbeat of --flush-every) finished after the batch that reached `processed`:
   * the write-ahead log is flushed up to there, relaxed batch commits before it included.
   */
  | { readonly kind: 'flushed'; readonly processed: number }
  | { readonly kind: 'caught-up'; readonly processed: number; readonly position: string };

export function parseChildLine(line: string): ChildLine | undefined {
  if (!line.startsWith('{')) return undefined;
  return JSON.parse(line) as ChildLine;
}
