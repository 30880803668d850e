import { DISCOUNT_ERROR_CODES, DISCOUNT_LIMITS, type DiscountFields, type DiscountType } from '@buyloop/contracts/cart/discounts';
import { ValidationError } from '@buyloop/kit';

/** The value each type takes: percent of the price, whole units off, or the price to pay (whole CZK / lei). */
export const VALUE_RANGES: Readonly<Record<DiscountType, { readonly min: number; readonly max: number }>> = {
  percentage: { min: 1, max: 100 },
  absolute: { min: 1, max: 10_000_000 },
  fixed: { min: 0, max: 10_000_000 },
};

/**
 * The rules across fields that a schema cannot say: the value within its
 * type's range, the end of validity after its start. Each refusal names the
 * field that breaks it, so the form shows it under that field.
 */
export function checkDiscountFields(fields: DiscountFields): void {
  const errors: Record<string, string[]> = {};
  const range = VALUE_RANGES[fields.discount_type];
  if (!Number.isSafeInteger(fields.discount_value) || fields.discount_value < range.min || fields.discount_value > range.max)
    errors.discount_value = [DISCOUNT_ERROR_CODES.valueOutOfRange];
  if (fields.valid_from !== null && fields.valid_to !== null && Date.parse(fields.valid_to) <= Date.parse(fields.valid_from))
    errors.valid_to = [DISCOUNT_ERROR_CODES.validToBeforeFrom];
  const first = Object.keys(errors)[0];
  if (first)
    throw new ValidationError(
      errors.discount_value ? DISCOUNT_ERROR_CODES.valueOutOfRange : DISCOUNT_ERROR_CODES.validToBeforeFrom,
      errors,
      `Invalid discount: ${Object.keys(errors).join(', ')}`,
      errors.discount_value ? { min: range.min, max: range.max } : {},
    );
}

/** Spec 5/9: a percentage of 80 and more is allowed, with a warning the form shows. */
export function warningsOf(
  fields: Pick<DiscountFields, 'discount_type' | 'discount_value'>,
): (typeof DISCOUNT_ERROR_CODES.highPercentage)[] {
  return fields.discount_type === 'percentage' && fields.discount_value >= DISCOUNT_LIMITS.warnPercentage
    ? [DISCOUNT_ERROR_CODES.highPercentage]
    : [];
}
