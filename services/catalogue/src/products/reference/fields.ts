import type { ReferenceFields, ReferenceKind } from '../events';
import type { FieldErrors } from '../rules';
import { PARAM_TYPES } from '../rules';
import { REFERENCE_NOT_FOUND } from './state';

export const MAX_REFERENCE_NAME = 100;
export const MAX_UNIT_SYMBOL = 20;

/**
 * Checks a reference entry's fields for its kind: every kind has a name; a
 * unit may have a symbol; an attribute name has a value type and may have a
 * unit, which must exist. A field another kind owns is refused, not ignored.
 */
export function checkReferenceFields(
  errors: FieldErrors,
  kind: ReferenceKind,
  fields: Partial<ReferenceFields>,
  unitExists: boolean | undefined,
): void {
  if (fields.name !== undefined) errors.text('name', fields.name, MAX_REFERENCE_NAME);
  if (fields.symbol !== undefined) {
    if (kind !== 'unit') errors.add('symbol', 'validation.unknown_field');
    else errors.optionalText('symbol', fields.symbol, MAX_UNIT_SYMBOL);
  }
  if (fields.valueType !== undefined) {
    if (kind !== 'attribute_name') errors.add('value_type', 'validation.unknown_field');
    else if (!PARAM_TYPES.includes(fields.valueType)) errors.add('value_type', 'validation.invalid_value');
  }
  if (fields.unitId !== undefined) {
    if (kind !== 'attribute_name') errors.add('unit_id', 'validation.unknown_field');
    else if (fields.unitId !== null && unitExists !== true) errors.add('unit_id', REFERENCE_NOT_FOUND.unit);
  }
}
