import { z } from 'zod';
import { optionalTextField, textField } from '@buyloop/validation';
import {
  PARAM_TYPES,
  PRODUCT_GRADES,
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_IMPORT_OPTIONAL_COLUMNS,
  PRODUCT_KINDS,
  PRODUCT_QUALITIES,
  PRODUCT_VAT_RATES,
  REFERENCE_LISTS,
  type ReferenceList,
} from './vocabulary';

/**
 * The back office's products API (the catalogue's products area): request
 * bodies (strict: an unknown field is refused) and answers, in the
 * request's snake_case. The services check the same rules again, since the
 * CSV import and the demo data reach them without a route; these schemas
 * give the back office its field errors in one answer and document the API.
 */

// The lists stay importable from here, where the routes already look for them.
export {
  PARAM_TYPES,
  PRODUCT_GRADES,
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_IMPORT_OPTIONAL_COLUMNS,
  PRODUCT_KINDS,
  PRODUCT_QUALITIES,
  REFERENCE_LISTS,
  type ReferenceList,
};

const name = textField({ max: 200 });
const id = z.string().max(100);
const code = z.string().trim().min(1).max(40);
const whenIso = z.string().meta({ description: 'ISO 8601 instant' });

// --- reference lists ------------------------------------------------------------------------

const referenceName = textField({ max: 100 });
export const referenceCreateRequestSchemas = {
  'type-devices': z.strictObject({ name: referenceName }).meta({ id: 'TypeDeviceRequest' }),
  manufacturers: z.strictObject({ name: referenceName }).meta({ id: 'ManufacturerRequest' }),
  units: z.strictObject({ name: referenceName, symbol: optionalTextField(20) }).meta({ id: 'UnitRequest' }),
  'attribute-names': z
    .strictObject({ name: referenceName, value_type: z.enum(PARAM_TYPES).optional(), unit_id: id.nullable().optional() })
    .meta({ id: 'AttributeNameRequest' }),
} as const satisfies Record<ReferenceList, z.ZodObject>;

export const referenceUpdateRequestSchemas = {
  'type-devices': z.strictObject({ name: referenceName.optional() }).meta({ id: 'TypeDeviceUpdateRequest' }),
  manufacturers: z.strictObject({ name: referenceName.optional() }).meta({ id: 'ManufacturerUpdateRequest' }),
  units: z.strictObject({ name: referenceName.optional(), symbol: optionalTextField(20) }).meta({ id: 'UnitUpdateRequest' }),
  'attribute-names': z
    .strictObject({
      name: referenceName.optional(),
      value_type: z.enum(PARAM_TYPES).optional(),
      unit_id: id.nullable().optional(),
    })
    .meta({ id: 'AttributeNameUpdateRequest' }),
} as const satisfies Record<ReferenceList, z.ZodObject>;

export const referenceEntrySchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    symbol: z.string().nullable().optional(),
    value_type: z.enum(PARAM_TYPES).optional(),
    unit_id: z.string().nullable().optional(),
    stream_version: z.number().int(),
  })
  .meta({ id: 'ReferenceEntry' });
export type ReferenceEntry = z.infer<typeof referenceEntrySchema>;

export const referenceListSchema = z.strictObject({ items: z.array(referenceEntrySchema) }).meta({ id: 'ReferenceList' });

// --- master products ------------------------------------------------------------------------

export const componentParamSchema = z
  .strictObject({ name: textField({ max: 100 }), value: z.string().max(500), type: z.enum(PARAM_TYPES) })
  .meta({ id: 'ComponentParam', description: 'Spec 7: a component parameter (name, value, type)' });

const dimension = (max: number, unit: string) => z.number().positive().max(max).meta({ description: unit });
export const packageSchema = z
  .strictObject({
    width: dimension(300, 'cm'),
    height: dimension(300, 'cm'),
    depth: dimension(300, 'cm'),
    weight: dimension(1000, 'kg'),
  })
  .meta({ id: 'PackageDimensions', description: 'Spec 3: width, height, depth in cm, weight in kg' });

const seoName = z
  .string()
  .max(120)
  .meta({ description: 'URL slug: lower-case a-z and 0-9 in words joined by single hyphens; unique among masters' });
const description = z.string().max(20_000).meta({ description: 'Rich text (HTML); sanitised to a small allow-list' });

const masterFields = {
  name,
  seo_name: seoName,
  manufacturer_id: id,
  type_device_id: id,
  description: description.optional(),
  params: z.array(componentParamSchema).max(200).optional(),
  photo_ids: z.array(id).max(50).optional(),
  package: packageSchema.nullable().optional(),
  seo_title: optionalTextField(200),
  seo_description: optionalTextField(500, { multiline: true }),
};

export const masterCreateRequestSchema = z.strictObject(masterFields).meta({ id: 'MasterProductCreateRequest' });
export type MasterCreateRequest = z.input<typeof masterCreateRequestSchema>;

export const masterUpdateRequestSchema = z
  .strictObject({
    ...masterFields,
    name: name.optional(),
    seo_name: seoName.optional(),
    manufacturer_id: id.optional(),
    type_device_id: id.optional(),
  })
  .meta({ id: 'MasterProductUpdateRequest' });
