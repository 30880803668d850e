import { NotFound, ValidationError } from '@buyloop/kit';
import { checkText } from '@buyloop/validation';
import type { CategoryNode, CategoryTreeState } from './events';

/** Long enough for "Příslušenství pro chytré hodinky a fitness náramky", short enough for a menu. */
export const CATEGORY_NAME_MAX_LENGTH = 100;
export const CATEGORY_SEO_NAME_MAX_LENGTH = 100;
/** As a master product's: search engines show less, but a longer text is not wrong. */
export const CATEGORY_SEO_TITLE_MAX_LENGTH = 200;
export const CATEGORY_SEO_DESCRIPTION_MAX_LENGTH = 500;
/** Deeper than a storefront menu or a breadcrumb can show. */
export const CATEGORY_MAX_DEPTH = 8;
export const CATEGORY_MAX_COUNT = 5_000;
export const CATEGORY_MAX_MANUFACTURERS = 500;
export const CATEGORY_ID_MAX_LENGTH = 100;
/** One assignment request: a grid's selection of master products and a handful of categories. */
export const ASSIGNMENT_MAX_MASTER_PRODUCTS = 1_000;
export const ASSIGNMENT_MAX_CATEGORIES = 100;

/** Lower-case ASCII words joined by single hyphens: what a storefront URL can carry unescaped. */
export const SEO_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Codes of the area's refusals (translated in shared/i18n's catalogue-categories messages). */
export const CATEGORY_ERRORS = {
  notFound: 'catalogue.category.not_found',
  parentNotFound: 'catalogue.category.parent_not_found',
  targetNotFound: 'catalogue.category.target_not_found',
  ownSubtree: 'catalogue.category.move_into_own_subtree',
  tooDeep: 'catalogue.category.too_deep',
  tooMany: 'catalogue.category.too_many',
  nameTaken: 'catalogue.category.name_taken',
  seoNameTaken: 'catalogue.category.seo_name_taken',
  seoNameInvalid: 'catalogue.category.seo_name_invalid',
  alreadyExists: 'catalogue.category.already_exists',
  manufacturerNotFound: 'catalogue.category.manufacturer_not_found',
  typeDeviceNotFound: 'catalogue.category.type_device_not_found',
  photoNotFound: 'catalogue.category.photo_not_found',
  masterProductNotFound: 'catalogue.category.master_product_not_found',
  /** Spec 5: users must select products and categories to update. */
  selectionRequired: 'catalogue.category.selection_required',
} as const;

/** Field errors keyed like the request, collected so one answer names every wrong field. */
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

  throwIfAny(what: string, code = 'validation.failed'): void {
    if (this.any) throw new ValidationError(code, this.errors, `${what}: ${JSON.stringify(this.errors)}`);
  }
}

export function checkName(errors: FieldErrors, field: string, value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '') {
    errors.add(field, 'validation.required');
    return;
  }
  if (value.trim().length > CATEGORY_NAME_MAX_LENGTH) errors.add(field, 'validation.max_length');
  for (const code of checkText(value)) errors.add(field, code);
}

export function checkSeoName(errors: FieldErrors, field: string, value: unknown): void {
  if (typeof value !== 'string' || value.length > CATEGORY_SEO_NAME_MAX_LENGTH || !SEO_NAME_PATTERN.test(value))
    errors.add(field, CATEGORY_ERRORS.seoNameInvalid);
}

/** An optional SEO text (null or blank: none); a description may span lines, a title may not. */
export function checkSeoText(errors: FieldErrors, field: string, value: unknown, max: number, multiline = false): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'string') {
    errors.add(field, 'validation.invalid_type');
    return;
  }
  if (value.trim().length > max) errors.add(field, 'validation.max_length');
  for (const code of checkText(value, { multiline })) errors.add(field, code);
}

/** What an SEO text is stored as: trimmed, and blank is none. */
export const seoTextOf = (value: string | null | undefined): string | null => value?.trim() || null;

export function checkId(errors: FieldErrors, field: string, value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '' || value.length > CATEGORY_ID_MAX_LENGTH || value !== value.trim())
    errors.add(field, 'validation.invalid_value');
}

