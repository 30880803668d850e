/**
 * What the API and the front ends must agree on, with no I/O: the roles of
 * spec section 6 and the one permission table. The API enforces it; the
 * back office reads it to decide what to show.
 */
export * from './roles';
export * from './permissions';
export * from './identity/approval-events';
export * from './identity/capabilities';
export * from './buy-back/capabilities';
