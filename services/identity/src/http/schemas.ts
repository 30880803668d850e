import { z } from 'zod';
import { ROLES, type AccountRole } from '../roles';
import { NotFound, ValidationError, type Market } from '@buyloop/kit';
import { checkPhone, checkPostcode, normalisePostcode, optionalTextField, textField } from '@buyloop/validation';
import type { Address, PersonalData } from '../user';

export const emailField = z.email().max(254);
/** The roles an account can hold (a visitor has no account), at least one. */
export const accountRolesField = z
  .array(z.enum(ROLES.filter((role) => role !== 'visitor') as [AccountRole, ...AccountRole[]]))
  .min(1)
  .max(6);
/** A granted supervisor check (action staff_role), needed when supervisor or administrator is granted. */
export const approvalIdField = z.uuid().optional();
/** Length and character rules are checked by checkPassword, which names the rule that failed. */
export const passwordField = z.string().min(1).max(1000);
/** Free text under the one text rule (no control, direction or invisible characters), refused under its own field. */
const text = (max: number) => textField({ max });
const optionalText = (max: number) => optionalTextField(max);

export const personalDataSchema = z.strictObject({
  degree_before_name: optionalText(30),
  first_name: text(100),
  last_name: text(100),
  phone_number: optionalText(30),
  birth_date: z.iso.date().nullable().optional(),
});

export const addressSchema = z.strictObject({
  kind: z.enum(['billing', 'delivery']),
  name: text(200),
  company: optionalText(200),
  street: text(200),
  city: text(100),
  district: optionalText(100),
  postcode: text(20),
  country: z.string().regex(/^[A-Z]{2}$/),
  phone_number: optionalText(30),
});

/** Rules zod cannot know: phone numbers by market, postcodes by country, birth dates not in the future. */
export function personalData(input: z.infer<typeof personalDataSchema>, market: Market, today: string): PersonalData {
  const errors: Record<string, string[]> = {};
  let phone: string | null = null;
  if (input.phone_number) {
    const checked = checkPhone(input.phone_number, market);
    if (checked.ok) phone = checked.e164;
    else errors.phone_number = [checked.error];
  }
  if (input.birth_date && (input.birth_date > today || input.birth_date < '1900-01-01'))
    errors.birth_date = ['validation.date_invalid'];
  if (Object.keys(errors).length > 0) throw new ValidationError('validation.failed', errors, 'The personal data are not valid');
  return {
    degree_before_name: input.degree_before_name || null,
    first_name: input.first_name,
    last_name: input.last_name,
    phone_number: phone,
    birth_date: input.birth_date ?? null,
  };
}

export function address(input: z.infer<typeof addressSchema>, market: Market): Address {
  const errors: Record<string, string[]> = {};
  const postcodeProblems = checkPostcode(input.postcode, input.country);
  if (postcodeProblems.length > 0) errors.postcode = postcodeProblems;
  let phone: string | null = null;
  if (input.phone_number) {
    const checked = checkPhone(input.phone_number, market);
    if (checked.ok) phone = checked.e164;
    else errors.phone_number = [checked.error];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError('validation.failed', errors, 'The address is not valid');
  return {
    kind: input.kind,
    name: input.name,
    company: input.company || null,
    street: input.street,
    city: input.city,
    district: input.district || null,
    postcode: normalisePostcode(input.postcode, input.country),
    country: input.country,
    phone_number: phone,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Our ids (accounts, addresses, approvals) are UUIDs. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** An id from the path: ours are UUIDs, so anything else names nothing (and never reaches a stream name or an object key). */
export function pathId(value: unknown, notFoundCode: string): string {
  if (typeof value !== 'string' || !UUID.test(value))
    throw new NotFound(notFoundCode, `There is nothing at ${JSON.stringify(value)}`);
  return value.toLowerCase();
}
