import { createHash } from 'node:crypto';

/**
 * A UUID derived from names (RFC 9562 version 5 layout over SHA-1 of the
 * parts): the same parts always give the same id. Event ids made this way
 * turn a repeated write (a retried request, a crashed import run again, the
 * second half of a transfer done twice) into a duplicate the event store
 * ignores instead of a second event.
 */
export function deterministicId(...parts: readonly (string | number)[]): string {
  const bytes = createHash('sha1')
    .update(`buyloop-catalogue\u0000${parts.join('\u0000')}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
