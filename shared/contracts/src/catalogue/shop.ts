import { z } from 'zod';

/**
 * The shop's public catalogue API (issue 14): what the storefront's pages,
 * its cache and later issues' acceptance checks read. No session; the market
 * is the server's; money is whole CZK or lei with VAT. Fields may be added,
 * never renamed: the storefront, the page cache and the bench depend on them.
 */

/** Spec 9's selectable rows per page; the largest is the most one page lists. */
export const SHOP_PAGE_SIZES = [12, 24, 48, 96] as const;
export const SHOP_DEFAULT_PAGE_SIZE = 24;
export const SHOP_SORTS = ['price_asc', 'price_desc', 'newest', 'best_selling'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

/**
 * A search term's length as the API counts it, and as the storefront should:
 * Unicode characters (code points) after trimming spaces at either end, so an
 * emoji or a decomposed "í" is not counted as two the way `String.length`
 * (UTF-16 units) would count it. Both SEARCH_MIN_LENGTH and SEARCH_MAX_LENGTH
 * are in these units.
 */
export const searchTermLength = (term: string): number => [...term.trim()].length;
/** Spec 5 and 9: search needs at least 2 characters. */
export const SEARCH_MIN_LENGTH = 2;
/**
 * The longest term accepted (characters as searchTermLength counts them): more
 * than a person types into a search box. Each word of a term costs the index
 * a prefix and a typo lookup, so a long crafted term is refused before it
 * reaches the index (catalogue.shop.search_too_long).
 */
export const SEARCH_MAX_LENGTH = 100;
/**
 * The distinct words of a term that are searched; any further ones are left
 * out (not refused): six words name any product, and the work grows with each.
 */
export const SEARCH_MAX_WORDS = 6;
export const SEARCH_DEFAULT_LIMIT = 8;
export const SEARCH_MAX_LIMIT = 50;
/** The longest value the listing's other parameters take (a category, a store, a filter's value). */
export const SHOP_MAX_VALUE_LENGTH = 200;
/** The highest page a listing answers; far beyond any catalogue, so a number this big is a mistake. */
export const SHOP_MAX_PAGE = 10_000;
/** The `<code>` of an `attr.<code>` filter (facets.attributes' codes are slugs of the params' names). */
export const SHOP_ATTRIBUTE_CODE_PATTERN = /^[a-z0-9-]{1,60}$/;

/** True when a term is within SEARCH_MAX_LENGTH; exact, without spreading a huge string into an array. */
const withinSearchMax = (term: string): boolean => {
  const trimmed = term.trim();
  // A code point is one or two UTF-16 units: the cheap bounds decide most terms.
  if (trimmed.length <= SEARCH_MAX_LENGTH) return true;
  return trimmed.length <= 2 * SEARCH_MAX_LENGTH && searchTermLength(trimmed) <= SEARCH_MAX_LENGTH;
};

/** A search term's schema; maxLength is documented in code points, as JSON Schema counts a string's length. */
const searchTerm = (description: string) =>
  z
    .string()
    .refine(withinSearchMax, { message: 'catalogue.shop.search_too_long' })
    .meta({ maxLength: SEARCH_MAX_LENGTH, description });

export const SHOP_STOCK_STATES = ['in_stock', 'in_store_only', 'on_order', 'sold_out'] as const;
export type ShopStockState = (typeof SHOP_STOCK_STATES)[number];

const stockState = z.enum(SHOP_STOCK_STATES).meta({
  description:
    'in_stock: ships from the warehouse; in_store_only: only in a store (pickup); on_order: pre-order or a supplier ships it; sold_out: none',
});
const money = z.number().int().meta({ description: 'Whole CZK or lei, VAT included' });
const currency = z.enum(['CZK', 'RON']);

/** One value or several (repeated, or comma-separated). */
const many = z.union([z.string().max(SHOP_MAX_VALUE_LENGTH), z.array(z.string().max(SHOP_MAX_VALUE_LENGTH)).max(50)]);
const flag = z.enum(['true', 'false', '1', '0']).meta({ description: 'true/1 or false/0' });
const whole = (description: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'validation.not_a_number')
    .meta({ description });

export const shopProductsQuerySchema = z
  .strictObject({
    category: z
      .string()
      .max(SHOP_MAX_VALUE_LENGTH)
      .optional()
      .meta({ description: 'A category’s seo_name or id; its subcategories included' }),
    q: searchTerm(
      `Words of the name, accents and small typos forgiven; at most ${SEARCH_MAX_LENGTH} characters (code points), the first ${SEARCH_MAX_WORDS} distinct words searched`,
    ).optional(),
    manufacturer: many.optional().meta({ description: 'Manufacturer ids (facets.manufacturer values)' }),
    quality: many.optional().meta({ description: 'new, newish, used, or used with a grade (used-a-plus, used-a, used-b…)' }),
    colour: many.optional(),
    capacity: many.optional(),
    in_stock: flag.optional().meta({ description: 'Only what ships from the warehouse now' }),
    in_store: z
      .string()
      .max(SHOP_MAX_VALUE_LENGTH)
      .optional()
      .meta({ description: 'A store id, or true: available in that (any) store' }),
    price_from: whole('Lowest price, whole units with VAT').optional(),
    price_to: whole('Highest price, whole units with VAT').optional(),
    sort: z.enum(SHOP_SORTS).optional().meta({ description: 'Default best_selling' }),
    page: whole('From 1').optional(),
    page_size: z
      .enum(SHOP_PAGE_SIZES.map(String) as [string, ...string[]])
      .optional()
      .meta({ description: `One of ${SHOP_PAGE_SIZES.join(', ')}; default ${SHOP_DEFAULT_PAGE_SIZE}` }),
  })
  .meta({
    id: 'ShopProductsQuery',
    description: 'Attribute facets are filtered as `attr.<code>=value` (facets.attributes names the codes).',
  });

/**
 * The query as documented and as the contract check holds accepted requests
 * to: the named filters plus `attr.<code>` ones, whose codes come from the
 * data. The route refuses any other name itself (validation.unknown_field).
 */
export const shopProductsDocumentedQuerySchema = shopProductsQuerySchema.catchall(many);

export const shopProductParamsSchema = z.strictObject({ seoName: z.string().meta({ description: 'The product’s seo_name' }) });
export const shopStoreParamsSchema = z.strictObject({ storeId: z.string().meta({ description: 'A store id' }) });
export const shopStoreStockQuerySchema = z.strictObject({
  product: z.string().min(1).max(40).meta({ description: 'A product code' }),
});

export const shopSearchQuerySchema = z.strictObject({
  term: searchTerm(
    `${SEARCH_MIN_LENGTH} to ${SEARCH_MAX_LENGTH} characters (code points, spaces at either end not counted); the first ${SEARCH_MAX_WORDS} distinct words searched`,
  ),
  limit: whole(`Products at most; default ${SEARCH_DEFAULT_LIMIT}, at most ${SEARCH_MAX_LIMIT}`).optional(),
});

// --- answers --------------------------------------------------------------------------------

export interface ShopCategoryNode {
  readonly id: string;
  readonly name: string;
  readonly seo_name: string;
  readonly parent: string | null;
  readonly product_count: number;
  readonly seo_title: string | null;
  readonly seo_description: string | null;
  readonly image_url: string | null;
  readonly children: readonly ShopCategoryNode[];
}

export const shopCategoryNodeSchema: z.ZodType<ShopCategoryNode> = z
  .object({
    id: z.string(),
    name: z.string(),
    seo_name: z.string(),
    parent: z.string().nullable(),
    product_count: z.number().int().meta({ description: 'Products on sale here and in the subcategories' }),
    seo_title: z.string().nullable(),
    seo_description: z.string().nullable(),
    image_url: z.string().nullable(),
    get children() {
      return z.array(shopCategoryNodeSchema);
    },
  })
  .meta({ id: 'ShopCategory' });

export const shopCategoriesSchema = z.object({ categories: z.array(shopCategoryNodeSchema) }).meta({ id: 'ShopCategories' });
export type ShopCategories = z.infer<typeof shopCategoriesSchema>;

export const shopProductItemSchema = z
  .object({
    code: z.string(),
    seo_name: z.string(),
    long_name: z.string(),
    short_name: z.string(),
    master_seo_name: z.string(),
    price: money,
    price_without_vat: money,
    original_price: money.nullable().meta({ description: 'The regular price while reduced (struck through); null otherwise' }),
    lowest_price_30d: money
      .nullable()
      .meta({ description: 'Omnibus: the lowest price of the 30 days before a reduction; null unless reduced' }),
    currency,
    quality: z.string(),
    quality_name: z.string(),
    colour: z.string().nullable(),
    capacity: z.string().nullable(),
    stock_state: stockState,
    image_url: z.string().nullable(),
    manufacturer: z.string(),
    manufacturer_id: z.string(),
  })
  .meta({ id: 'ShopProductItem' });
export type ShopProductItem = z.infer<typeof shopProductItemSchema>;

const facetValue = z.object({ value: z.string(), label: z.string(), count: z.number().int() }).meta({ id: 'ShopFacetValue' });
export type ShopFacetValue = z.infer<typeof facetValue>;

export const shopFacetsSchema = z
  .object({
    manufacturer: z.array(facetValue),
    quality: z.array(facetValue),
    colour: z.array(facetValue),
    capacity: z.array(facetValue),
    stock: z.array(facetValue).meta({ description: 'in_stock and in_store counts' }),
    stores: z.array(facetValue),
    price: z.object({ min: money.nullable(), max: money.nullable() }),
    attributes: z.array(z.object({ code: z.string(), name: z.string(), values: z.array(facetValue) })),
  })
  .meta({ id: 'ShopFacets', description: 'Each facet counts what the other filters leave (its own filter aside)' });
export type ShopFacets = z.infer<typeof shopFacetsSchema>;

export const shopProductListSchema = z
  .object({
    items: z.array(shopProductItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    sort: z.enum(SHOP_SORTS),
    category: z.object({ id: z.string(), name: z.string(), seo_name: z.string() }).nullable(),
    facets: shopFacetsSchema,
  })
  .meta({ id: 'ShopProductList' });
export type ShopProductList = z.infer<typeof shopProductListSchema>;

const smallProduct = z.object({
  code: z.string(),
  seo_name: z.string(),
  short_name: z.string(),
  price: money,
  image_url: z.string().nullable(),
});

export const shopProductDetailSchema = z
  .object({
    code: z.string(),
    seo_name: z.string(),
    long_name: z.string(),
    short_name: z.string(),
    master_seo_name: z.string(),
    description_html: z.string(),
    manufacturer: z.string(),
    manufacturer_id: z.string(),
    category: z.object({ id: z.string(), name: z.string(), seo_name: z.string() }).nullable(),
    breadcrumbs: z.array(z.object({ name: z.string(), seo_name: z.string() })),
    images: z.array(z.object({ url: z.string(), alt: z.string(), width: z.number().int(), height: z.number().int() })),
    params: z.array(z.object({ name: z.string(), value: z.string() })),
    package_size: z
      .object({ width: z.number(), height: z.number(), depth: z.number(), weight: z.number() })
      .nullable()
      .meta({ description: 'Centimetres and kilograms' }),
    price: money,
    price_without_vat: money,
    vat_rate: z.number(),
    lowest_price_30d: money.nullable(),
    original_price: money.nullable(),
    currency,
    colour: z.string().nullable(),
    capacity: z.string().nullable(),
    quality: z.string(),
    quality_name: z.string(),
    stock_state: stockState,
    stores: z.array(z.object({ id: z.string(), name: z.string(), city: z.string(), stock_state: stockState })),
    variants: z.array(
      z.object({
        code: z.string(),
        seo_name: z.string(),
        colour: z.string().nullable(),
        capacity: z.string().nullable(),
        quality: z.string(),
        quality_name: z.string(),
        price: money,
        price_without_vat: money,
        lowest_price_30d: money.nullable(),
        original_price: money.nullable(),
        stock_state: stockState,
        image_url: z.string().nullable(),
      }),
    ),
    variant_axes: z.object({
      colour: z.array(z.string()),
      capacity: z.array(z.string()),
      quality: z.array(z.object({ value: z.string(), label: z.string() })),
    }),
    gifts: z.array(smallProduct),
    special_offers: z.array(smallProduct),
    accessories: z.array(smallProduct),
    insurance_options: z.array(z.object({ id: z.string(), name: z.string(), price: money })),
    warranty_options: z.array(z.object({ months: z.number().int(), name: z.string(), price: money })),
    installment_teaser: z.object({ monthly_from: money, months: z.number().int() }).nullable(),
    buyback_bonus_percent: z.number().int(),
    seo_title: z.string().nullable(),
    seo_description: z.string().nullable(),
  })
  .meta({ id: 'ShopProductDetail' });
export type ShopProductDetail = z.infer<typeof shopProductDetailSchema>;

export const shopSearchResultSchema = z
  .object({
    result: z.object({
      products: z.array(
        smallProduct.extend({ long_name: z.string(), currency, stock_state: stockState, master_seo_name: z.string() }),
      ),
      categories: z.array(z.object({ id: z.string(), name: z.string(), seo_name: z.string() })),
    }),
  })
  .meta({ id: 'ShopSearchResult' });
export type ShopSearchResult = z.infer<typeof shopSearchResultSchema>;

const openingHours = z.record(z.string(), z.object({ opens: z.string(), closes: z.string() }).nullable());

export const shopStoreSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    city: z.string(),
    street: z.string(),
    zip: z.string(),
    opening_hours: openingHours.meta({ description: 'mon…sun → HH:MM opens and closes, local time; null: closed' }),
    coordinates: z.object({ lat: z.number(), lng: z.number() }),
    kind: z.literal('store'),
  })
  .meta({ id: 'ShopStore' });
export type ShopStore = z.infer<typeof shopStoreSchema>;

export const shopStoresSchema = z.object({ stores: z.array(shopStoreSchema) }).meta({ id: 'ShopStores' });
export type ShopStores = z.infer<typeof shopStoresSchema>;

export const shopStoreStockSchema = z
  .object({ store: z.string(), product: z.string(), stock_state: stockState, available: z.number().int() })
  .meta({ id: 'ShopStoreStock' });
export type ShopStoreStock = z.infer<typeof shopStoreStockSchema>;
