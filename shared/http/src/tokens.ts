import { timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two tokens (strings of any length). */
export function tokensEqual(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
