import type { Market } from '@buyloop/kit';
import type { ProductFields } from '../events';
import type { FieldErrors } from '../rules';
import {
  DEFAULT_LEGAL_WARRANTY_MONTHS,
  GRADES,
  GRADES_OF_QUALITY,
  INTANGIBLE_KINDS,
  isValidEan,
  MAX_NAME,
  MAX_SHORT_NAME,
  MAX_WARRANTY_MONTHS,
  notFound,
  PRODUCT_KINDS,
  QUALITIES,
  USED_MIN_LEGAL_WARRANTY_MONTHS,
  VAT_RATES,
  WARRANTY_EXTENSION_MONTHS,
  illegal,
} from '../rules';
import type { ProductState } from './state';

export const MAX_VARIANT_TEXT = 50;

/**
 * Checks a catalogue product's fields as they will stand (on update: the
 * stored fields with the changes over them), so rules across fields hold
 * whatever is changed: the grade fits the quality, the warranty fits the
 * quality and kind, a warranty extension says how many months it adds.
 */
export function checkProductFields(errors: FieldErrors, fields: ProductFields, market: Market): void {
  if (fields.ean !== null && !isValidEan(fields.ean)) errors.add('ean', 'catalogue.product.ean_invalid');
  errors.optionalText('colour', fields.colour, MAX_VARIANT_TEXT);
  errors.optionalText('capacity', fields.capacity, MAX_VARIANT_TEXT);
  errors.text('long_name', fields.longName, MAX_NAME);
  errors.text('short_name', fields.shortName, MAX_SHORT_NAME);
  for (const flag of ['preOrder', 'electronicLicence', 'externalStock'] as const)
    if (typeof fields[flag] !== 'boolean') errors.add(snake(flag), 'validation.invalid_type');

  if (!PRODUCT_KINDS.includes(fields.kind)) errors.add('kind', 'validation.invalid_value');
  const intangible = INTANGIBLE_KINDS.includes(fields.kind);

  if (!QUALITIES.includes(fields.quality)) errors.add('quality', 'validation.invalid_value');
  else if (intangible && fields.quality !== 'new') errors.add('quality', 'catalogue.product.quality_not_for_kind');
  else {
    const rule = GRADES_OF_QUALITY[fields.quality];
    if (fields.grade === null) {
      if (rule.required) errors.add('grade', 'catalogue.product.grade_required');
    } else if (!GRADES.includes(fields.grade)) errors.add('grade', 'validation.invalid_value');
    else if (!rule.allowed.includes(fields.grade)) errors.add('grade', 'catalogue.product.grade_not_allowed');
  }

  if (!VAT_RATES[market].includes(fields.vatRate)) errors.add('vat_rate', 'catalogue.product.vat_rate_invalid');

  const months = fields.legalWarrantyMonths;
  if (!Number.isSafeInteger(months) || months < 0 || months > MAX_WARRANTY_MONTHS)
    errors.add('legal_warranty_months', 'validation.invalid_value');
  else if (!intangible && months < (fields.quality === 'new' ? DEFAULT_LEGAL_WARRANTY_MONTHS : USED_MIN_LEGAL_WARRANTY_MONTHS))
    errors.add('legal_warranty_months', 'catalogue.product.legal_warranty_too_short');

  if (fields.kind === 'warranty_extension') {
    if (fields.extensionMonths === null) errors.add('extension_months', 'validation.required');
    else if (!(WARRANTY_EXTENSION_MONTHS as readonly number[]).includes(fields.extensionMonths))
      errors.add('extension_months', 'validation.invalid_value');
  } else if (fields.extensionMonths !== null) errors.add('extension_months', 'catalogue.product.extension_months_not_allowed');
}

const snake = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Trims what people type; blank colour or capacity is none. */
export function normaliseProductFields<F extends Partial<ProductFields>>(fields: F): F {
  const out: Record<string, unknown> = { ...fields };
  if (typeof fields.colour === 'string') out.colour = fields.colour.trim() || null;
  if (typeof fields.capacity === 'string') out.capacity = fields.capacity.trim() || null;
  if (typeof fields.longName === 'string') out.longName = fields.longName.trim();
  if (typeof fields.shortName === 'string') out.shortName = fields.shortName.trim();
  if (typeof fields.ean === 'string') out.ean = fields.ean.trim() || null;
  return out as F;
}

export function assertProductActive(
  state: ProductState,
  code: string,
): asserts state is ProductState & { fields: ProductFields; masterProductId: string } {
  if (state.status === 'none' || !state.fields || !state.masterProductId)
    throw notFound('catalogue.product.not_found', `There is no catalogue product ${code}`);
  if (state.status === 'discontinued')
    throw illegal('catalogue.product.discontinued', `The catalogue product ${code} is discontinued`, { code });
}
