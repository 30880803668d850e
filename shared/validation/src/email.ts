import { z } from 'zod';

/** RFC 5321 limits: the whole address as it fits a forward path, and its local part. */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

const emailSchema = z.email().max(EMAIL_MAX_LENGTH);
/** A DNS label: 1–63 letters, digits or hyphens, not starting or ending with a hyphen. */
const domainLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The form an address is stored and compared in: trimmed and lower-cased as a whole. */
export const normaliseEmail = (value: string): string => value.trim().toLowerCase();

/** Message keys for what is wrong with an e-mail address (checked in its normalised form); [] when it is fine. */
export function checkEmail(value: unknown): string[] {
  if (typeof value !== 'string' || value.trim() === '') return ['validation.required'];
  const email = normaliseEmail(value);
  if (!emailSchema.safeParse(email).success) return ['validation.email_invalid'];
  const at = email.lastIndexOf('@');
  const localPart = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (localPart.length > LOCAL_PART_MAX_LENGTH || !domain.split('.').every((label) => domainLabel.test(label))) {
    return ['validation.email_invalid'];
  }
  return [];
}
