/** The Idempotency-Key helper moved to the document store package (the checkout uses it too); kept here for the buy-back's imports. */
export { hashOf, idFromKey, IdempotencyKeys, IDEMPOTENCY_KEYS, parseIdempotencyKey } from '@buyloop/document-store';
