import { isSafeText } from '@buyloop/validation';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';

/**
 * The rules every products command shares: field checks that collect into
 * one ValidationError keyed the way the request (and the CSV import's
 * columns) name the fields, and the catalogue's vocabularies. The deciders
 * check them themselves rather than trusting the routes' schemas, because
 * the demo data and the CSV import call the service without a route.
 */

// The vocabulary the API and the back office share; the decisions check it again here.
export {
  PRODUCT_QUALITIES as QUALITIES,
  PRODUCT_GRADES as GRADES,
  GRADES_OF_QUALITY,
  PRODUCT_KINDS,
  INTANGIBLE_KINDS,
  PRODUCT_VAT_RATES as VAT_RATES,
  WARRANTY_EXTENSION_MONTHS,
  PARAM_TYPES,
  type ProductQuality,
  type ProductGrade as Grade,
  type ProductKind,
  type ParamType,
} from '@buyloop/contracts/catalogue/vocabulary';

/** EU Directive 2019/771: two years for new goods; member states (CZ, RO) let used goods be sold with one. */
export const DEFAULT_LEGAL_WARRANTY_MONTHS = 24;
export const USED_MIN_LEGAL_WARRANTY_MONTHS = 12;
export const MAX_WARRANTY_MONTHS = 120;

export const MAX_NAME = 200;
export const MAX_SHORT_NAME = 80;
export const MAX_DESCRIPTION = 20_000;
export const MAX_SEO_TITLE = 200;
export const MAX_SEO_DESCRIPTION = 500;
export const MAX_PARAMS = 200;
export const MAX_PHOTOS = 50;
export const MAX_RELATED = 50;
/** Package dimensions in cm and weight in kg (spec 3); a pallet is the largest thing we ship. */
export const MAX_DIMENSION_CM = 300;
export const MAX_WEIGHT_KG = 1000;

/** A URL slug: lower-case letters and digits in words joined by single hyphens. */
export const SEO_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SEO_NAME = 120;
/** A catalogue product's code: upper-case letters, digits, '-' and '_' (it is in URLs and stream names). */
export const PRODUCT_CODE = /^[A-Z0-9][A-Z0-9_-]{0,39}$/;
/** Ids we or callers mint for reference data, masters and meta masters: a UUID or a short slug. */
export const ENTITY_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Whether the digits are an EAN-13 or EAN-8 with a correct check digit (GS1 mod-10, weights 3 and 1 from the right). */
export function isValidEan(ean: string): boolean {
  if (!/^(?:\d{8}|\d{13})$/.test(ean)) return false;
  const digits = [...ean].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** Collects field errors and throws them together as one ValidationError. */
export class FieldErrors {
  private readonly errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;

  add(field: string, code: string): this {
    const list = (this.errors[field] ??= []);
    if (!list.includes(code)) list.push(code);
    return this;
  }

  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  /** A required single-line text: not blank, at most `max`, nothing invisible. */
  text(field: string, value: string, max: number): this {
    if (value.trim() === '') return this.add(field, 'validation.required');
    return this.optionalText(field, value, max);
  }

  optionalText(field: string, value: string | null, max: number, multiline = false): this {
    if (value === null) return this;
    if (value.length > max) this.add(field, 'validation.max_length');
    if (!isSafeText(value, { multiline })) this.add(field, 'validation.text_characters_invalid');
    return this;
  }

  seoName(field: string, value: string): this {
    if (value === '') return this.add(field, 'validation.required');
    if (value.length > MAX_SEO_NAME) return this.add(field, 'validation.max_length');
    return SEO_NAME.test(value) ? this : this.add(field, 'catalogue.product.seo_name_invalid');
  }

  id(field: string, value: string): this {
    return ENTITY_ID.test(value) ? this : this.add(field, 'catalogue.product.id_invalid');
  }

  time(field: string, value: string): this {
    return Number.isNaN(Date.parse(value)) ? this.add(field, 'validation.date_invalid') : this;
  }

  throwIfAny(what: string): void {
    if (this.any) throw new ValidationError('validation.failed', this.errors, `${what}: ${JSON.stringify(this.errors)}`);
  }
}

export const notFound = (code: string, message: string): NotFound => new NotFound(code, message);
export const illegal = (code: string, message: string, params: Readonly<Record<string, string | number>> = {}): IllegalState =>
  new IllegalState(code, message, params);

/** Equal as JSON: whether an update changes anything. */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `changes` that differ from `current`, or null when none does. */
export function changedFields<F extends object>(current: F, changes: Partial<F>): Partial<F> | null {
  const changed: Partial<F> = {};
  for (const key of Object.keys(changes) as (keyof F)[])
    if (changes[key] !== undefined && !sameValue(current[key], changes[key])) changed[key] = changes[key];
  return Object.keys(changed).length > 0 ? changed : null;
}
