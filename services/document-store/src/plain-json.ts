/**
 * A quick yes to "is this plain JSON?" for the documents every write checks.
 * True only where kit's findNonJson finds nothing; false means "not sure":
 * not JSON, or nested deeper than this walk goes (a cycle ends up here), and
 * the caller asks findNonJson, which names the place. It builds no paths and
 * keeps no set of the objects it is inside, so the common case (a document
 * that is fine) costs a walk and nothing more.
 */
const MAX_DEPTH = 32;

export function isPlainJson(value: unknown, depth = 0): boolean {
  switch (typeof value) {
    case 'string':
      return !value.includes('\u0000') && value.isWellFormed();
    case 'number':
      return Number.isFinite(value);
    case 'boolean':
      return true;
    case 'object': {
      if (value === null) return true;
      if (depth >= MAX_DEPTH) return false;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!isPlainJson(value[i], depth + 1)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) return false;
      const record = value as Record<string, unknown>;
      // for…in lists no more than the own keys findNonJson walks, unless someone made a property of
      // Object.prototype enumerable; then this looks at more and says "not sure" at worst.
      for (const key in record) {
        if (key.includes('\u0000') || !key.isWellFormed()) return false;
        if (!isPlainJson(record[key], depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}
