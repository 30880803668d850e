/**
 * The error codes the HTTP layer itself answers with, whatever the route:
 * the `code` of an application/problem+json answer. A context's own codes
 * (`buyback.not_found`, `auth.user_not_found`) are its business; these are
 * the ones every client meets.
 */
export const HTTP_ERROR_CODES = {
  /** A field or the whole request is invalid; `errors` names the fields, keyed like the request. */
  validationFailed: 'validation.failed',
  malformedJson: 'request.malformed_json',
  tooLarge: 'request.too_large',
  unsupportedMediaType: 'request.unsupported_media_type',
  unsupportedEncoding: 'request.unsupported_encoding',
  unsupportedCharset: 'request.unsupported_charset',
  aborted: 'request.aborted',
  sizeMismatch: 'request.size_mismatch',
  invalid: 'request.invalid',
  rateLimited: 'request.rate_limited',
  ifMatchRequired: 'request.if_match_required',
  ifMatchInvalid: 'request.if_match_invalid',
  idempotencyKeyInvalid: 'request.idempotency_key_invalid',
  idempotencyKeyReused: 'request.idempotency_key_reused',
  notLoggedIn: 'auth.not_logged_in',
  forbidden: 'auth.forbidden',
  csrfInvalid: 'auth.csrf_invalid',
  routeNotFound: 'route.not_found',
  internal: 'internal',
} as const;

export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[keyof typeof HTTP_ERROR_CODES];
