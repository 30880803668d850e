import type { Market } from './market';

/** What the server adapter tells the renderer about the request. */
export interface RenderContext {
  readonly market: Market;
  /** The same server's origin: `${req.protocol}://${req.get('host')}`. */
  readonly apiBase: string;
  /** Forwarded to the API: the visitor's cookie and language. */
  readonly cookie?: string | undefined;
  readonly acceptLanguage?: string | undefined;
  /** Where visitors reach the shop (PUBLIC_URL), for canonical links; the same server's origin when unset. */
  readonly publicUrl?: string | undefined;
}

export interface RenderResult {
  readonly html: string;
  readonly head: string;
  readonly status: number;
  readonly dehydratedState: unknown;
  /**
   * The page is the same for every visitor (no cookie went into it) and may be kept in a shared
   * cache; its `surrogateKeys` name what it shows, so a change to any of them purges it.
   */
  readonly cacheable: boolean;
  readonly surrogateKeys: readonly string[];
  /** Seconds a shared cache may keep the page: the shortest of the API answers it was built from. */
  readonly sharedMaxAge?: number;
}
