import { createParser, type EventSourceMessage } from 'eventsource-parser';

export type { EventSourceMessage };

/**
 * A test's reader of a server-sent event stream, as a browser's EventSource
 * would read it (Node 20 has none): every event and comment in order, with
 * waits for the one a test expects.
 */
export class EventStreamClient {
  readonly events: EventSourceMessage[] = [];
  readonly comments: string[] = [];
  retryMs: number | null = null;
  /** Resolves when the server ended the response (or the connection broke). */
  readonly ended: Promise<void>;
  private readonly listeners = new Set<() => void>();

  private constructor(
    readonly status: number,
    readonly headers: Headers,
    private readonly controller: AbortController,
    body: ReadableStream<Uint8Array> | null,
  ) {
    const parser = createParser({
      onEvent: (event) => this.notify(() => this.events.push(event)),
      onComment: (comment) => this.notify(() => this.comments.push(comment)),
      onRetry: (retry) => (this.retryMs = retry),
    });
    this.ended = (async () => {
      if (!body) return;
      const decoder = new TextDecoder();
      try {
        for await (const chunk of body) parser.feed(decoder.decode(chunk, { stream: true }));
      } catch {
        // Aborted by close(), or cut by the server: either way the stream is over.
      }
      this.notify(() => undefined);
    })();
  }

  /** Opens the stream; a refused request (404, 401) answers with its status and no events. */
  static async connect(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
    const controller = new AbortController();
    const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
    const isStream = response.ok && (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
    if (!isStream) await response.body?.cancel();
    return new EventStreamClient(response.status, response.headers, controller, isStream ? response.body : null);
  }

  /** Resolves with the first event (from the start of the stream) that matches; rejects after `timeoutMs`. */
  waitFor(match: (event: EventSourceMessage) => boolean, timeoutMs = 10_000): Promise<EventSourceMessage> {
    return this.until(() => this.events.find(match), `no matching event within ${timeoutMs} ms`, timeoutMs);
  }

  /** Resolves once `count` events have arrived. */
  async waitForCount(count: number, timeoutMs = 10_000): Promise<EventSourceMessage[]> {
    await this.until(() => (this.events.length >= count ? true : undefined), `fewer than ${count} events`, timeoutMs);
    return this.events;
  }

  /** Resolves once a comment (a heartbeat) has arrived. */
  waitForComment(timeoutMs = 10_000): Promise<string> {
    return this.until(() => this.comments[0], 'no comment', timeoutMs);
  }

  close(): void {
    this.controller.abort();
  }

  private notify(change: () => void): void {
    change();
    for (const listener of this.listeners) listener();
  }

  private until<T>(found: () => T | undefined, failure: string, timeoutMs: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = found();
        if (value === undefined) return;
        finish();
        resolve(value);
      };
      const finish = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`${failure}; got ${JSON.stringify(this.events)}`));
      }, timeoutMs);
      this.listeners.add(check);
      check();
    });
  }
}

/** The events of a whole HTTP/1.1 response as it crossed the wire (headers, then a chunked body). */
export function eventsOfRawResponse(raw: Buffer): EventSourceMessage[] {
  let at = raw.indexOf('\r\n\r\n') + 4;
  const pieces: Buffer[] = [];
  while (at < raw.length) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    pieces.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  const events: EventSourceMessage[] = [];
  createParser({ onEvent: (event) => events.push(event) }).feed(Buffer.concat(pieces).toString('utf8'));
  return events;
}
