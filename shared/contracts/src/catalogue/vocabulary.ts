import type { Market } from '@buyloop/kit';

/**
 * The catalogue's words as the API, the services and the back office agree
 * on them: plain lists and small pure rules with no zod, so the back office's
 * forms offer exactly what the products area accepts without restating it.
 * The HTTP schemas (products.ts, pricing.ts) and the write side's rules
 * (services/catalogue/src/products/rules.ts) build on these.
 */

/** How used a catalogue product is: new, "newish" (unpacked, almost new), used. */
export const PRODUCT_QUALITIES = ['new', 'newish', 'used'] as const;
export type ProductQuality = (typeof PRODUCT_QUALITIES)[number];

/** Spec 9: grades in order of weight, best first. */
export const PRODUCT_GRADES = ['A+', 'A', 'B', 'C', 'D'] as const;
export type ProductGrade = (typeof PRODUCT_GRADES)[number];

export interface GradeRule {
  readonly required: boolean;
  readonly allowed: readonly ProductGrade[];
}

/**
 * Which grades a quality takes. A new product has none (it is not graded);
 * a used one must have one (spec 9 sorts used goods by it); "newish" may
 * carry one, and then only the two best: a C or D device is used, whatever
 * the label says.
 */
export const GRADES_OF_QUALITY: Readonly<Record<ProductQuality, GradeRule>> = {
  new: { required: false, allowed: [] },
  newish: { required: false, allowed: ['A+', 'A'] },
  used: { required: true, allowed: PRODUCT_GRADES },
};

export const isProductQuality = (value: unknown): value is ProductQuality =>
  typeof value === 'string' && (PRODUCT_QUALITIES as readonly string[]).includes(value);

export const isProductGrade = (value: unknown): value is ProductGrade =>
  typeof value === 'string' && (PRODUCT_GRADES as readonly string[]).includes(value);

/** The grade rule of whatever a form holds: a value that is no quality takes none, as new. */
export const gradeRuleOf = (quality: string): GradeRule =>
  isProductQuality(quality) ? GRADES_OF_QUALITY[quality] : GRADES_OF_QUALITY.new;

/** What a catalogue product is: the cart sells insurance and warranty extensions beside devices and accessories. */
export const PRODUCT_KINDS = ['device', 'accessory', 'insurance', 'warranty_extension', 'service'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const isProductKind = (value: unknown): value is ProductKind =>
  typeof value === 'string' && (PRODUCT_KINDS as readonly string[]).includes(value);

/** Kinds that are no goods: nothing to grade, pack or ship (quality new, no grade, no legal warranty by default). */
export const INTANGIBLE_KINDS: readonly ProductKind[] = ['insurance', 'warranty_extension', 'service'];

export const isIntangibleKind = (kind: string): boolean => (INTANGIBLE_KINDS as readonly string[]).includes(kind);

/** Spec 9: the free warranty adds 1 year, or 3 years. */
export const WARRANTY_EXTENSION_MONTHS = [12, 36] as const;

/** The value types of spec 7's component parameters and attribute names. */
export const PARAM_TYPES = ['text', 'number', 'boolean'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

/** The products area's reference lists, as their back-office paths name them. */
export const REFERENCE_LISTS = ['type-devices', 'manufacturers', 'units', 'attribute-names'] as const;
export type ReferenceList = (typeof REFERENCE_LISTS)[number];

/**
 * VAT rates a product may carry per market, in per cent, current ones
 * first. Romania's rates of 19/9/5 % were replaced on 1 August 2025 by
 * 21/11 % (Law 141/2025); both sets are accepted so older price lists
 * still load.
 */
export const PRODUCT_VAT_RATES: Readonly<Record<Market, readonly number[]>> = {
  cz: [21, 12, 0],
  ro: [21, 11, 19, 9, 5, 0],
};

/** The product CSV's required columns: one row per catalogue product; rows with the same master_seo_name share a master. */
export const PRODUCT_IMPORT_COLUMNS = [
  'master_seo_name',
  'master_name',
  'manufacturer_id',
  'type_device_id',
  'code',
  'ean',
  'colour',
  'capacity',
  'quality',
  'grade',
  'long_name',
  'short_name',
  'vat_rate',
] as const;
export const PRODUCT_IMPORT_OPTIONAL_COLUMNS = [
  'description',
  'seo_title',
  'seo_description',
  'width_cm',
  'height_cm',
  'depth_cm',
  'weight_kg',
  'kind',
  'pre_order',
  'electronic_licence',
  'external_stock',
  'legal_warranty_months',
  'extension_months',
] as const;
export type ProductImportColumn = (typeof PRODUCT_IMPORT_COLUMNS)[number] | (typeof PRODUCT_IMPORT_OPTIONAL_COLUMNS)[number];

/** The price CSV's columns: code and price required, valid_from and valid_to optional (a row with valid_to is an offer). */
export const PRICE_CSV_REQUIRED_COLUMNS = ['code', 'price'] as const;
export const PRICE_CSV_OPTIONAL_COLUMNS = ['valid_from', 'valid_to'] as const;
