/**
 * What the API and the front ends must agree on, with no I/O: the roles of
 * spec section 6, the one permission table, the contexts' vocabularies and
 * the HTTP layer's error codes. Nothing here imports zod, so a browser bundle
 * may import it; the schemas of the HTTP contract are on their own entry
 * points (`@buyloop/contracts/buy-back/http`, `…/identity/http`,
 * `…/platform/http`, `…/http`), which front ends import as types only.
 */
export * from './roles';
export * from './permissions';
export * from './identity/approval-events';
export * from './identity/capabilities';
export * from './buy-back/capabilities';
export * from './buy-back/vocabulary';
export * from './catalogue/capabilities';
export * from './catalogue/vocabulary';
export * from './cart/vocabulary';
export * from './http/error-codes';
