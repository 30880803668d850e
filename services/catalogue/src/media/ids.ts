import { createHash } from 'node:crypto';

/**
 * A UUID derived from its parts (version 8, RFC 9562 variant bits): the same
 * parts give the same id, so a repeated request or a second start of the
 * demo data finds what the first one made instead of making it again.
 */
export function uuidFrom(...parts: readonly string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a path's id can name an image at all (anything else is answered 404 without a look-up). */
export const isImageId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
