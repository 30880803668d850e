import type { Market } from './market';

/** What the server adapter tells the renderer about the request. */
export interface RenderContext {
  readonly market: Market;
  /** The same server's origin: `${req.protocol}://${req.get('host')}`. */
  readonly apiBase: string;
  /** Forwarded to the API: the visitor's cookie and language. */
  readonly cookie?: string | undefined;
  readonly acceptLanguage?: string | undefined;
}

export interface RenderResult {
  readonly html: string;
  readonly head: string;
  readonly status: number;
  readonly dehydratedState: unknown;
}
