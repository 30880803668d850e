import type { Request } from 'express';
import { RequestRefused, ValidationError } from '@buyloop/kit';

const VERSION = /^(?:W\/)?"?(\d{1,18})"?$/;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;

/**
 * The stream version a client sent in If-Match (DESIGN section 5), undefined
 * when it sent none; whether one is required is the route's call. A header
 * that is not a version is a field error under `If-Match`.
 */
export function versionInIfMatch(req: Request): bigint | undefined {
  const header = req.get('if-match');
  if (header === undefined) return undefined;
  const match = VERSION.exec(header.trim());
  if (!match)
    throw new ValidationError(
      'validation.failed',
      { 'If-Match': ['request.if_match_invalid'] },
      `If-Match ${header} is not a version`,
    );
  return BigInt(match[1]!);
}

/** The Idempotency-Key of a creating POST (printable ASCII, 8 to 200 characters), undefined when none was sent. */
export function idempotencyKeyIn(req: Request): string | undefined {
  const header = req.get('idempotency-key');
  if (header === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(header))
    throw new ValidationError(
      'validation.failed',
      { 'Idempotency-Key': ['request.idempotency_key_invalid'] },
      'Idempotency-Key must be 8 to 200 printable ASCII characters',
    );
  return header;
}

/**
 * The JSON body, or `{}` for a request that sent none. A body of another
 * type is refused rather than read as empty: express.json leaves it unparsed.
 */
export function jsonBody(req: Request): unknown {
  if (req.body !== undefined) return req.body;
  const length = Number(req.get('content-length') ?? '0');
  if (length > 0 || req.get('transfer-encoding'))
    throw new RequestRefused(
      415,
      'request.unsupported_media_type',
      'Unsupported media type',
      'Send the body as application/json',
    );
  return {};
}
