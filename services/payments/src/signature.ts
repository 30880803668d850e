import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A gateway's notification is signed with HMAC-SHA256 of its raw body under
 * the secret both sides hold (`X-Buyloop-Signature: sha256=<hex>`). Checked
 * on the bytes as they arrived: re-serialised JSON may differ from what was signed.
 */
export function signBody(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function signatureValid(secret: string, body: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
