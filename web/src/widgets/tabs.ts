/** The tabs widget's rules (spec section 2). */
export interface TabSpec {
  readonly id: string;
  readonly disabled?: boolean;
}

export const TAB_CACHE_MS = 5 * 60 * 1000;

export interface CachedChoice {
  readonly id: string;
  readonly at: number;
}

/** A cached choice read back from storage, or null when it is malformed. */
export function readCachedChoice(raw: string | null): CachedChoice | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (parsed && typeof parsed === 'object' && 'id' in parsed && 'at' in parsed) {
      const { id, at } = parsed as { id: unknown; at: unknown };
      if (typeof id === 'string' && typeof at === 'number') return { id, at };
    }
  } catch {
    // Not ours: ignored.
  }
  return null;
}

/**
 * The active tab: the one the URL fragment names, else the cached choice while it is younger
 * than the cache lifetime, else the configured default, else the first; a disabled tab is never
 * chosen, so each step skips it (and the first means the first enabled one).
 */
export function activeTab(
  tabs: readonly TabSpec[],
  options: { hash?: string; cached?: CachedChoice | null; now?: number; defaultId?: string; cacheMs?: number },
): string | null {
  const enabled = (id: string | undefined | null) => (id ? tabs.find((t) => t.id === id && !t.disabled)?.id : undefined);
  const fromHash = enabled(options.hash?.replace(/^#/, ''));
  if (fromHash) return fromHash;
  const cached = options.cached;
  if (cached && (options.now ?? Date.now()) - cached.at < (options.cacheMs ?? TAB_CACHE_MS)) {
    const fromCache = enabled(cached.id);
    if (fromCache) return fromCache;
  }
  return enabled(options.defaultId) ?? tabs.find((t) => !t.disabled)?.id ?? null;
}

/** Choosing a tab: a disabled or unknown one leaves the current tab. */
export const selectTab = (tabs: readonly TabSpec[], current: string | null, id: string): string | null =>
  tabs.some((t) => t.id === id && !t.disabled) ? id : current;
