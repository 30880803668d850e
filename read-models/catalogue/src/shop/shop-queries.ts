import {
  SEARCH_DEFAULT_LIMIT,
  SHOP_DEFAULT_PAGE_SIZE,
  type ShopCategoryNode,
  type ShopFacets,
  type ShopFacetValue,
  type ShopProductDetail,
  type ShopProductItem,
  type ShopProductList,
  type ShopSearchResult,
  type ShopSort,
  type ShopStore,
} from '@buyloop/contracts/catalogue/shop';
import { imageSizePath } from '@buyloop/contracts/catalogue/media-vocabulary';
import type { ImageDocument } from '@buyloop/catalogue';
import { translate, type Language } from '@buyloop/i18n';
import type { Currency } from '@buyloop/kit';
import { imageUrlOf, withoutVat, type ShopEntry } from './entries';
import { slugOf } from './fold-text';
import type { ShopCatalogue, VisibleCategory } from './shop-catalogue';

/** A listing's filters once the query is checked (shop-routes.ts). */
export interface ProductFilter {
  readonly category: VisibleCategory | null;
  readonly q: string | null;
  readonly manufacturer: readonly string[];
  readonly quality: readonly string[];
  readonly colour: readonly string[];
  readonly capacity: readonly string[];
  readonly inStock: boolean;
  /** A store id, 'any', or null. */
  readonly inStore: string | null;
  readonly priceFrom: number | null;
  readonly priceTo: number | null;
  /** Attribute code → accepted value slugs. */
  readonly attributes: Readonly<Record<string, readonly string[]>>;
  readonly sort: ShopSort;
  readonly page: number;
  readonly pageSize: number;
}

export const defaultFilter = (): ProductFilter => ({
  category: null,
  q: null,
  manufacturer: [],
  quality: [],
  colour: [],
  capacity: [],
  inStock: false,
  inStore: null,
  priceFrom: null,
  priceTo: null,
  attributes: {},
  sort: 'best_selling',
  page: 1,
  pageSize: SHOP_DEFAULT_PAGE_SIZE,
});

/**
 * Spec constants the catalogue holds no data for (issue 14 asks for them on
 * the product page): an installment teaser of 10 monthly payments from a
 * market's minimum price, and the buy-back bonus "up to {0} %" (spec 9) for
 * a device bought with an old one sold to us.
 */
export const INSTALLMENT_MONTHS = 10;
export const INSTALLMENT_MIN_PRICE: Readonly<Record<Currency, number>> = { CZK: 3000, RON: 600 };
export const BUYBACK_BONUS_PERCENT = 10;

const QUALITY_ORDER = ['new', 'newish', 'used', 'used-a-plus', 'used-a', 'used-b', 'used-c', 'used-d'];

/** "128 GB" → bytes-ish number for ordering; what does not parse sorts last by its text. */
function capacityWeight(capacity: string): number {
  const match = /^(\d+(?:[.,]\d+)?)\s*(mb|gb|tb)/i.exec(capacity.trim());
  if (!match) return Number.POSITIVE_INFINITY;
  const unit = { mb: 1 / 1024, gb: 1, tb: 1024 }[match[2]!.toLowerCase() as 'mb' | 'gb' | 'tb'];
  return Number(match[1]!.replace(',', '.')) * unit;
}

const byCapacity = (a: string, b: string) => capacityWeight(a) - capacityWeight(b) || a.localeCompare(b);
const qualityRank = (key: string) => {
  const index = QUALITY_ORDER.indexOf(key);
  return index < 0 ? QUALITY_ORDER.length : index;
};

export class ShopQueries {
  constructor(
    private readonly catalogue: ShopCatalogue,
    private readonly language: Language,
  ) {}

  // --- categories ---------------------------------------------------------------------------

  categories(): { readonly categories: ShopCategoryNode[] } {
    const counts = this.catalogue.productCounts();
    const visible = this.catalogue.visibleCategories();
    const nodeOf = (id: string): ShopCategoryNode | null => {
      const category = visible.get(id);
      if (!category) return null;
      const { node } = category;
      return {
        id: node.id,
        name: node.name,
        seo_name: node.seo_name,
        parent: node.parent,
        product_count: counts.get(node.id) ?? 0,
        seo_title: node.seo_title,
        seo_description: node.seo_description,
        image_url: node.photo_id ? imageSizePath(node.photo_id, 'card') : null,
        children: node.child_ids.map(nodeOf).filter((child): child is ShopCategoryNode => child !== null),
      };
    };
    return {
      categories: this.catalogue
        .rootCategoryIds()
        .map(nodeOf)
        .filter((node): node is ShopCategoryNode => node !== null),
    };
  }

