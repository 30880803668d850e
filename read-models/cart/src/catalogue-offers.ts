import { z } from 'zod';
import type { ProductOffer, ProductOffers } from '@buyloop/cart';
import type { DocumentStore } from '@buyloop/document-store';
import { isIntangibleKind } from '@buyloop/contracts/catalogue/vocabulary';
import { currencyOf, type Clock, type Market } from '@buyloop/kit';

/**
 * The catalogue's published shop read model, by its projection's name: one
 * document per product code with the product, its stock per location and
 * its price schedule per market (`catalogue_shop_products`), and the
 * market's locations (`catalogue_shop_locations`). A context never imports
 * another, so the cart reads these documents by name and parses the few
 * fields it needs; a document that does not parse is a bug of ours (a 500),
 * never a product that looks unknown.
 */
export const SHOP_PRODUCTS_COLLECTION = 'catalogue_shop_products';
export const SHOP_LOCATIONS_COLLECTION = 'catalogue_shop_locations';
/** The market's category tree (one document per market): which master products each category holds. */
export const CATEGORY_TREE_COLLECTION = 'catalogue_category_tree';

const scheduleSchema = z.object({
  prices: z.array(z.object({ price: z.number(), validFrom: z.string() })),
  offers: z.array(z.object({ price: z.number(), validFrom: z.string(), validTo: z.string() })),
});

const shopProductSchema = z.object({
  code: z.string(),
  product: z
    .object({
      code: z.string(),
      master_product_id: z.string(),
      long_name: z.string(),
      kind: z.string(),
      vat_rate: z.number(),
      status: z.string(),
      pre_order: z.boolean(),
      external_stock: z.boolean(),
      extension_months: z.number().nullable(),
      relations: z.object({ insurance: z.array(z.string()), warranty_extensions: z.array(z.string()) }),
    })
    .nullable(),
  stock: z
    .object({
      locations: z.record(
        z.string(),
        z.object({
          on_hand: z.number(),
          held: z.record(z.string(), z.object({ quantity: z.number(), expires_at: z.string() })),
        }),
      ),
    })
    .nullable(),
  prices: z.record(z.string(), z.object({ schedule: scheduleSchema })),
});

const shopLocationsSchema = z.object({ locations: z.record(z.string(), z.object({ id: z.string() })) });

const categoryTreeSchema = z.object({
  categories: z.record(z.string(), z.object({ id: z.string(), parent: z.string().nullable(), product_ids: z.array(z.string()) })),
});

/**
 * The categories a master product is filed in and every one above them,
 * in the tree's order: a discount limited to a category reaches what its
 * subcategories hold, as the shop's category page lists it.
 */
export function categoriesOf(tree: z.infer<typeof categoryTreeSchema>, masterProductId: string): string[] {
  const found = new Set<string>();
  for (const node of Object.values(tree.categories)) {
    if (!node.product_ids.includes(masterProductId)) continue;
    // A parent the tree does not hold (or a cycle) ends the climb instead of looping.
    for (let current: typeof node | undefined = node; current && !found.has(current.id);) {
      found.add(current.id);
      current = current.parent === null ? undefined : tree.categories[current.parent];
    }
  }
  return [...found];
}

type Schedule = z.infer<typeof scheduleSchema>;

/**
 * The price a customer pays at `at`, by the catalogue's published rule
 * (services/catalogue/src/pricing/schedule.ts): the regular price with the
 * latest start at or before the instant (the later set of two equal starts),
 * and, below it, the lowest offer running then. Restated here because the
 * catalogue exports no query for it; see the cart section of
 * docs/ARCHITECTURE.md for the export that would replace it.
 */
export function appliedPrice(schedule: Schedule, at: Date): number | null {
  const time = at.getTime();
  let regular: { from: number; price: number } | null = null;
  for (const entry of schedule.prices) {
    const from = new Date(entry.validFrom).getTime();
    if (from <= time && (regular === null || from >= regular.from)) regular = { from, price: entry.price };
  }
  if (regular === null) return null;
  let price = regular.price;
  for (const offer of schedule.offers)
    if (new Date(offer.validFrom).getTime() <= time && time < new Date(offer.validTo).getTime() && offer.price < price)
      price = offer.price;
  return price;
}

/** Pieces that can be sold now on the market: on hand less the reservations not yet expired, per location of the market. */
export function availablePieces(
  stock: z.infer<typeof shopProductSchema>['stock'],
  locations: readonly string[],
  at: Date,
): number {
  if (!stock) return 0;
  const time = at.getTime();
  let total = 0;
  for (const id of locations) {
    const level = stock.locations[id];
    if (!level) continue;
    const held = Object.values(level.held)
      .filter((hold) => new Date(hold.expires_at).getTime() > time)
      .reduce((sum, hold) => sum + hold.quantity, 0);
    total += Math.max(0, level.on_hand - held);
  }
  return total;
}

export interface CatalogueOffersDeps {
  readonly documents: Pick<DocumentStore, 'get'>;
  readonly collection: (projection: string) => Promise<string>;
  readonly market: Market;
  readonly clock: Clock;
}

/** The cart's ProductOffers port over the catalogue's shop read model. */
export function catalogueOffers(deps: CatalogueOffersDeps): ProductOffers {
  const read = async (projection: string, id: string): Promise<unknown> => {
    let collection: string;
    try {
      collection = await deps.collection(projection);
    } catch {
      // The catalogue is not running in this process (a test of another context): it has no products.
      return null;
    }
    return deps.documents.get(collection, id);
  };
  return {
    async offer(code: string): Promise<ProductOffer | null> {
      const raw = await read(SHOP_PRODUCTS_COLLECTION, code);
      if (raw === null) return null;
      const document = shopProductSchema.parse(raw);
      const product = document.product;
      if (!product) return null;
      const at = deps.clock();
      const schedule = document.prices[deps.market]?.schedule;
      const locations = await read(SHOP_LOCATIONS_COLLECTION, deps.market);
      const ids = locations === null ? [] : Object.keys(shopLocationsSchema.parse(locations).locations);
      const tree = await read(CATEGORY_TREE_COLLECTION, deps.market);
      const categories = tree === null ? [] : categoriesOf(categoryTreeSchema.parse(tree), product.master_product_id);
      // An insurance or a warranty extension is no goods: nothing on a shelf to count or to reserve at finish.
      const onOrder = product.pre_order || product.external_stock || isIntangibleKind(product.kind);
      return {
        code: product.code,
        name: product.long_name,
        kind: product.kind,
        price: schedule ? appliedPrice(schedule, at) : null,
        vat_rate: product.vat_rate,
        currency: currencyOf(deps.market),
        for_sale: product.status === 'active',
        available: onOrder ? null : availablePieces(document.stock, ids, at),
        extension_months: product.extension_months,
        insurance: product.relations.insurance,
        warranty_extensions: product.relations.warranty_extensions,
        categories,
      };
    },
  };
}
