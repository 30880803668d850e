import type { Currency, Market } from '@buyloop/kit';
import { CONDITION_ROLES, CONDITION_TYPES, DEVICE_TYPES, QUALITIES, type DeviceType, type Quality } from '@buyloop/contracts';

/**
 * The buy-back catalogue (product spec section 3, issue 5 point 1): device
 * types → manufacturers → models → colour variants, each with an SEO slug,
 * and per model a versioned price list. Field names are snake_case where the
 * spec writes them, because they go to the HTTP API unchanged. Amounts are
 * whole units of the price list's currency (CZK or RON, no decimals).
 */

/** The grades a device can get, best first (spec section 9: sorted by quality weight); the API speaks the same words. */
export { QUALITIES, type Quality };

export const isQuality = (value: unknown): value is Quality =>
  typeof value === 'string' && (QUALITIES as readonly string[]).includes(value);

/** The weight of a quality: A+ weighs 5, D weighs 1; a heavier quality is a better device. */
export const qualityWeight = (quality: Quality): number => QUALITIES.length - QUALITIES.indexOf(quality);

/** A sort comparator that puts the better quality first: `[...qs].sort(compareQuality)` gives A+, A, B, C, D. */
export const compareQuality = (a: Quality, b: Quality): -1 | 0 | 1 => {
  const difference = qualityWeight(b) - qualityWeight(a);
  return difference < 0 ? -1 : difference > 0 ? 1 : 0;
};

/** The worse of two qualities (the one with the lower weight). */
export const worseQuality = (a: Quality, b: Quality): Quality => (qualityWeight(a) <= qualityWeight(b) ? a : b);

/** The device types buy-back takes. */
export { DEVICE_TYPES, type DeviceType };

export const isDeviceType = (value: unknown): value is DeviceType =>
  typeof value === 'string' && (DEVICE_TYPES as readonly string[]).includes(value);

export interface DeviceTypeEntry {
  readonly id: DeviceType;
  readonly label: string;
  readonly slug: string;
}

/**
 * Device type names and slugs per market. The phone category's name depends
 * on the market (spec section 1: the Romanian-variant flag), so the label
 * and the slug come from this table rather than from the translations.
 */
const deviceTypeEntries: Readonly<Record<Market, Readonly<Record<DeviceType, DeviceTypeEntry>>>> = {
  cz: {
    phone: { id: 'phone', label: 'Mobilní telefony', slug: 'mobilni-telefony' },
    tablet: { id: 'tablet', label: 'Tablety', slug: 'tablety' },
    smartwatch: { id: 'smartwatch', label: 'Chytré hodinky', slug: 'chytre-hodinky' },
  },
  ro: {
    phone: { id: 'phone', label: 'Telefoane', slug: 'telefoane' },
    tablet: { id: 'tablet', label: 'Tablete', slug: 'tablete' },
    smartwatch: { id: 'smartwatch', label: 'Ceasuri inteligente', slug: 'ceasuri-inteligente' },
  },
};

export const deviceTypeEntry = (type: DeviceType, market: Market): DeviceTypeEntry => deviceTypeEntries[market][type];

/** All device types of a market in display order. */
export const deviceTypesOf = (market: Market): readonly DeviceTypeEntry[] =>
  DEVICE_TYPES.map((type) => deviceTypeEntry(type, market));

/** An SEO slug: lower-case a–z, digits and single hyphens, neither first nor last (`iphone-13-128-gb`). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isSlug = (value: unknown): value is string => typeof value === 'string' && SLUG_PATTERN.test(value);

export interface Manufacturer {
  readonly id: string;
  readonly label: string;
  readonly slug: string;
  /** The device types the manufacturer is offered under. */
  readonly device_types: readonly DeviceType[];
}

/** A colour variant of a model; its id is the `device_identifier` a customer appraises and sells. */
export interface ColorVariant {
  readonly id: string;
  readonly label: string;
  readonly slug: string;
  /** Image URL or path of the variant. */
  readonly image: string;
  readonly image_alt: string;
}

export interface DeviceModel {
  readonly id: string;
  readonly device_type: DeviceType;
  readonly manufacturer_id: string;
  readonly label: string;
  readonly slug: string;
  readonly colors: readonly ColorVariant[];
}

/**
 * What a condition question is about. `original_charger` and `battery`
 * questions are ignored when choosing the quality (spec section 5), though
 * their price corrections still apply (spec section 9).
 */
export { CONDITION_ROLES };
export type ConditionRole = (typeof CONDITION_ROLES)[number];

/** How the storefront renders a question; either way exactly one choice is given. */
export { CONDITION_TYPES };
export type ConditionType = (typeof CONDITION_TYPES)[number];

export interface ConditionChoice {
  /** Unique within the whole price list: submissions are a flat list of values. */
  readonly value: string;
  readonly label: string;
  /** Whole units added to the quality's price; negative lowers it. */
  readonly price_correction: number;
  /**
   * The quality this answer implies; null when it implies none. On a
   * question that decides the quality, null means the quality is unknown
   * and the device cannot be bought.
   */
  readonly appraisal_result: Quality | null;
  /** A disabled answer is shown but means the device cannot be bought. */
  readonly disabled: boolean;
}

export interface DeviceCondition {
  readonly id: string;
  readonly name: string;
  readonly type: ConditionType;
  readonly role: ConditionRole;
  readonly choices: readonly ConditionChoice[];
}

/** One model's buy-back prices, published as a whole under a new `version`. */
export interface PriceList {
  readonly model_id: string;
  readonly currency: Currency;
  /** Positive integer, increased by every publication. */
  readonly version: number;
  /** Price per quality in whole units. */
  readonly prices: Readonly<Record<Quality, number>>;
  readonly device_conditions: readonly DeviceCondition[];
  /** Per quality, the choice values preselected when a customer opens the appraisal at that quality. */
  readonly default_device_condition_choices: Readonly<Record<Quality, readonly string[]>>;
  /** The final price is never lower (spec section 9). */
  readonly minimal_buyout_price: number;
  /** Bonus offered when the buy-back goes towards a purchase, in percent (0–100). */
  readonly bonus_percentage: number;
}

/** One market's buy-back catalogue. */
export interface BuyBackCatalogue {
  readonly market: Market;
  readonly manufacturers: readonly Manufacturer[];
  readonly models: readonly DeviceModel[];
  readonly price_lists: readonly PriceList[];
}
