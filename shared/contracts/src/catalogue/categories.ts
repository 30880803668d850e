import { z } from 'zod';
import { optionalTextField, textField } from '@buyloop/validation';

/**
 * The categories area's HTTP contract (spec 3's category fields, spec 7's
 * mp_product calls): the back office's requests and the answers, as zod
 * schemas. The API parses and documents with them; the back office imports
 * the inferred types only (`import type`), so no zod reaches its bundle.
 */

const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;
/** Lower-case ASCII words joined by hyphens, as the storefront's URLs carry them. */
export const SEO_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An id of a category, a master product, a manufacturer, a type device or an image. */
const id = z.string().regex(ID).meta({ description: 'An id: letters, digits and . _ : -, up to 100 characters' });

const seoName = z
  .string()
  .trim()
  .max(100)
  .refine((value) => value === '' || SEO_NAME_PATTERN.test(value), { message: 'catalogue.category.seo_name_invalid' })
  .meta({ description: 'URL slug (lower-case letters, digits and hyphens); empty or null derives it from the name' });

const flags = {
  for_display: z.boolean().meta({ description: 'Shown in the storefront (default true)' }),
  for_buyout: z.boolean().meta({ description: 'Offered in the buy-back (default false)' }),
  for_service: z.boolean().meta({ description: 'Offered in the service catalogue (default false)' }),
  filterable: z.boolean().meta({ description: 'Offered as a filter (default false)' }),
};

const references = {
  manufacturers: z.array(id).max(500).meta({ description: 'Manufacturer ids (H1’s manufacturers)' }),
  photo_id: id.nullable().meta({ description: 'An uploaded image’s id' }),
  type_device: id.nullable().meta({ description: 'A type device’s id' }),
};

/** The storefront page's texts, as a master product's: blank or null is none. */
const seoTexts = {
  seo_title: optionalTextField(200).meta({ description: 'The page title; blank or null: none' }),
  seo_description: optionalTextField(500, { multiline: true }).meta({ description: 'The meta description; blank or null: none' }),
};

/** add_new_category: the category form. */
export const addCategoryRequestSchema = z
  .strictObject({
    parent: id.nullable().optional().meta({ description: 'The parent category; absent or null for the top level' }),
    name: textField({ max: 100 }),
    seo_name: seoName.nullable().optional(),
    position: z.number().int().min(0).max(100_000).optional().meta({ description: 'Index among the siblings; last when absent' }),
    for_display: flags.for_display.optional(),
    for_buyout: flags.for_buyout.optional(),
    for_service: flags.for_service.optional(),
    filterable: flags.filterable.optional(),
    manufacturers: references.manufacturers.optional(),
    photo_id: references.photo_id.optional(),
    type_device: references.type_device.optional(),
    ...seoTexts,
  })
  .meta({ id: 'AddCategoryRequest' });
export type AddCategoryRequest = z.input<typeof addCategoryRequestSchema>;

/** update_category: the category form's changed fields; absent fields stay. A new `parent` moves the category to its end. */
export const updateCategoryRequestSchema = z
  .strictObject({
    parent: id.nullable().optional().meta({ description: 'A new parent (null: the top level) moves the category there, last' }),
    name: textField({ max: 100 }).optional(),
    seo_name: seoName.nullable().optional(),
    for_display: flags.for_display.optional(),
    for_buyout: flags.for_buyout.optional(),
    for_service: flags.for_service.optional(),
    filterable: flags.filterable.optional(),
    manufacturers: references.manufacturers.optional(),
    photo_id: references.photo_id.optional(),
    type_device: references.type_device.optional(),
    ...seoTexts,
  })
  .meta({ id: 'UpdateCategoryRequest' });
export type UpdateCategoryRequest = z.input<typeof updateCategoryRequestSchema>;

/** move_category: where the category goes, with everything below it. */
export const moveCategoryRequestSchema = z
  .strictObject({
    target: id.nullable().meta({ description: 'The new parent; null for the top level' }),
    position: z
      .number()
      .int()
      .min(0)
      .max(100_000)
      .meta({ description: 'Index among the target’s children once the category is there; past the end means last' }),
  })
  .meta({ id: 'MoveCategoryRequest' });
export type MoveCategoryRequest = z.input<typeof moveCategoryRequestSchema>;

