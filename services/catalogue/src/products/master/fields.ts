import type { ComponentParam, MasterFields, PackageDimensions } from '../events';
import type { FieldErrors } from '../rules';
import {
  MAX_DESCRIPTION,
  MAX_DIMENSION_CM,
  MAX_NAME,
  MAX_PARAMS,
  MAX_PHOTOS,
  MAX_SEO_DESCRIPTION,
  MAX_SEO_TITLE,
  MAX_WEIGHT_KG,
  notFound,
  PARAM_TYPES,
} from '../rules';
import type { MasterState } from './state';

export const MAX_PARAM_NAME = 100;
export const MAX_PARAM_VALUE = 500;

/**
 * What the service looked up for a master's references, so the decision
 * stays pure: whether the manufacturer and type device exist (their own
 * streams) and which of the photo ids have an image stream (H5's).
 */
export interface MasterReferences {
  readonly manufacturerExists: boolean;
  readonly typeDeviceExists: boolean;
  readonly existingPhotoIds: readonly string[];
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;

export function checkParams(errors: FieldErrors, params: readonly ComponentParam[], field = 'params'): void {
  if (params.length > MAX_PARAMS) errors.add(field, 'validation.too_many_items');
  const seen = new Set<string>();
  params.forEach((param, index) => {
    const at = `${field}.${index}`;
    errors.text(`${at}.name`, param.name, MAX_PARAM_NAME);
    errors.optionalText(`${at}.value`, param.value, MAX_PARAM_VALUE);
    if (!PARAM_TYPES.includes(param.type)) errors.add(`${at}.type`, 'validation.invalid_value');
    else if (param.type === 'number' && !NUMBER.test(param.value.trim())) errors.add(`${at}.value`, 'validation.not_a_number');
    else if (param.type === 'boolean' && !['true', 'false'].includes(param.value.trim()))
      errors.add(`${at}.value`, 'catalogue.product.param_boolean_invalid');
    const key = param.name.trim().toLowerCase();
    if (key !== '' && seen.has(key)) errors.add(`${at}.name`, 'catalogue.product.param_duplicate');
    seen.add(key);
  });
}

const positiveUpTo = (errors: FieldErrors, field: string, value: number, max: number): void => {
  if (!Number.isFinite(value) || value <= 0) errors.add(field, 'catalogue.product.dimension_not_positive');
  else if (value > max) errors.add(field, 'validation.invalid_value');
};

export function checkPackage(errors: FieldErrors, value: PackageDimensions | null): void {
  if (value === null) return;
  positiveUpTo(errors, 'package.width', value.width, MAX_DIMENSION_CM);
  positiveUpTo(errors, 'package.height', value.height, MAX_DIMENSION_CM);
  positiveUpTo(errors, 'package.depth', value.depth, MAX_DIMENSION_CM);
  positiveUpTo(errors, 'package.weight', value.weight, MAX_WEIGHT_KG);
}

/** Checks the master fields a command sets (all of them on create, the changed ones on update). */
export function checkMasterFields(errors: FieldErrors, fields: Partial<MasterFields>, references: MasterReferences): void {
  if (fields.name !== undefined) errors.text('name', fields.name, MAX_NAME);
  if (fields.seoName !== undefined) errors.seoName('seo_name', fields.seoName);
  if (fields.manufacturerId !== undefined && !references.manufacturerExists)
    errors.add('manufacturer_id', 'catalogue.product.manufacturer_not_found');
  if (fields.typeDeviceId !== undefined && !references.typeDeviceExists)
    errors.add('type_device_id', 'catalogue.product.type_device_not_found');
  if (fields.description !== undefined) errors.optionalText('description', fields.description, MAX_DESCRIPTION, true);
  if (fields.params !== undefined) checkParams(errors, fields.params);
  if (fields.photoIds !== undefined) {
    if (fields.photoIds.length > MAX_PHOTOS) errors.add('photo_ids', 'validation.too_many_items');
    const seen = new Set<string>();
    fields.photoIds.forEach((id, index) => {
      if (!references.existingPhotoIds.includes(id)) errors.add(`photo_ids.${index}`, 'catalogue.product.photo_not_found');
      else if (seen.has(id)) errors.add(`photo_ids.${index}`, 'catalogue.product.photo_duplicate');
      seen.add(id);
    });
  }
  if (fields.package !== undefined) checkPackage(errors, fields.package);
  if (fields.seoTitle !== undefined) errors.optionalText('seo_title', fields.seoTitle, MAX_SEO_TITLE);
  if (fields.seoDescription !== undefined)
    errors.optionalText('seo_description', fields.seoDescription, MAX_SEO_DESCRIPTION, true);
}

/** Trims what people type; an empty SEO text is none. */
export function normaliseMasterFields<F extends Partial<MasterFields>>(fields: F): F {
  const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);
  const out: Record<string, unknown> = { ...fields };
  if (fields.name !== undefined) out.name = fields.name.trim();
  if (fields.description !== undefined) out.description = fields.description.trim();
  if (fields.params !== undefined)
    out.params = fields.params.map((p) => ({ name: p.name.trim(), value: p.value.trim(), type: p.type }));
  if (fields.seoTitle !== undefined) out.seoTitle = blankToNull(fields.seoTitle);
  if (fields.seoDescription !== undefined) out.seoDescription = blankToNull(fields.seoDescription);
  return out as F;
}

/** The refusal for a command on a master that does not exist (any more). */
export function assertActive(state: MasterState, id: string): asserts state is MasterState & { fields: MasterFields } {
  if (state.status !== 'active' || !state.fields)
    throw notFound('catalogue.product.master_not_found', `There is no master product ${id}`);
}
