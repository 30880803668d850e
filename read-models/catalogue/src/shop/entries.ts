import { availabilityOf, priceAt, type Location, type StockAvailability } from '@buyloop/catalogue';
import type { ShopStockState } from '@buyloop/contracts/catalogue/shop';
import { imageSizePath } from '@buyloop/contracts/catalogue/media-vocabulary';
import { translate, type Language } from '@buyloop/i18n';
import { assertNever, currencyOf, type Currency, type Market } from '@buyloop/kit';
import type { MasterDocument } from '../products/masters-projection';
import { productStockView } from '../stock/routes';
import { slugOf } from './fold-text';
import type { ShopProductDocument } from './shop-products-projection';

/** What the shop lists: devices and accessories. Insurance, warranty extensions and services are offered beside a device. */
const LISTED_KINDS: ReadonlySet<string> = new Set(['device', 'accessory']);

/**
 * One product as the shop answers about it, joined from its shop document,
 * its master, the manufacturer's name and the market's locations, with its
 * price and stock state judged at `computedAt`. `validUntil` is when the
 * price or stock state may change by the clock alone (an offer ends, a
 * reservation expires): the entry is worked out again then.
 */
export interface ShopEntry {
  readonly code: string;
  readonly seoBase: string;
  readonly longName: string;
  readonly shortName: string;
  readonly masterId: string;
  readonly masterSeoName: string;
  readonly masterName: string;
  readonly manufacturerId: string;
  readonly manufacturerName: string;
  readonly typeDeviceId: string;
  readonly kind: string;
  readonly colour: string | null;
  readonly capacity: string | null;
  /** The colour and capacity as the filters name them (slugs), worked out once rather than per request. */
  readonly colourSlug: string | null;
  readonly capacitySlug: string | null;
  readonly quality: string;
  readonly grade: string | null;
  /** `new`, `newish`, `used`, or `used-<grade>` (used-a-plus, used-a, …): the quality filter's values. */
  readonly qualityKey: string;
  readonly qualityName: string;
  readonly vatRate: number;
  readonly currency: Currency;
  readonly price: number | null;
  readonly priceWithoutVat: number | null;
  readonly originalPrice: number | null;
  readonly lowestPrice30d: number | null;
  readonly stockState: ShopStockState;
  /** Store id → pieces available there now (stores of the market only). */
  readonly storeAvailable: Readonly<Record<string, number>>;
  readonly imageId: string | null;
  readonly createdAt: string;
  readonly sold: number;
  /** Active, of a listed kind, with a master and a price: shown in listings and search. */
  readonly listed: boolean;
  /** Active with a master and a price: may be offered beside another product (accessory, insurance…). */
  readonly onSale: boolean;
  readonly validUntil: number;
  /** Master params, name → value, for attribute facets. */
  readonly params: Readonly<Record<string, string>>;
  /** Master params by their codes (slugs of the names) → the value's slug, as `attr.<code>=` filters them. */
  readonly paramSlugs: Readonly<Record<string, string>>;
  /** Whether any store of the market has a piece. */
  readonly inSomeStore: boolean;
}

export interface EntryContext {
  readonly market: Market;
  readonly language: Language;
  readonly locations: readonly Location[];
  readonly masters: ReadonlyMap<string, MasterDocument>;
  readonly manufacturerName: (id: string) => string;
  /** Colours of a master's variants in the order they were created (its photos follow that order). */
  readonly coloursOf: (master: MasterDocument) => readonly string[];
}

/** The storefront's four states from the stock area's five. */
export function shopStockState(state: StockAvailability): ShopStockState {
  switch (state) {
    case 'in_stock':
    case 'last_pieces':
      return 'in_stock';
    case 'in_store':
      return 'in_store_only';
    case 'on_order':
      return 'on_order';
    case 'unavailable':
      return 'sold_out';
    default:
      return assertNever(state, 'stock availability');
  }
}

export const qualityKeyOf = (quality: string, grade: string | null): string =>
  quality === 'used' && grade ? `used-${slugOf(grade)}` : quality;

const qualityNames = new Map<string, string>();