/** add_product_categories / remove_product_categories (spec 7). Empty lists are refused with spec 5’s message. */
export const categoryAssignmentRequestSchema = z
  .strictObject({
    masterProductIds: z.array(id).max(1_000).meta({ description: 'The selected master products' }),
    typeCategoryIds: z.array(id).max(100).meta({ description: 'The selected categories' }),
  })
  .meta({ id: 'CategoryAssignmentRequest' });
export type CategoryAssignmentRequest = z.input<typeof categoryAssignmentRequestSchema>;

export const categoryParamsSchema = z.strictObject({ id: z.string().meta({ description: 'The category’s id' }) });

export const typeCategoriesQuerySchema = z.strictObject({
  type_device: id.optional().meta({ description: 'Only the categories of this type device' }),
});

// --- answers ---------------------------------------------------------------------------

/** A category as spec 3 names its fields, plus its place among its siblings. */
export const categorySchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    parent: z.string().nullable(),
    seo_name: z.string(),
    children: z.boolean().meta({ description: 'Whether it has subcategories' }),
    ...flags,
    ...references,
    seo_title: z.string().nullable(),
    seo_description: z.string().nullable(),
    position: z.number().int().min(0).meta({ description: 'Index among its siblings' }),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

/** A category as the read model lists it: with its path and how many master products sit in it. */
export const categoryRowSchema = categorySchema
  .extend({
    depth: z.number().int().min(1).meta({ description: '1 for a top-level category' }),
    path: z.array(z.string()).meta({ description: 'Names from the top level down to this category' }),
    product_count: z.number().int().min(0).meta({ description: 'Master products assigned to this category' }),
    subtree_product_count: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Distinct master products in this category and those below it' }),
  })
  .meta({ id: 'CategoryRow' });
export type CategoryRow = z.infer<typeof categoryRowSchema>;

export interface CategoryTreeNode extends CategoryRow {
  readonly subcategories: readonly CategoryTreeNode[];
}

export const categoryTreeNodeSchema: z.ZodType<CategoryTreeNode> = categoryRowSchema
  .extend({
    get subcategories() {
      return z.array(categoryTreeNodeSchema).readonly();
    },
  })
  .meta({ id: 'CategoryTreeNode' });

const treeVersion = z.number().int().min(0).meta({ description: 'The version of the market’s category tree shown' });

export const categoryTreeSchema = z
  .strictObject({ version: treeVersion, categories: z.array(categoryTreeNodeSchema) })
  .meta({ id: 'CategoryTree' });
export type CategoryTree = z.infer<typeof categoryTreeSchema>;

export const categoryListSchema = z
  .strictObject({
    version: treeVersion,
    categories: z.array(categoryRowSchema).meta({ description: 'Depth first, siblings in display order' }),
  })
  .meta({ id: 'CategoryList' });
export type CategoryList = z.infer<typeof categoryListSchema>;

export const typeCategorySchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    seo_name: z.string(),
    path: z.array(z.string()),
    type_device: z.string(),
  })
  .meta({ id: 'TypeCategory' });
export type TypeCategory = z.infer<typeof typeCategorySchema>;

export const typeCategoriesSchema = z
  .strictObject({ type_categories: z.array(typeCategorySchema) })
  .meta({ id: 'TypeCategories', description: 'Categories bound to a type device, depth first' });
export type TypeCategories = z.infer<typeof typeCategoriesSchema>;

const written = {
  stream_version: z.number().int().min(0).meta({ description: 'The tree’s version afterwards (also the ETag)' }),
  global_position: z.string().meta({ description: 'Position of the last event written, for read-your-writes' }),
};

export const categoryCommandResultSchema = z
  .strictObject({ category: categorySchema, ...written })
  .meta({ id: 'CategoryCommandResult' });
export type CategoryCommandResult = z.infer<typeof categoryCommandResultSchema>;

export const categoryDeletedSchema = z
  .strictObject({
    deleted_ids: z.array(z.string()).meta({ description: 'The category and every category below it' }),
    ...written,
  })
  .meta({ id: 'CategoryDeleted' });
export type CategoryDeletedResult = z.infer<typeof categoryDeletedSchema>;

export const categoryAssignmentResultSchema = z
  .strictObject({
    master_product_ids: z.array(z.string()),
    category_ids: z.array(z.string()),
    changed: z.boolean().meta({ description: 'False when every pair was there already (or, removing, none was)' }),
    ...written,
  })
  .meta({ id: 'CategoryAssignmentResult' });
export type CategoryAssignmentResult = z.infer<typeof categoryAssignmentResultSchema>;
