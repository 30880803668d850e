/** Ids are injected like time, so a spec or a retried request can make them deterministic. */
export type IdGenerator = () => string;

// globalThis.crypto rather than node:crypto: the kit is also bundled for the browsers.
export const randomId: IdGenerator = () => globalThis.crypto.randomUUID();