export type MasterUpdateRequest = z.input<typeof masterUpdateRequestSchema>;

export const masterParamsRequestSchema = z
  .strictObject({ params: z.array(componentParamSchema).max(200) })
  .meta({ id: 'MasterParamsRequest' });

export const seoTextUpdateRequestSchema = z
  .strictObject({
    seo_name: seoName.optional(),
    seo_title: optionalTextField(200),
    seo_description: optionalTextField(500, { multiline: true }),
  })
  .meta({ id: 'SeoTextUpdateRequest' });

export const swapMetaMasterRequestSchema = z.strictObject({ meta_master_id: id }).meta({ id: 'SwapMetaMasterRequest' });
export const addMasterProductRequestSchema = z.strictObject({ master_product_id: id }).meta({ id: 'AddMasterProductRequest' });

// --- catalogue products (variants) ----------------------------------------------------------

const variantFields = {
  code: code.meta({ description: 'Upper-case letters, digits, - and _ (up to 40); unique' }),
  ean: z.string().max(13).nullable().optional().meta({ description: 'EAN-13 or EAN-8 with a valid check digit; unique' }),
  colour: optionalTextField(50),
  capacity: optionalTextField(50),
  quality: z.enum(PRODUCT_QUALITIES),
  grade: z
    .enum(PRODUCT_GRADES)
    .nullable()
    .optional()
    .meta({ description: 'Required for used, A+ or A (or none) for newish, none for new' }),
  long_name: name,
  short_name: textField({ max: 80 }),
  vat_rate: z.number().meta({
    description: `Per cent: ${Object.entries(PRODUCT_VAT_RATES)
      .map(([market, rates]) => `${market} ${rates.join(', ')}`)
      .join('; ')}`,
  }),
  pre_order: z.boolean().optional(),
  electronic_licence: z.boolean().optional(),
  external_stock: z.boolean().optional(),
  legal_warranty_months: z.number().int().min(0).max(120).optional().meta({
    description: '24 when absent; at least 24 new, 12 used or newish; 0 allowed for insurance, extensions and services',
  }),
  kind: z.enum(PRODUCT_KINDS).optional().meta({ description: 'device when absent' }),
  extension_months: z.number().int().nullable().optional().meta({ description: 'Warranty extensions only: 12 or 36' }),
};

export const variantCreateRequestSchema = z.strictObject(variantFields).meta({ id: 'CatalogueProductCreateRequest' });
export type VariantCreateRequest = z.input<typeof variantCreateRequestSchema>;

const { code: _code, ...updatable } = variantFields;
export const productUpdateRequestSchema = z
  .strictObject({
    ...updatable,
    quality: updatable.quality.optional(),
    long_name: updatable.long_name.optional(),
    short_name: updatable.short_name.optional(),
    vat_rate: updatable.vat_rate.optional(),
  })
  .meta({ id: 'CatalogueProductUpdateRequest' });
export type ProductUpdateRequest = z.input<typeof productUpdateRequestSchema>;

export const discontinueRequestSchema = z
  .strictObject({ reason: optionalTextField(500, { multiline: true }) })
  .meta({ id: 'DiscontinueRequest' });

const codes = z.array(code).max(50);
export const relationsRequestSchema = z
  .strictObject({
    accessories: codes.default([]),
    gifts: codes.default([]),
    special_offers: codes.default([]),
    insurance: codes.default([]),
    warranty_extensions: codes.default([]),
  })
  .meta({ id: 'RelationsRequest', description: 'Codes of other catalogue products; a list left out is emptied' });

export const relationsSchema = z
  .strictObject({
    accessories: z.array(z.string()),
    gifts: z.array(z.string()),
    special_offers: z.array(z.string()),
    insurance: z.array(z.string()),
    warranty_extensions: z.array(z.string()),
  })
  .meta({ id: 'Relations' });

export const productSchema = z
  .strictObject({
    code: z.string(),
    master_product_id: z.string(),
    master_name: z.string().nullable(),
    master_seo_name: z.string().nullable(),
    manufacturer_id: z.string().nullable(),
    manufacturer_name: z.string().nullable(),
    type_device_id: z.string().nullable(),
    type_device_name: z.string().nullable(),
    ean: z.string().nullable(),
    colour: z.string().nullable(),
    capacity: z.string().nullable(),
    quality: z.enum(PRODUCT_QUALITIES),
    grade: z.enum(PRODUCT_GRADES).nullable(),
    long_name: z.string(),
    short_name: z.string(),
    vat_rate: z.number(),
    pre_order: z.boolean(),
    electronic_licence: z.boolean(),
    external_stock: z.boolean(),
    legal_warranty_months: z.number().int(),
    kind: z.enum(PRODUCT_KINDS),
    extension_months: z.number().int().nullable(),
    status: z.enum(['active', 'discontinued']),
    discontinued_reason: z.string().nullable(),
    relations: relationsSchema,
    created_at: whenIso,
    updated_at: whenIso,
    stream_version: z.number().int(),
  })
  .meta({ id: 'CatalogueProduct' });