  // --- listing ------------------------------------------------------------------------------

  item(entry: ShopEntry): ShopProductItem {
    return {
      code: entry.code,
      seo_name: this.catalogue.seoNameOf(entry.code),
      long_name: entry.longName,
      short_name: entry.shortName,
      master_seo_name: entry.masterSeoName,
      price: entry.price!,
      price_without_vat: entry.priceWithoutVat!,
      original_price: entry.originalPrice,
      lowest_price_30d: entry.lowestPrice30d,
      currency: entry.currency,
      quality: entry.qualityKey,
      quality_name: entry.qualityName,
      colour: entry.colour,
      capacity: entry.capacity,
      stock_state: entry.stockState,
      image_url: imageUrlOf(entry.imageId),
      manufacturer: entry.manufacturerName,
      manufacturer_id: entry.manufacturerId,
    };
  }

  products(filter: ProductFilter): ShopProductList {
    const category = filter.category;
    let pool = this.catalogue.listed();
    if (category) pool = pool.filter((entry) => this.catalogue.categoriesOfMaster(entry.masterId).has(category.node.id));
    let rank: Map<string, number> | null = null;
    if (filter.q) {
      const codes = this.catalogue.searchProducts(filter.q);
      rank = new Map(codes.map((code, index) => [code, index]));
      const found = rank;
      pool = pool.filter((entry) => found.has(entry.code));
    }

    // Attribute facets: the params the pool's masters share, when the category is one that filters by them.
    const attributeNames = new Map<string, string>();
    if (category?.node.filterable) {
      const values = new Map<string, Set<string>>();
      for (const entry of pool)
        for (const [name, value] of Object.entries(entry.params)) {
          const set = values.get(name) ?? new Set<string>();
          set.add(value);
          values.set(name, set);
        }
      for (const [name, set] of values) if (set.size >= 2 && set.size <= 30) attributeNames.set(slugOf(name), name);
    }

    const predicates: Record<string, (entry: ShopEntry) => boolean> = {};
    const inSet = (values: readonly string[]) => new Set(values);
    if (filter.manufacturer.length > 0) {
      const set = inSet(filter.manufacturer);
      predicates.manufacturer = (e) => set.has(e.manufacturerId);
    }
    if (filter.quality.length > 0) {
      const set = inSet(filter.quality);
      predicates.quality = (e) => set.has(e.qualityKey) || set.has(e.quality);
    }
    if (filter.colour.length > 0) {
      const set = inSet(filter.colour.map(slugOf));
      predicates.colour = (e) => e.colourSlug !== null && set.has(e.colourSlug);
    }
    if (filter.capacity.length > 0) {
      const set = inSet(filter.capacity.map(slugOf));
      predicates.capacity = (e) => e.capacitySlug !== null && set.has(e.capacitySlug);
    }
    if (filter.inStock || filter.inStore) {
      const store = filter.inStore;
      predicates.stock = (e) =>
        (!filter.inStock || e.stockState === 'in_stock') &&
        (store === null || (store === 'any' ? e.inSomeStore : (e.storeAvailable[store] ?? 0) > 0));
    }
    if (filter.priceFrom !== null || filter.priceTo !== null) {
      const from = filter.priceFrom ?? Number.NEGATIVE_INFINITY;
      const to = filter.priceTo ?? Number.POSITIVE_INFINITY;
      predicates.price = (e) => e.price! >= from && e.price! <= to;
    }
    for (const [code, values] of Object.entries(filter.attributes)) {
      const set = inSet(values.map(slugOf));
      predicates[`attr.${code}`] = (e) => {
        const value = e.paramSlugs[code];
        return value !== undefined && set.has(value);
      };
    }

    // One pass: an entry that fails no filter is a result; one that fails exactly one still counts in that filter's facet.
    const names = Object.keys(predicates);
    const matched: ShopEntry[] = [];
    const facetPools = new Map<string, ShopEntry[]>();
    for (const entry of pool) {
      const failed = names.filter((name) => !predicates[name]!(entry));
      if (failed.length === 0) matched.push(entry);
      else if (failed.length === 1) {
        const list = facetPools.get(failed[0]!) ?? [];
        list.push(entry);
        facetPools.set(failed[0]!, list);
      }
    }
    const facetPool = (name: string): readonly ShopEntry[] =>
      predicates[name] ? [...matched, ...(facetPools.get(name) ?? [])] : matched;

    // Translated once per answer: i18next's lookup is far dearer than counting.
    const stockLabels = {
      inStock: ['in_stock', translate('catalogue.shop.stock.in_stock', this.language)] as const,
      inStore: ['in_store', translate('catalogue.shop.stock.in_store', this.language)] as const,
    };
    const facets: ShopFacets = {
      manufacturer: this.count(facetPool('manufacturer'), (e) => [[e.manufacturerId, e.manufacturerName]]).sort((a, b) =>
        a.label.localeCompare(b.label),
      ),
      quality: this.count(facetPool('quality'), (e) => [[e.qualityKey, e.qualityName]]).sort(
        (a, b) => qualityRank(a.value) - qualityRank(b.value),
      ),
      colour: this.count(facetPool('colour'), (e) => (e.colour && e.colourSlug ? [[e.colourSlug, e.colour]] : [])).sort((a, b) =>
        a.label.localeCompare(b.label),
      ),
      capacity: this.count(facetPool('capacity'), (e) =>
        e.capacity && e.capacitySlug ? [[e.capacitySlug, e.capacity]] : [],
      ).sort((a, b) => byCapacity(a.label, b.label)),
      stock: this.count(facetPool('stock'), (e) => {
        const pairs: (readonly [string, string])[] = [];
        if (e.stockState === 'in_stock') pairs.push(stockLabels.inStock);
        if (e.inSomeStore) pairs.push(stockLabels.inStore);
        return pairs;
      }),
      stores: this.storeFacet(facetPool('stock')),
      price: this.priceRange(facetPool('price')),
      attributes: [...attributeNames].map(([code, name]) => ({
        code,
        name,
        values: this.count(facetPool(`attr.${code}`), (e) => {
          const value = e.params[name];
          const slug = e.paramSlugs[code];
          return value === undefined || slug === undefined ? [] : [[slug, value]];
        }).sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true })),
      })),
    };

    const sorted = this.sort(matched, filter.sort, rank);
    const start = (filter.page - 1) * filter.pageSize;
    return {
      items: sorted.slice(start, start + filter.pageSize).map((entry) => this.item(entry)),
      total: matched.length,
      page: filter.page,
      page_size: filter.pageSize,
      sort: filter.sort,
      category: category ? { id: category.node.id, name: category.node.name, seo_name: category.node.seo_name } : null,
      facets,
    };
  }

  private count(
    entries: readonly ShopEntry[],
    values: (entry: ShopEntry) => readonly (readonly [string, string])[],
  ): ShopFacetValue[] {
    const counts = new Map<string, { label: string; count: number }>();
    for (const entry of entries)
      for (const [value, label] of values(entry)) {
        const current = counts.get(value);
        if (current) current.count++;
        else counts.set(value, { label, count: 1 });
      }
    return [...counts].map(([value, { label, count }]) => ({ value, label, count }));
  }

  private storeFacet(entries: readonly ShopEntry[]): ShopFacetValue[] {
    return this.catalogue.storeLocations().map((store) => ({
      value: store.id,
      label: store.name,
      count: entries.filter((entry) => (entry.storeAvailable[store.id] ?? 0) > 0).length,
    }));
  }

  private priceRange(entries: readonly ShopEntry[]): { min: number | null; max: number | null } {
    let min: number | null = null;
    let max: number | null = null;
    for (const { price } of entries) {
      if (price === null) continue;
      if (min === null || price < min) min = price;
      if (max === null || price > max) max = price;
    }
    return { min, max };
  }

  private sort(entries: readonly ShopEntry[], sort: ShopSort, rank: ReadonlyMap<string, number> | null): ShopEntry[] {
    const byCode = (a: ShopEntry, b: ShopEntry) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
    const available = (e: ShopEntry) => (e.stockState === 'sold_out' ? 1 : 0);
    const compare: (a: ShopEntry, b: ShopEntry) => number = (() => {
      switch (sort) {
        case 'price_asc':
          return (a, b) => a.price! - b.price! || byCode(a, b);
        case 'price_desc':
          return (a, b) => b.price! - a.price! || byCode(a, b);
        case 'newest':
          return (a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) || byCode(a, b);
        case 'best_selling':
          // Sold pieces first; a search's relevance, then what can be bought, break the ties.
          return (a, b) =>
            b.sold - a.sold ||
            (rank ? (rank.get(a.code) ?? 0) - (rank.get(b.code) ?? 0) : 0) ||
            available(a) - available(b) ||
            byCode(a, b);
        default: {
          const unknown: never = sort;
          throw new Error(`Unknown sort ${String(unknown)}`);
        }
      }
    })();
    return [...entries].sort(compare);
  }

  // --- detail -------------------------------------------------------------------------------

  /** The detail of a product on sale; null when there is none by that seo_name (or code). */
  detail(
    seoName: string,
    images: ReadonlyMap<string, ImageDocument>,
  ): { readonly detail: ShopProductDetail; readonly codes: readonly string[]; readonly categoryIds: readonly string[] } | null {
    const entry = this.catalogue.entryBySeoName(seoName);
    if (!entry?.listed) return null;
    const master = this.catalogue.master(entry.masterId)!;
    const document = this.catalogue.document(entry.code)!;
    const relations = document.product!.relations;
    const category = this.catalogue.primaryCategory(entry.masterId) ?? null;
    const colours = this.catalogue.coloursOf(master);
    const variants = [...this.catalogue.variantsOf(entry.masterId)].sort(
      (a, b) =>
        colours.indexOf(a.colour ?? '') - colours.indexOf(b.colour ?? '') ||
        byCapacity(a.capacity ?? '', b.capacity ?? '') ||
        qualityRank(a.qualityKey) - qualityRank(b.qualityKey) ||
        (a.code < b.code ? -1 : 1),
    );
    const related = (codes: readonly string[]) =>
      codes.map((code) => this.catalogue.entry(code)).filter((e): e is ShopEntry => e?.onSale === true);
    const small = (e: ShopEntry) => ({
      code: e.code,
      seo_name: this.catalogue.seoNameOf(e.code),
      short_name: e.shortName,
      price: e.price!,
      image_url: imageUrlOf(e.imageId),
    });
    const accessories = related(relations.accessories);
    const gifts = related(relations.gifts);
    const specialOffers = related(relations.special_offers);
    const insurance = related(relations.insurance);
    const warranties = related(relations.warranty_extensions);
    const price = entry.price!;
    const qualities = new Map<string, string>();
    for (const variant of variants) qualities.set(variant.qualityKey, variant.qualityName);
    const stores = this.catalogue.storeLocations().map((store) => ({
      id: store.id,
      name: store.name,
      city: store.address.city,
      stock_state: (entry.storeAvailable[store.id] ?? 0) > 0 ? ('in_stock' as const) : ('sold_out' as const),
    }));
    const alt = [entry.masterName, entry.colour].filter(Boolean).join(' ');
    const detail: ShopProductDetail = {
      code: entry.code,
      seo_name: this.catalogue.seoNameOf(entry.code),
      long_name: entry.longName,
      short_name: entry.shortName,
      master_seo_name: entry.masterSeoName,
      description_html: master.description,
      manufacturer: entry.manufacturerName,
      manufacturer_id: entry.manufacturerId,
      category: category ? { id: category.node.id, name: category.node.name, seo_name: category.node.seo_name } : null,
      breadcrumbs: (category?.path ?? []).map((node) => ({ name: node.name, seo_name: node.seo_name })),
      // This variant's photo first, then the model's others.
      images: [entry.imageId, ...master.photo_ids.filter((id) => id !== entry.imageId)]
        .map((id) => (id ? images.get(id) : undefined))
        .filter((image): image is ImageDocument => image !== undefined)
        .map((image) => {
          const size = image.sizes.find((s) => s.name === 'detail') ?? image.sizes[image.sizes.length - 1];
          return {
            url: imageSizePath(image.id, 'detail'),
            alt,
            width: size?.width ?? image.width,
            height: size?.height ?? image.height,
          };
        }),
      params: master.params.map((param) => ({ name: param.name, value: param.value })),
      package_size: master.package,
      price,
      price_without_vat: entry.priceWithoutVat!,
      vat_rate: entry.vatRate,
      lowest_price_30d: entry.lowestPrice30d,
      original_price: entry.originalPrice,
      currency: entry.currency,
      colour: entry.colour,
      capacity: entry.capacity,
      quality: entry.qualityKey,
      quality_name: entry.qualityName,
      stock_state: entry.stockState,
      stores,
      variants: variants.map((variant) => ({
        code: variant.code,
        seo_name: this.catalogue.seoNameOf(variant.code),
        colour: variant.colour,
        capacity: variant.capacity,
        quality: variant.qualityKey,
        quality_name: variant.qualityName,
        price: variant.price!,
        price_without_vat: variant.priceWithoutVat ?? withoutVat(variant.price!, variant.vatRate),
        lowest_price_30d: variant.lowestPrice30d,
        original_price: variant.originalPrice,
        stock_state: variant.stockState,
        image_url: imageUrlOf(variant.imageId),
      })),
      variant_axes: {
        colour: colours.filter((colour) => variants.some((v) => v.colour === colour)),
        capacity: [...new Set(variants.flatMap((v) => (v.capacity ? [v.capacity] : [])))].sort(byCapacity),
        quality: [...qualities].map(([value, label]) => ({ value, label })),
      },
      gifts: gifts.map(small),
      special_offers: specialOffers.map(small),
      accessories: accessories.map(small),
      insurance_options: insurance.map((e) => ({ id: e.code, name: e.shortName, price: e.price! })),
      warranty_options: warranties.map((e) => {
        const months = this.catalogue.document(e.code)?.product?.extension_months ?? 0;
        return {
          months,
          name: e.shortName || translate('catalogue.shop.warranty_option', this.language, { months }),
          price: e.price!,
        };
      }),
      installment_teaser:
        entry.kind === 'device' && price >= INSTALLMENT_MIN_PRICE[entry.currency]
          ? { monthly_from: Math.ceil(price / INSTALLMENT_MONTHS), months: INSTALLMENT_MONTHS }
          : null,
      buyback_bonus_percent: entry.kind === 'device' ? BUYBACK_BONUS_PERCENT : 0,
      seo_title: master.seo_title,
      seo_description: master.seo_description,
    };
    const codes = [
      entry.code,
      ...variants.map((v) => v.code),
      ...accessories,
      ...gifts,
      ...specialOffers,
      ...insurance,
      ...warranties,
    ].map((e) => (typeof e === 'string' ? e : e.code));
    return { detail, codes: [...new Set(codes)], categoryIds: (category?.path ?? []).map((node) => node.id) };
  }

  // --- search -------------------------------------------------------------------------------

  /** Suggestions: the best-matching variant of each model (a model's colours would otherwise fill the list). */
  search(term: string, limit = SEARCH_DEFAULT_LIMIT): ShopSearchResult {
    const models = new Set<string>();
    const best: ShopEntry[] = [];
    for (const code of this.catalogue.searchProducts(term)) {
      const entry = this.catalogue.entry(code);
      if (!entry?.listed || models.has(entry.masterId)) continue;
      models.add(entry.masterId);
      best.push(entry);
      if (best.length >= limit) break;
    }
    const products = best.map((entry) => ({
      code: entry.code,
      seo_name: this.catalogue.seoNameOf(entry.code),
      short_name: entry.shortName,
      long_name: entry.longName,
      master_seo_name: entry.masterSeoName,
      price: entry.price!,
      currency: entry.currency,
      stock_state: entry.stockState,
      image_url: imageUrlOf(entry.imageId, 'thumb'),
    }));
    const categories = this.catalogue
      .searchCategories(term)
      .slice(0, 5)
      .map((id) => this.catalogue.category(id))
      .filter((category): category is VisibleCategory => category !== undefined)
      .map(({ node }) => ({ id: node.id, name: node.name, seo_name: node.seo_name }));
    return { result: { products, categories } };
  }

  // --- stores -------------------------------------------------------------------------------

  stores(): { readonly stores: ShopStore[] } {
    return {
      stores: this.catalogue.storeLocations().map((store) => ({
        id: store.id,
        name: store.name,
        city: store.address.city,
        street: store.address.street,
        zip: store.address.postcode,
        opening_hours: { ...store.openingHours },
        coordinates: { ...store.coordinates },
        kind: 'store' as const,
      })),
    };
  }
}