/** The quality's label in the language: a handful of labels, each translated once (i18next's lookup is dear per product). */
export function qualityNameOf(quality: string, grade: string | null, language: Language): string {
  const key = `${language}|${quality}|${grade ?? ''}`;
  let name = qualityNames.get(key);
  if (name === undefined) {
    if (quality === 'used' && grade) name = translate('catalogue.shop.quality.used_grade', language, { grade });
    else if (quality === 'new' || quality === 'newish' || quality === 'used')
      name = translate(`catalogue.shop.quality.${quality}`, language);
    else name = quality;
    qualityNames.set(key, name);
  }
  return name;
}

/** Whole units without VAT: what the price with VAT is at the product's rate. */
export const withoutVat = (price: number, vatRate: number): number => Math.round(price / (1 + vatRate / 100));

const NEVER = Number.POSITIVE_INFINITY;

export function entryOf(document: ShopProductDocument, context: EntryContext, now: Date): ShopEntry | null {
  const product = document.product;
  if (!product) return null;
  const master = context.masters.get(product.master_product_id);
  const at = now.toISOString();
  const pricing = document.prices[context.market];
  const applied = pricing ? priceAt(pricing.schedule, at) : null;
  const price = applied?.price ?? null;
  let validUntil = applied?.nextChangeAt ? new Date(applied.nextChangeAt).getTime() : NEVER;

  const flags = {
    preOrder: product.pre_order,
    externalStock: product.external_stock,
    discontinued: product.status === 'discontinued',
  };
  let state: StockAvailability;
  const storeAvailable: Record<string, number> = {};
  if (document.stock) {
    const view = productStockView(document.stock, context.locations, at);
    state = view.state;
    for (const row of view.locations) if (row.kind === 'store') storeAvailable[row.location] = Math.max(0, row.available);
    // A reservation stops counting at its expiry: the state may change then without an event.
    for (const row of view.locations)
      for (const held of row.reservations) validUntil = Math.min(validUntil, new Date(held.expires_at).getTime());
  } else state = availabilityOf([], flags).state;

  const onSale = product.status === 'active' && master !== undefined && price !== null;
  const colours = master ? context.coloursOf(master) : [];
  const photoIndex = product.colour ? Math.max(0, colours.indexOf(product.colour)) : 0;
  const imageId = master ? (master.photo_ids[photoIndex] ?? master.photo_ids[0] ?? null) : null;
  const params: Record<string, string> = {};
  const paramSlugs: Record<string, string> = {};
  for (const param of master?.params ?? []) {
    params[param.name] = param.value;
    paramSlugs[slugOf(param.name)] = slugOf(param.value);
  }
  return {
    code: product.code,
    seoBase: slugOf(
      [
        master?.seo_name ?? product.code,
        product.capacity,
        product.colour,
        product.quality === 'new' ? null : qualityKeyOf(product.quality, product.grade),
      ]
        .filter(Boolean)
        .join(' '),
    ),
    longName: product.long_name,
    shortName: product.short_name,
    masterId: product.master_product_id,
    masterSeoName: master?.seo_name ?? '',
    masterName: master?.name ?? product.long_name,
    manufacturerId: master?.manufacturer_id ?? '',
    manufacturerName: master ? context.manufacturerName(master.manufacturer_id) : '',
    typeDeviceId: master?.type_device_id ?? '',
    kind: product.kind,
    colour: product.colour,
    capacity: product.capacity,
    colourSlug: product.colour ? slugOf(product.colour) : null,
    capacitySlug: product.capacity ? slugOf(product.capacity) : null,
    quality: product.quality,
    grade: product.grade,
    qualityKey: qualityKeyOf(product.quality, product.grade),
    qualityName: qualityNameOf(product.quality, product.grade, context.language),
    vatRate: product.vat_rate,
    currency: currencyOf(context.market),
    price,
    priceWithoutVat: price === null ? null : withoutVat(price, product.vat_rate),
    originalPrice: applied?.reduced ? applied.regularPrice : null,
    lowestPrice30d: applied?.reduced ? applied.lowestPrice30d : null,
    stockState: shopStockState(state),
    storeAvailable,
    inSomeStore: Object.values(storeAvailable).some((available) => available > 0),
    imageId,
    createdAt: product.created_at,
    sold: document.sold,
    listed: onSale && LISTED_KINDS.has(product.kind),
    onSale,
    validUntil,
    params,
    paramSlugs,
  };
}

export const imageUrlOf = (imageId: string | null, size: 'thumb' | 'card' | 'detail' = 'card'): string | null =>
  imageId ? imageSizePath(imageId, size) : null;
