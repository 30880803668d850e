/**
 * The first place where `value` is not plain JSON that every engine stores
 * unchanged: anything JSON.stringify would drop or rewrite (undefined,
 * functions, NaN, Date, Map, class instances) or refuse (BigInt, cycles),
 * U+0000 (jsonb cannot hold it) and lone UTF-16 surrogates (neither jsonb nor
 * BSON accept them). Events and read-model documents both go through it.
 */
export interface NonJson {
  /** Where, in the caller's notation: `data.items[2].price`. */
  readonly path: string;
  readonly reason: string;
}

const badText = (text: string): string | undefined =>
  text.includes('\u0000') ? 'contains U+0000' : text.isWellFormed() ? undefined : 'contains a lone surrogate';

export function findNonJson(value: unknown, path: string, seen = new Set<object>()): NonJson | undefined {
  if (value === null || typeof value === 'boolean') return undefined;
  if (typeof value === 'string') {
    const reason = badText(value);
    return reason ? { path, reason } : undefined;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : { path, reason: `${value} is not a JSON number` };
  if (typeof value !== 'object') return { path, reason: `${typeof value} is not JSON` };
  if (seen.has(value)) return { path, reason: 'circular reference' };
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const problem = findNonJson(value[i], `${path}[${i}]`, seen);
        if (problem) return problem;
      }
      return undefined;
    }
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) {
      const name = (value as { constructor?: { name?: string } }).constructor?.name ?? 'object';
      return { path, reason: `${name} is not plain JSON (use an ISO string for dates)` };
    }
    for (const [key, child] of Object.entries(value)) {
      const reason = badText(key);
      if (reason) return { path, reason: `a key ${reason}` };
      const problem = findNonJson(child, `${path}.${key}`, seen);
      if (problem) return problem;
    }
    return undefined;
  } finally {
    seen.delete(value);
  }
}

/**
 * JSON with object keys sorted: equal for equal values whatever order their
 * keys were written in (a JSONB column, for one, reorders them).
 */
export const canonicalJson = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonicalJson).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(value);