export type CatalogueProductView = z.infer<typeof productSchema>;

// --- master answers -------------------------------------------------------------------------

const masterCommon = {
  id: z.string(),
  name: z.string(),
  seo_name: z.string(),
  manufacturer_id: z.string(),
  manufacturer_name: z.string().nullable(),
  type_device_id: z.string(),
  type_device_name: z.string().nullable(),
  meta_master_id: z.string().nullable(),
  meta_master_name: z.string().nullable(),
  category_ids: z.array(z.string()),
  photo_ids: z.array(z.string()),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  variant_count: z.number().int(),
  active_variant_count: z.number().int(),
  created_at: whenIso,
  updated_at: whenIso,
  stream_version: z.number().int(),
};

export const masterRowSchema = z.strictObject(masterCommon).meta({ id: 'MasterProductRow' });
export type MasterRow = z.infer<typeof masterRowSchema>;

export const masterPageSchema = z.strictObject({ rows: z.array(masterRowSchema), total: z.number().int() }).meta({
  id: 'MasterProductPage',
  description: 'One block of the grid; total is every row the filters match (AG Grid’s lastRow)',
});

export const masterDetailSchema = z
  .strictObject({
    ...masterCommon,
    description: z.string(),
    params: z.array(z.strictObject({ name: z.string(), value: z.string(), type: z.enum(PARAM_TYPES) })),
    package: z.strictObject({ width: z.number(), height: z.number(), depth: z.number(), weight: z.number() }).nullable(),
    variants: z.array(productSchema),
  })
  .meta({ id: 'MasterProduct' });
export type MasterDetail = z.infer<typeof masterDetailSchema>;

/** The grid's query string: AG Grid's models as JSON, and plain filters the other screens use. */
export const masterGridQuerySchema = z.strictObject({
  startRow: z.coerce.number().int().min(0).optional(),
  endRow: z.coerce.number().int().min(1).optional(),
  sortModel: z.string().max(5_000).optional().meta({ description: 'AG Grid’s sortModel as JSON' }),
  filterModel: z.string().max(20_000).optional().meta({ description: 'AG Grid’s filterModel as JSON' }),
  quick: z.string().max(200).optional().meta({ description: 'Words to find in the name, seo_name or SEO title' }),
  category_id: z.string().max(100).optional(),
  manufacturer_id: z.string().max(100).optional(),
  type_device_id: z.string().max(100).optional(),
  meta_master_id: z.string().max(100).optional(),
});

export const commandResultSchema = z
  .strictObject({
    id: z.string(),
    stream_version: z.number().int(),
    position: z.string().meta({ description: 'Global position, for read-your-writes' }),
    events: z.array(z.string()),
  })
  .meta({ id: 'CatalogueCommandResult' });

// --- meta masters ---------------------------------------------------------------------------

export const metaMasterCreateRequestSchema = z
  .strictObject({ name, description: optionalTextField(2000, { multiline: true }) })
  .meta({ id: 'MetaMasterRequest' });
export const metaMasterUpdateRequestSchema = z
  .strictObject({ name: name.optional(), description: optionalTextField(2000, { multiline: true }) })
  .meta({ id: 'MetaMasterUpdateRequest' });

export const metaMasterSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    masters: z.array(z.strictObject({ id: z.string(), name: z.string(), seo_name: z.string() })),
    created_at: whenIso,
    updated_at: whenIso,
    stream_version: z.number().int(),
  })
  .meta({ id: 'MetaMaster' });

export const metaMasterListSchema = z
  .strictObject({
    items: z.array(
      z.strictObject({ id: z.string(), name: z.string(), description: z.string().nullable(), master_count: z.number().int() }),
    ),
  })
  .meta({ id: 'MetaMasterList' });

export const metaMasterListQuerySchema = z.strictObject({
  exclude: z.string().max(100).optional().meta({ description: 'Spec 7’s exclude-meta-master: every meta master but this one' }),
});

// --- SEO texts ------------------------------------------------------------------------------

export const seoTextRowSchema = z
  .strictObject({
    kind: z.enum(['master', 'category']),
    id: z.string(),
    name: z.string(),
    seo_name: z.string(),
    seo_title: z.string().nullable(),
    seo_description: z.string().nullable(),
  })
  .meta({ id: 'SeoTextRow' });
export const seoTextPageSchema = z
  .strictObject({ rows: z.array(seoTextRowSchema), total: z.number().int() })
  .meta({ id: 'SeoTextPage' });
export const seoTextQuerySchema = z.strictObject({
  kind: z.enum(['master', 'category']).optional(),
  quick: z.string().max(200).optional(),
  startRow: z.coerce.number().int().min(0).optional(),
  endRow: z.coerce.number().int().min(1).optional(),
});

// --- CSV import -----------------------------------------------------------------------------

export const productImportResultSchema = z
  .strictObject({
    masters_created: z.number().int(),
    products_created: z.number().int(),
    rows: z.number().int(),
  })
  .meta({ id: 'ProductImportResult' });
