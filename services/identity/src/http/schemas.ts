import type { z } from 'zod';
import { NotFound, ValidationError, type Market } from '@buyloop/kit';
import { checkPhone, checkPostcode, normalisePostcode } from '@buyloop/validation';
import type { Address, PersonalData } from '../user';
import type { addressRequestSchema, personalDataRequestSchema } from '@buyloop/contracts/identity/http';

/** The request schemas live in the HTTP contract; the rules zod cannot know stay here. */
export {
  accountRolesField,
  addressRequestSchema as addressSchema,
  approvalIdField,
  emailField,
  passwordField,
  personalDataRequestSchema as personalDataSchema,
} from '@buyloop/contracts/identity/http';

/** Rules zod cannot know: phone numbers by market, postcodes by country, birth dates not in the future. */
export function personalData(input: z.infer<typeof personalDataRequestSchema>, market: Market, today: string): PersonalData {
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

export function address(input: z.infer<typeof addressRequestSchema>, market: Market): Address {
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