export function checkTime(errors: FieldErrors, field: string, value: unknown): void {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) errors.add(field, 'validation.date_invalid');
}

export function checkFlag(errors: FieldErrors, field: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'boolean') errors.add(field, 'validation.invalid_type');
}

/**
 * References a category holds to other parts of the catalogue that the
 * application service found missing (it reads their streams; the decider
 * only hears the answer): unknown manufacturers, type device, photo.
 */
export interface MissingReferences {
  readonly manufacturerIds?: readonly string[];
  readonly typeDeviceId?: boolean;
  readonly photoId?: boolean;
}

export function checkReferences(
  errors: FieldErrors,
  given: {
    readonly manufacturerIds?: readonly string[];
    readonly typeDeviceId?: string | null;
    readonly photoId?: string | null;
  },
  missing: MissingReferences | undefined,
): void {
  given.manufacturerIds?.forEach((id, index) => {
    checkId(errors, `manufacturers.${index}`, id);
    if (missing?.manufacturerIds?.includes(id)) errors.add(`manufacturers.${index}`, CATEGORY_ERRORS.manufacturerNotFound);
  });
  if (given.typeDeviceId !== undefined && given.typeDeviceId !== null) {
    checkId(errors, 'type_device', given.typeDeviceId);
    if (missing?.typeDeviceId) errors.add('type_device', CATEGORY_ERRORS.typeDeviceNotFound);
  }
  if (given.photoId !== undefined && given.photoId !== null) {
    checkId(errors, 'photo_id', given.photoId);
    if (missing?.photoId) errors.add('photo_id', CATEGORY_ERRORS.photoNotFound);
  }
  if (given.manufacturerIds && given.manufacturerIds.length > CATEGORY_MAX_MANUFACTURERS)
    errors.add('manufacturers', 'validation.invalid_value');
}

/** The category the command addresses (by the URL), or NotFound. */
export function existing(state: CategoryTreeState, categoryId: string): CategoryNode {
  const node = state.categories[categoryId];
  if (!node) throw new NotFound(CATEGORY_ERRORS.notFound, `There is no category ${categoryId}`);
  return node;
}

/** Names compare as a person reads them: case and accents aside, spaces trimmed. */
export const nameKey = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Whether another category under `parentId` already has this name. */
export function nameTakenUnder(state: CategoryTreeState, parentId: string | null, name: string, except?: string): boolean {
  const key = nameKey(name);
  const siblings = parentId === null ? state.rootIds : (state.categories[parentId]?.childIds ?? []);
  return siblings.some((id) => id !== except && nameKey(state.categories[id]?.name ?? '') === key);
}

/** Whether another category of the tree already has this slug. */
export const seoNameTaken = (state: CategoryTreeState, seoName: string, except?: string): boolean =>
  Object.values(state.categories).some((node) => node.id !== except && node.seoName === seoName);

/**
 * A slug from a name: `Mobilní telefony` → `mobilni-telefony`, `Chytré
 * hodinky & náramky` → `chytre-hodinky-naramky`; a name with no letters or
 * digits at all becomes `category`.
 */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    // Letters NFD does not take apart (ł, ß, đ, ø) would otherwise vanish from the slug.
    .replace(/[łŁ]/g, 'l')
    .replace(/ß/g, 'ss')
    .replace(/[đĐ]/g, 'd')
    .replace(/[øØ]/g, 'o')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CATEGORY_SEO_NAME_MAX_LENGTH - 4)
    .replace(/-+$/g, '');
  return slug === '' ? 'category' : slug;
}

/** The name's slug, made unique in the tree with `-2`, `-3`… */
export function freeSlugFor(state: CategoryTreeState, name: string, except?: string): string {
  const base = slugOf(name);
  if (!seoNameTaken(state, base, except)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!seoNameTaken(state, candidate, except)) return candidate;
  }
}

/** Unique values in their first order. */
export const distinct = (values: readonly string[]): string[] => [...new Set(values)];
