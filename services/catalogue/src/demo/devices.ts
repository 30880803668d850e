import type { ColourKey } from './colours';

/**
 * The demo's devices: phones, tablets and smartwatches of real makers, with
 * the specifications the product pages show. Where the buy-back demo
 * (services/buy-back/src/demo) has the same model, the name here is its
 * label without the capacity, and `buyBack` marks the capacity whose short
 * name (`iPhone 15 Pro 128 GB`) equals the buy-back model's label, so a
 * device bought back and the same device sold again are one model.
 */

export type DeviceKind = 'phone' | 'tablet' | 'smartwatch';

export type MakerId =
  | 'apple'
  | 'samsung'
  | 'xiaomi'
  | 'google'
  | 'motorola'
  | 'honor'
  | 'nothing'
  | 'oneplus'
  | 'garmin'
  | 'anker'
  | 'belkin'
  | 'spigen'
  | 'jbl'
  | 'sony'
  | 'buyloop';

/**
 * A capacity (storage, or the case size of a watch) with the price a new
 * piece sells for in CZK and how the shop sells it: `n` new, `u` used or
 * newish (bought back and refurbished), `p` new only to pre-order, `b` the
 * capacity the buy-back demo lists.
 */
export type CapacityRow = readonly [capacity: string, newCzk: number, flags: string];

export interface DeviceSpec {
  /** Size in inches and panel, as the maker names it. */
  readonly display: string;
  readonly chipset: string;
  /** Operating memory in GB. */
  readonly ramGb: number;
  readonly camera: string;
  /** mAh for phones and tablets, the maker's endurance for watches. */
  readonly battery: string;
  readonly os: string;
  /** Weight of the device in grams. */
  readonly weightG: number;
  readonly water: string | null;
  readonly fiveG: boolean;
}

export interface DeviceRow {
  readonly kind: DeviceKind;
  readonly maker: MakerId;
  /** Without the maker unless the maker is part of the model's name (`Xiaomi 15`, `Apple Watch Ultra 2`). */
  readonly name: string;
  /** Written after the capacity (`iPad Air 11" (M2) 128 GB Wi-Fi`). */
  readonly suffix?: string;
  readonly year: number;
  readonly capacities: readonly CapacityRow[];
  readonly colours: readonly ColourKey[];
  readonly spec: DeviceSpec;
  /** Package width × height × depth in cm. */
  readonly box: readonly [number, number, number];
  /** Used variants to offer (default: 2 for a model sold used only, 1 otherwise). */
  readonly used?: number;
  /** Shipped from the supplier's stock by a parcel carrier (spec 4), not from ours. */
  readonly externalStock?: boolean;
}

const PHONE_BOX = [9, 17, 5] as const;
const BIG_PHONE_BOX = [9.5, 18, 5] as const;
const FOLD_BOX = [11, 18.5, 6.5] as const;
const TABLET_BOX = [19.5, 27, 4.5] as const;
const BIG_TABLET_BOX = [22, 31, 4.5] as const;
const MINI_TABLET_BOX = [15, 22, 4] as const;
const WATCH_BOX = [10, 14, 9] as const;

const IOS = 'iOS 26';
const ANDROID = 'Android 15';
const ANDROID_16 = 'Android 16';
const IPADOS = 'iPadOS 26';
const WATCHOS = 'watchOS 26';
const WEAR_OS = 'Wear OS 5';

const phone = (
  maker: MakerId,
  name: string,
  year: number,
  capacities: readonly CapacityRow[],
  colours: readonly ColourKey[],
  spec: DeviceSpec,
  extra: Partial<Pick<DeviceRow, 'box' | 'used' | 'externalStock' | 'suffix'>> = {},
): DeviceRow => ({ kind: 'phone', maker, name, year, capacities, colours, spec, box: PHONE_BOX, ...extra });

const spec = (
  display: string,
  chipset: string,
  ramGb: number,
  camera: string,
  battery: string,
  os: string,
  weightG: number,
  water: string | null = 'IP68',
  fiveG = true,
): DeviceSpec => ({ display, chipset, ramGb, camera, battery, os, weightG, water, fiveG });

const PRO_TITANIUM_15: readonly ColourKey[] = ['natural-titanium', 'blue-titanium', 'white-titanium', 'black-titanium'];
const PRO_TITANIUM_16: readonly ColourKey[] = ['desert-titanium', 'natural-titanium', 'white-titanium', 'black-titanium'];

export const PHONES: readonly DeviceRow[] = [
  // Apple
  phone(
    'apple',
    'iPhone 17 Pro Max',
    2025,
    [
      ['256 GB', 36_990, 'n'],
      ['512 GB', 42_990, 'n'],
      ['1 TB', 48_990, 'p'],
    ],
    ['cosmic-orange', 'deep-blue', 'silver'],
    spec('6,9" Super Retina XDR OLED, 120 Hz', 'Apple A19 Pro', 12, '48 + 48 + 48 Mpx', '5088 mAh', IOS, 231),
    { box: BIG_PHONE_BOX },
  ),
  phone(
    'apple',
    'iPhone 17 Pro',
    2025,
    [
      ['256 GB', 33_490, 'n'],
      ['512 GB', 39_490, 'n'],
    ],
    ['cosmic-orange', 'deep-blue', 'silver'],
    spec('6,3" Super Retina XDR OLED, 120 Hz', 'Apple A19 Pro', 12, '48 + 48 + 48 Mpx', '4252 mAh', IOS, 206),
  ),
  phone(
    'apple',
    'iPhone Air',
    2025,
    [
      ['256 GB', 30_990, 'n'],
      ['512 GB', 36_990, 'n'],
    ],
    ['space-black', 'white', 'light-gold', 'sky-blue'],
    spec('6,5" Super Retina XDR OLED, 120 Hz', 'Apple A19 Pro', 12, '48 Mpx', '3149 mAh', IOS, 165),
  ),
  phone(
    'apple',
    'iPhone 17',
    2025,
    [
      ['256 GB', 24_990, 'n'],
      ['512 GB', 30_990, 'n'],
    ],
    ['black', 'white', 'mist-blue', 'sage', 'lavender'],
    spec('6,3" Super Retina XDR OLED, 120 Hz', 'Apple A19', 8, '48 + 48 Mpx', '3692 mAh', IOS, 177),
  ),
  phone(
    'apple',
    'iPhone 16e',
    2025,
    [
      ['128 GB', 16_990, 'n'],
      ['256 GB', 19_990, 'n'],
    ],
    ['black', 'white'],
    spec('6,1" Super Retina XDR OLED', 'Apple A18', 8, '48 Mpx', '3961 mAh', IOS, 167),
  ),
  phone(
    'apple',
    'iPhone 16 Pro Max',
    2024,
    [['256 GB', 33_990, 'ub']],
    PRO_TITANIUM_16,
    spec('6,9" Super Retina XDR OLED, 120 Hz', 'Apple A18 Pro', 8, '48 + 48 + 12 Mpx', '4685 mAh', IOS, 227),
    { box: BIG_PHONE_BOX },
  ),
  phone(
    'apple',
    'iPhone 16 Pro',
    2024,
    [
      ['128 GB', 28_990, 'ub'],
      ['256 GB', 31_990, 'u'],
    ],
    PRO_TITANIUM_16,
    spec('6,3" Super Retina XDR OLED, 120 Hz', 'Apple A18 Pro', 8, '48 + 48 + 12 Mpx', '3582 mAh', IOS, 199),
  ),
  phone(
    'apple',
    'iPhone 16',
    2024,
    [
      ['128 GB', 20_990, 'nub'],
      ['256 GB', 23_990, 'n'],
    ],
    ['black', 'white', 'pink', 'teal', 'ultramarine'],
    spec('6,1" Super Retina XDR OLED', 'Apple A18', 8, '48 + 12 Mpx', '3561 mAh', IOS, 170),
  ),
  phone(
    'apple',
    'iPhone 15 Pro Max',
    2023,
    [['256 GB', 29_990, 'ub']],
    PRO_TITANIUM_15,
    spec('6,7" Super Retina XDR OLED, 120 Hz', 'Apple A17 Pro', 8, '48 + 12 + 12 Mpx', '4441 mAh', IOS, 221),
    { box: BIG_PHONE_BOX },
  ),
  phone(
    'apple',
    'iPhone 15 Pro',
    2023,
    [
      ['128 GB', 24_990, 'ub'],
      ['256 GB', 27_990, 'ub'],
    ],
    PRO_TITANIUM_15,
    spec('6,1" Super Retina XDR OLED, 120 Hz', 'Apple A17 Pro', 8, '48 + 12 + 12 Mpx', '3274 mAh', IOS, 187),
    { used: 3 },
  ),
  phone(
    'apple',
    'iPhone 15',
    2023,
    [['128 GB', 17_990, 'nub']],
    ['black', 'blue', 'green', 'yellow', 'pink'],
    spec('6,1" Super Retina XDR OLED', 'Apple A16 Bionic', 6, '48 + 12 Mpx', '3349 mAh', IOS, 171),
    { used: 2 },
  ),
  phone(
    'apple',
    'iPhone 14 Pro',
    2022,
    [['128 GB', 21_990, 'ub']],
    ['space-black', 'silver', 'gold', 'deep-purple'],
    spec('6,1" Super Retina XDR OLED, 120 Hz', 'Apple A16 Bionic', 6, '48 + 12 + 12 Mpx', '3200 mAh', IOS, 206),
  ),
  phone(
    'apple',
    'iPhone 14',
    2022,
    [['128 GB', 14_990, 'ub']],
    ['midnight', 'starlight', 'blue', 'purple', 'red'],
    spec('6,1" Super Retina XDR OLED', 'Apple A15 Bionic', 6, '12 + 12 Mpx', '3279 mAh', IOS, 172),
  ),
  phone(
    'apple',
    'iPhone 13',
    2021,
    [['128 GB', 12_990, 'ub']],
    ['midnight', 'starlight', 'blue', 'pink', 'red'],
    spec('6,1" Super Retina XDR OLED', 'Apple A15 Bionic', 4, '12 + 12 Mpx', '3240 mAh', IOS, 174),
    { used: 3 },
  ),
  phone(
    'apple',
    'iPhone 12',
    2020,
    [['64 GB', 9_990, 'ub']],
    ['black', 'white', 'blue', 'green', 'red'],
    spec('6,1" Super Retina XDR OLED', 'Apple A14 Bionic', 4, '12 + 12 Mpx', '2815 mAh', IOS, 164),
  ),
  phone(
    'apple',
    'iPhone 11',
    2019,
    [['64 GB', 7_990, 'ub']],
    ['black', 'white', 'purple', 'yellow', 'red'],
    spec('6,1" Liquid Retina LCD', 'Apple A13 Bionic', 4, '12 + 12 Mpx', '3110 mAh', IOS, 194, 'IP68', false),
    { used: 2 },
  ),
  phone(
    'apple',
    'iPhone SE (2022)',
    2022,
    [['64 GB', 6_990, 'ub']],
    ['midnight', 'starlight', 'red'],
    spec('4,7" Retina HD LCD', 'Apple A15 Bionic', 4, '12 Mpx', '2018 mAh', IOS, 144, 'IP67'),
    { used: 2 },
  ),
  // Samsung
  phone(
    'samsung',
    'Galaxy S25 Ultra',
    2025,
    [
      ['256 GB', 33_990, 'n'],
      ['512 GB', 37_490, 'n'],
    ],
    ['silverblue-titanium', 'black-titanium', 'grey-titanium', 'silver-titanium'],
    spec(
      '6,9" Dynamic AMOLED 2X, 120 Hz',
      'Snapdragon 8 Elite for Galaxy',
      12,
      '200 + 50 + 50 + 10 Mpx',
      '5000 mAh',
      ANDROID,
      218,
    ),
    { box: BIG_PHONE_BOX, used: 1 },
  ),
  phone(
    'samsung',
    'Galaxy S25',
    2025,
    [
      ['128 GB', 22_490, 'n'],
      ['256 GB', 23_990, 'n'],
    ],
    ['navy', 'ice-blue', 'mint', 'silver'],
    spec('6,2" Dynamic AMOLED 2X, 120 Hz', 'Snapdragon 8 Elite for Galaxy', 12, '50 + 12 + 10 Mpx', '4000 mAh', ANDROID, 162),
  ),
  phone(
    'samsung',
    'Galaxy S24 Ultra',
    2024,
    [['256 GB', 29_990, 'ub']],
    ['black-titanium', 'grey-titanium', 'violet-titanium'],
    spec(
      '6,8" Dynamic AMOLED 2X, 120 Hz',
      'Snapdragon 8 Gen 3 for Galaxy',
      12,
      '200 + 50 + 12 + 10 Mpx',
      '5000 mAh',
      ANDROID,
      232,
    ),
    { box: BIG_PHONE_BOX },
  ),
  phone(
    'samsung',
    'Galaxy S24+',
    2024,
    [['256 GB', 23_990, 'ub']],
    ['black', 'grey', 'purple'],
    spec('6,7" Dynamic AMOLED 2X, 120 Hz', 'Exynos 2400', 12, '50 + 12 + 10 Mpx', '4900 mAh', ANDROID, 196),
    { used: 2 },
  ),
  phone(
    'samsung',
    'Galaxy S24',
    2024,
    [['128 GB', 17_990, 'nub']],
    ['black', 'grey', 'purple', 'yellow'],
    spec('6,2" Dynamic AMOLED 2X, 120 Hz', 'Exynos 2400', 8, '50 + 12 + 10 Mpx', '4000 mAh', ANDROID, 167),
    { used: 2 },
  ),
  phone(
    'samsung',
    'Galaxy S23 Ultra',
    2023,
    [['256 GB', 24_990, 'ub']],
    ['black', 'cream', 'green', 'lavender'],
    spec(
      '6,8" Dynamic AMOLED 2X, 120 Hz',
      'Snapdragon 8 Gen 2 for Galaxy',
      12,
      '200 + 12 + 10 + 10 Mpx',
      '5000 mAh',
      ANDROID,
      234,
    ),
    { box: BIG_PHONE_BOX, used: 2 },
  ),
  phone(
    'samsung',
    'Galaxy S23',
    2023,
    [['128 GB', 14_990, 'ub']],
    ['black', 'cream', 'green', 'lavender'],
    spec('6,1" Dynamic AMOLED 2X, 120 Hz', 'Snapdragon 8 Gen 2 for Galaxy', 8, '50 + 12 + 10 Mpx', '3900 mAh', ANDROID, 168),
  ),
  phone(
    'samsung',
    'Galaxy Z Fold7',
    2025,
    [
      ['256 GB', 46_990, 'n'],
      ['512 GB', 49_990, 'p'],
    ],
    ['navy', 'silver', 'jet-black'],
    spec(
      '8,0" Dynamic AMOLED 2X + 6,5" vnější',
      'Snapdragon 8 Elite for Galaxy',
      12,
      '200 + 12 + 10 Mpx',
      '4400 mAh',
      ANDROID_16,
      215,
      'IP48',
    ),
    { box: FOLD_BOX },
  ),
  phone(
    'samsung',
    'Galaxy Z Flip7',
    2025,
    [
      ['256 GB', 28_990, 'n'],
      ['512 GB', 31_990, 'n'],
    ],
    ['navy', 'jet-black', 'coral'],
    spec('6,9" Dynamic AMOLED 2X + 4,1" vnější', 'Exynos 2500', 12, '50 + 12 Mpx', '4300 mAh', ANDROID_16, 188, 'IP48'),
    { box: FOLD_BOX },
  ),
  phone(
    'samsung',
    'Galaxy Z Flip5',
    2023,
    [['256 GB', 17_990, 'ub']],
    ['graphite', 'cream', 'lavender', 'mint'],
    spec(
      '6,7" Dynamic AMOLED 2X + 3,4" vnější',
      'Snapdragon 8 Gen 2 for Galaxy',
      8,
      '12 + 12 Mpx',
      '3700 mAh',
      ANDROID,
      187,
      'IPX8',
    ),
    { box: FOLD_BOX, used: 2 },
  ),
  phone(
    'samsung',
    'Galaxy A56 5G',
    2025,
    [
      ['128 GB', 10_490, 'n'],
      ['256 GB', 11_990, 'n'],
    ],
    ['dark-grey', 'light-grey', 'olive-green', 'pink'],
    spec('6,7" Super AMOLED, 120 Hz', 'Exynos 1580', 8, '50 + 12 + 5 Mpx', '5000 mAh', ANDROID, 198, 'IP67'),
  ),
  phone(
    'samsung',
    'Galaxy A55',
    2024,
    [['128 GB', 8_990, 'nub']],
    ['navy', 'ice-blue', 'lavender', 'yellow'],
    spec('6,6" Super AMOLED, 120 Hz', 'Exynos 1480', 8, '50 + 12 + 5 Mpx', '5000 mAh', ANDROID, 213, 'IP67'),
  ),
  phone(
    'samsung',
    'Galaxy A36 5G',
    2025,
    [['128 GB', 8_490, 'n']],
    ['black', 'white', 'lavender', 'lime'],
    spec('6,7" Super AMOLED, 120 Hz', 'Snapdragon 6 Gen 3', 6, '50 + 8 + 5 Mpx', '5000 mAh', ANDROID, 195, 'IP67'),
  ),
  phone(
    'samsung',
    'Galaxy A54',
    2023,
    [['128 GB', 7_990, 'ub']],
    ['black', 'white', 'lime', 'purple'],
    spec('6,4" Super AMOLED, 120 Hz', 'Exynos 1380', 8, '50 + 12 + 5 Mpx', '5000 mAh', ANDROID, 202, 'IP67'),
    { used: 2 },
  ),
  // Xiaomi
  phone(
    'xiaomi',
    'Xiaomi 15',
    2025,
    [
      ['256 GB', 22_990, 'n'],
      ['512 GB', 24_990, 'n'],
    ],
    ['black', 'white', 'green'],
    spec('6,36" AMOLED, 120 Hz', 'Snapdragon 8 Elite', 12, '50 + 50 + 60 Mpx (Leica)', '5240 mAh', ANDROID, 191),
  ),
  phone(
    'xiaomi',
    'Xiaomi 14T Pro',
    2024,
    [['512 GB', 17_990, 'n']],
    ['black', 'grey', 'blue'],
    spec('6,67" AMOLED, 144 Hz', 'MediaTek Dimensity 9300+', 12, '50 + 50 + 12 Mpx (Leica)', '5000 mAh', ANDROID, 209),
  ),
  phone(
    'xiaomi',
    'Xiaomi 14',
    2024,
    [['256 GB', 18_990, 'ub']],
    ['black', 'white', 'jade'],
    spec('6,36" AMOLED, 120 Hz', 'Snapdragon 8 Gen 3', 12, '50 + 50 + 50 Mpx (Leica)', '4610 mAh', ANDROID, 193),
    { used: 2 },
  ),
  phone(
    'xiaomi',
    'Redmi Note 14 Pro 5G',
    2025,
    [['256 GB', 8_490, 'n']],
    ['black', 'blue', 'purple'],
    spec('6,67" AMOLED, 120 Hz', 'MediaTek Dimensity 7300-Ultra', 8, '200 + 8 + 2 Mpx', '5110 mAh', ANDROID, 190),
  ),
  phone(
    'xiaomi',
    'Redmi Note 13 Pro 5G',
    2024,
    [['256 GB', 7_490, 'ub']],
    ['black', 'purple', 'teal'],
    spec('6,67" AMOLED, 120 Hz', 'Snapdragon 7s Gen 2', 8, '200 + 8 + 2 Mpx', '5100 mAh', ANDROID, 187, 'IP54'),
    { used: 2 },
  ),
  // Google
  phone(
    'google',
    'Pixel 10 Pro',
    2025,
    [
      ['128 GB', 27_990, 'n'],
      ['256 GB', 30_490, 'n'],
    ],
    ['obsidian', 'porcelain', 'moonstone', 'jade'],
    spec('6,3" Super Actua LTPO OLED, 120 Hz', 'Google Tensor G5', 16, '50 + 48 + 48 Mpx', '4870 mAh', ANDROID_16, 207),
  ),
  phone(
    'google',
    'Pixel 10',
    2025,
    [['128 GB', 21_990, 'n']],
    ['obsidian', 'frost', 'indigo', 'lemongrass'],
    spec('6,3" Actua OLED, 120 Hz', 'Google Tensor G5', 12, '48 + 13 + 10,8 Mpx', '4970 mAh', ANDROID_16, 204),
  ),
  phone(
    'google',
    'Pixel 9a',
    2025,
    [['128 GB', 12_990, 'n']],
    ['obsidian', 'porcelain', 'iris', 'peony'],
    spec('6,3" Actua pOLED, 120 Hz', 'Google Tensor G4', 8, '48 + 13 Mpx', '5100 mAh', ANDROID, 186),
  ),
  phone(
    'google',
    'Pixel 9 Pro',
    2024,
    [['128 GB', 24_990, 'ub']],
    ['obsidian', 'porcelain', 'hazel', 'rose'],
    spec('6,3" Super Actua LTPO OLED, 120 Hz', 'Google Tensor G4', 16, '50 + 48 + 48 Mpx', '4700 mAh', ANDROID, 199),
    { used: 2 },
  ),
  phone(
    'google',
    'Pixel 9',
    2024,
    [['128 GB', 19_990, 'nub']],
    ['obsidian', 'porcelain', 'pink', 'green'],
    spec('6,3" Actua OLED, 120 Hz', 'Google Tensor G4', 12, '50 + 48 Mpx', '4700 mAh', ANDROID, 198),
  ),
  phone(
    'google',
    'Pixel 8a',
    2024,
    [['128 GB', 10_990, 'ub']],
    ['obsidian', 'porcelain', 'light-blue', 'green'],
    spec('6,1" Actua OLED, 120 Hz', 'Google Tensor G3', 8, '64 + 13 Mpx', '4492 mAh', ANDROID, 188, 'IP67'),
    { used: 2 },
  ),
  // Motorola
  phone(
    'motorola',
    'Edge 50 Pro',
    2024,
    [['512 GB', 11_990, 'nub']],
    ['black', 'lavender', 'pearl'],
    spec('6,7" pOLED, 144 Hz', 'Snapdragon 7 Gen 3', 12, '50 + 13 + 10 Mpx', '4500 mAh', ANDROID, 186),
  ),
  phone(
    'motorola',
    'razr 50 ultra',
    2024,
    [['512 GB', 24_990, 'n']],
    ['midnight-blue', 'green', 'peach'],
    spec('6,9" pOLED, 165 Hz + 4,0" vnější', 'Snapdragon 8s Gen 3', 12, '50 + 50 Mpx', '4000 mAh', ANDROID, 189, 'IPX8'),
    { box: FOLD_BOX },
  ),
  phone(
    'motorola',
    'moto g54 5G',
    2023,
    [['256 GB', 4_490, 'ub']],
    ['navy', 'mint', 'pearl'],
    spec('6,5" IPS LCD, 120 Hz', 'MediaTek Dimensity 7020', 8, '50 + 8 Mpx', '5000 mAh', ANDROID, 177, 'IP52'),
    { used: 2 },
  ),
  // Honor
  phone(
    'honor',
    'Magic7 Pro',
    2025,
    [['512 GB', 29_990, 'n']],
    ['black', 'grey', 'light-blue'],
    spec('6,8" LTPO OLED, 120 Hz', 'Snapdragon 8 Elite', 12, '50 + 50 + 200 Mpx', '5270 mAh', ANDROID, 223),
  ),
  phone(
    'honor',
    'Magic V3',
    2024,
    [['512 GB', 44_990, 'n']],
    ['black', 'dark-green'],
    spec('7,92" OLED + 6,43" vnější', 'Snapdragon 8 Gen 3', 12, '50 + 40 + 50 Mpx', '5150 mAh', ANDROID, 226, 'IPX8'),
    { box: FOLD_BOX, externalStock: true },
  ),
  phone(
    'honor',
    'Honor 200',
    2024,
    [['512 GB', 12_490, 'n']],
    ['black', 'white', 'dark-green'],
    spec('6,7" OLED, 120 Hz', 'Snapdragon 7 Gen 3', 12, '50 + 50 + 12 Mpx', '5200 mAh', ANDROID, 187, null),
  ),
  // Nothing
  phone(
    'nothing',
    'Phone (3)',
    2025,
    [
      ['256 GB', 20_990, 'n'],
      ['512 GB', 23_990, 'n'],
    ],
    ['black', 'white'],
    spec('6,67" AMOLED, 120 Hz', 'Snapdragon 8s Gen 4', 12, '50 + 50 + 50 Mpx', '5150 mAh', ANDROID, 218),
  ),
  phone(
    'nothing',
    'Phone (3a)',
    2025,
    [
      ['128 GB', 8_990, 'n'],
      ['256 GB', 9_990, 'n'],
    ],
    ['black', 'white', 'blue'],
    spec('6,77" AMOLED, 120 Hz', 'Snapdragon 7s Gen 3', 8, '50 + 50 + 8 Mpx', '5000 mAh', ANDROID, 201, 'IP64'),
  ),
  phone(
    'nothing',
    'Phone (2a)',
    2024,
    [['128 GB', 7_490, 'ub']],
    ['black', 'white'],
    spec('6,7" AMOLED, 120 Hz', 'MediaTek Dimensity 7200 Pro', 8, '50 + 50 Mpx', '5000 mAh', ANDROID, 190, 'IP54'),
    { used: 2 },
  ),
  phone(
    'nothing',
    'Phone (2)',
    2023,
    [['256 GB', 12_990, 'ub']],
    ['white', 'grey'],
    spec('6,7" LTPO OLED, 120 Hz', 'Snapdragon 8+ Gen 1', 12, '50 + 50 Mpx', '4700 mAh', ANDROID, 201, 'IP54'),
    { used: 2 },
  ),
  // OnePlus
  phone(
    'oneplus',
    'OnePlus 13',
    2025,
    [
      ['256 GB', 24_990, 'n'],
      ['512 GB', 27_990, 'n'],
    ],
    ['black', 'white', 'midnight-blue'],
    spec('6,82" LTPO AMOLED, 120 Hz', 'Snapdragon 8 Elite', 12, '50 + 50 + 50 Mpx (Hasselblad)', '6000 mAh', ANDROID, 213),
  ),
  phone(
    'oneplus',
    'OnePlus 13R',
    2025,
    [['256 GB', 15_990, 'n']],
    ['black', 'silver'],
    spec('6,78" AMOLED, 120 Hz', 'Snapdragon 8 Gen 3', 12, '50 + 50 + 8 Mpx', '6000 mAh', ANDROID, 206, 'IP65'),
  ),
  phone(
    'oneplus',
    'OnePlus 12',
    2024,
    [['256 GB', 17_990, 'ub']],
    ['black', 'green'],
    spec(
      '6,82" LTPO AMOLED, 120 Hz',
      'Snapdragon 8 Gen 3',
      12,
      '50 + 64 + 48 Mpx (Hasselblad)',
      '5400 mAh',
      ANDROID,
      220,
      'IP65',
    ),
    { used: 2 },
  ),
];

const tablet = (
  maker: MakerId,
  name: string,
  year: number,
  capacities: readonly CapacityRow[],
  colours: readonly ColourKey[],
  deviceSpec: DeviceSpec,
  extra: Partial<Pick<DeviceRow, 'box' | 'used' | 'externalStock' | 'suffix'>> = {},
): DeviceRow => ({ kind: 'tablet', maker, name, year, capacities, colours, spec: deviceSpec, box: TABLET_BOX, ...extra });

const WIFI = { suffix: ' Wi-Fi' } as const;

export const TABLETS: readonly DeviceRow[] = [
  tablet(
    'apple',
    'iPad Pro 11" (M4)',
    2024,
    [
      ['256 GB', 29_990, 'nub'],
      ['512 GB', 35_990, 'n'],
    ],
    ['space-black', 'silver'],
    spec('11" Ultra Retina XDR OLED, 120 Hz', 'Apple M4', 8, '12 Mpx', '8160 mAh', IPADOS, 444, null, false),
    WIFI,
  ),
  tablet(
    'apple',
    'iPad Air 11" (M3)',
    2025,
    [
      ['128 GB', 16_990, 'n'],
      ['256 GB', 19_990, 'n'],
    ],
    ['space-grey', 'blue', 'purple', 'starlight'],
    spec('11" Liquid Retina', 'Apple M3', 8, '12 Mpx', '7606 mAh', IPADOS, 460, null, false),
    WIFI,
  ),
  tablet(
    'apple',
    'iPad Air 11" (M2)',
    2024,
    [['128 GB', 16_490, 'ub']],
    ['space-grey', 'blue', 'purple', 'starlight'],
    spec('11" Liquid Retina', 'Apple M2', 8, '12 Mpx', '7606 mAh', IPADOS, 462, null, false),
    { ...WIFI, used: 2 },
  ),
  tablet(
    'apple',
    'iPad (A16)',
    2025,
    [
      ['128 GB', 9_990, 'n'],
      ['256 GB', 12_990, 'n'],
    ],
    ['silver', 'blue', 'pink', 'yellow'],
    spec('11" Liquid Retina', 'Apple A16', 6, '12 Mpx', '7606 mAh', IPADOS, 477, null, false),
    WIFI,
  ),
  tablet(
    'apple',
    'iPad (2022)',
    2022,
    [['64 GB', 10_990, 'ub']],
    ['silver', 'blue', 'pink', 'yellow'],
    spec('10,9" Liquid Retina', 'Apple A14 Bionic', 4, '12 Mpx', '7606 mAh', IPADOS, 477, null, false),
    { ...WIFI, used: 2 },
  ),
  tablet(
    'apple',
    'iPad (2021)',
    2021,
    [['64 GB', 8_990, 'ub']],
    ['space-grey', 'silver'],
    spec('10,2" Retina', 'Apple A13 Bionic', 3, '8 Mpx', '8557 mAh', IPADOS, 487, null, false),
    { ...WIFI, used: 2 },
  ),
  tablet(
    'apple',
    'iPad mini (A17 Pro)',
    2024,
    [
      ['128 GB', 14_990, 'n'],
      ['256 GB', 17_990, 'n'],
    ],
    ['space-grey', 'blue', 'purple', 'starlight'],
    spec('8,3" Liquid Retina', 'Apple A17 Pro', 8, '12 Mpx', '5078 mAh', IPADOS, 293, null, false),
    { ...WIFI, box: MINI_TABLET_BOX },
  ),
  tablet(
    'apple',
    'iPad mini (2021)',
    2021,
    [['64 GB', 11_990, 'ub']],
    ['space-grey', 'pink', 'purple', 'starlight'],
    spec('8,3" Liquid Retina', 'Apple A15 Bionic', 4, '12 Mpx', '5124 mAh', IPADOS, 293, null, false),
    { ...WIFI, box: MINI_TABLET_BOX, used: 2 },
  ),
  tablet(
    'samsung',
    'Galaxy Tab S10+',
    2024,
    [['256 GB', 27_990, 'n']],
    ['grey', 'silver'],
    spec(
      '12,4" Dynamic AMOLED 2X, 120 Hz',
      'MediaTek Dimensity 9300+',
      12,
      '13 + 8 Mpx',
      '10090 mAh',
      ANDROID,
      571,
      'IP68',
      false,
    ),
    { ...WIFI, box: BIG_TABLET_BOX },
  ),
  tablet(
    'samsung',
    'Galaxy Tab S9',
    2023,
    [['128 GB', 19_990, 'ub']],
    ['graphite', 'beige'],
    spec('11" Dynamic AMOLED 2X, 120 Hz', 'Snapdragon 8 Gen 2 for Galaxy', 8, '13 Mpx', '8400 mAh', ANDROID, 498, 'IP68', false),
    { ...WIFI, used: 2 },
  ),
  tablet(
    'samsung',
    'Galaxy Tab S9 FE',
    2023,
    [['128 GB', 9_990, 'nub']],
    ['grey', 'silver', 'mint', 'lavender'],
    spec('10,9" TFT LCD, 90 Hz', 'Exynos 1380', 6, '8 Mpx', '8000 mAh', ANDROID, 523, 'IP68', false),
    WIFI,
  ),
  tablet(
    'samsung',
    'Galaxy Tab A9+',
    2023,
    [
      ['64 GB', 4_990, 'nub'],
      ['128 GB', 5_990, 'n'],
    ],
    ['graphite', 'silver', 'navy'],
    spec('11" TFT LCD, 90 Hz', 'Snapdragon 695', 4, '8 Mpx', '7040 mAh', ANDROID, 480, null, false),
    WIFI,
  ),
  tablet(
    'xiaomi',
    'Xiaomi Pad 7',
    2024,
    [
      ['128 GB', 9_490, 'n'],
      ['256 GB', 10_490, 'n'],
    ],
    ['graphite', 'sage', 'blue'],
    spec('11,2" LCD 3.2K, 144 Hz', 'Snapdragon 7+ Gen 3', 8, '13 Mpx', '8850 mAh', ANDROID, 500, null, false),
  ),
  tablet(
    'xiaomi',
    'Xiaomi Pad 6',
    2023,
    [['128 GB', 8_990, 'ub']],
    ['grey', 'blue', 'champagne'],
    spec('11" LCD 2.8K, 144 Hz', 'Snapdragon 870', 6, '13 Mpx', '8840 mAh', ANDROID, 490, null, false),
    { used: 2 },
  ),
  tablet(
    'xiaomi',
    'Redmi Pad SE',
    2023,
    [['128 GB', 4_490, 'nub']],
    ['graphite', 'mint', 'lavender'],
    spec('11" LCD, 90 Hz', 'Snapdragon 680', 4, '8 Mpx', '8000 mAh', ANDROID, 478, null, false),
  ),
  tablet(
    'honor',
    'Honor Pad 9',
    2024,
    [['256 GB', 7_990, 'n']],
    ['grey', 'blue'],
    spec('12,1" LCD 2.5K, 120 Hz', 'Snapdragon 6 Gen 1', 8, '13 Mpx', '8300 mAh', ANDROID, 555, null, false),
    { box: BIG_TABLET_BOX },
  ),
];

const watch = (
  maker: MakerId,
  name: string,
  year: number,
  capacities: readonly CapacityRow[],
  colours: readonly ColourKey[],
  deviceSpec: DeviceSpec,
  extra: Partial<Pick<DeviceRow, 'box' | 'used' | 'externalStock' | 'suffix'>> = {},
): DeviceRow => ({ kind: 'smartwatch', maker, name, year, capacities, colours, spec: deviceSpec, box: WATCH_BOX, ...extra });

export const WATCHES: readonly DeviceRow[] = [
  watch(
    'apple',
    'Apple Watch Ultra 2',
    2023,
    [['49 mm', 22_990, 'nub']],
    ['natural-titanium', 'black-titanium'],
    spec('1,92" LTPO2 OLED Retina, 3000 nitů', 'Apple S9 SiP', 1, '–', 'až 36 h', WATCHOS, 61.4, 'WR100', false),
  ),
  watch(
    'apple',
    'Apple Watch Series 10',
    2024,
    [
      ['42 mm', 11_490, 'n'],
      ['46 mm', 12_290, 'n'],
    ],
    ['jet-black', 'rose-gold', 'silver'],
    spec('LTPO3 OLED Retina, 2000 nitů', 'Apple S10 SiP', 1, '–', 'až 18 h', WATCHOS, 36.4, 'WR50', false),
  ),
  watch(
    'apple',
    'Apple Watch Series 9',
    2023,
    [['45 mm', 11_990, 'ub']],
    ['midnight', 'starlight', 'silver', 'pink', 'red'],
    spec('LTPO OLED Retina, 2000 nitů', 'Apple S9 SiP', 1, '–', 'až 18 h', WATCHOS, 38.7, 'WR50', false),
    { used: 3 },
  ),
  watch(
    'apple',
    'Apple Watch Series 8',
    2022,
    [['41 mm', 9_990, 'ub']],
    ['midnight', 'starlight', 'silver', 'red'],
    spec('LTPO OLED Retina, 1000 nitů', 'Apple S8 SiP', 1, '–', 'až 18 h', WATCHOS, 32.2, 'WR50', false),
    { used: 2 },
  ),
  watch(
    'apple',
    'Apple Watch SE (2022)',
    2022,
    [
      ['40 mm', 6_490, 'nub'],
      ['44 mm', 7_290, 'n'],
    ],
    ['midnight', 'starlight', 'silver'],
    spec('LTPO OLED Retina, 1000 nitů', 'Apple S8 SiP', 1, '–', 'až 18 h', WATCHOS, 26.4, 'WR50', false),
  ),
  watch(
    'samsung',
    'Galaxy Watch Ultra',
    2024,
    [['47 mm', 16_990, 'n']],
    ['grey-titanium', 'white-titanium', 'silver-titanium'],
    spec('1,5" Super AMOLED, 3000 nitů', 'Exynos W1000', 2, '–', '590 mAh, až 60 h', WEAR_OS, 60.5, 'IP68, 10 ATM', false),
  ),
  watch(
    'samsung',
    'Galaxy Watch7',
    2024,
    [
      ['40 mm', 7_490, 'n'],
      ['44 mm', 7_990, 'n'],
    ],
    ['green', 'silver'],
    spec('1,47" Super AMOLED', 'Exynos W1000', 2, '–', '425 mAh, až 40 h', WEAR_OS, 33.8, 'IP68, 5 ATM', false),
  ),
  watch(
    'samsung',
    'Galaxy Watch6 Classic',
    2023,
    [['47 mm', 9_990, 'ub']],
    ['black', 'silver'],
    spec('1,5" Super AMOLED', 'Exynos W930', 2, '–', '425 mAh, až 40 h', WEAR_OS, 59, 'IP68, 5 ATM', false),
    { used: 2 },
  ),
  watch(
    'samsung',
    'Galaxy Watch6',
    2023,
    [['44 mm', 7_990, 'ub']],
    ['graphite', 'silver'],
    spec('1,5" Super AMOLED', 'Exynos W930', 2, '–', '425 mAh, až 40 h', WEAR_OS, 33.3, 'IP68, 5 ATM', false),
    { used: 2 },
  ),
  watch(
    'google',
    'Pixel Watch 3',
    2024,
    [
      ['41 mm', 9_990, 'n'],
      ['45 mm', 10_990, 'n'],
    ],
    ['black', 'silver', 'champagne'],
    spec('Actua AMOLED LTPO, 2000 nitů', 'Qualcomm SW5100', 2, '–', 'až 24 h', WEAR_OS, 31, 'IP68, 5 ATM', false),
  ),
  watch(
    'google',
    'Pixel Watch 2',
    2023,
    [['41 mm', 8_490, 'ub']],
    ['black', 'silver', 'champagne'],
    spec('AMOLED, 1000 nitů', 'Qualcomm SW5100', 2, '–', 'až 24 h', WEAR_OS, 31, 'IP68, 5 ATM', false),
    { used: 2 },
  ),
  watch(
    'garmin',
    'Forerunner 265',
    2023,
    [['46 mm', 10_990, 'n']],
    ['black', 'whitestone', 'aqua'],
    spec('1,3" AMOLED', 'Garmin', 0, '–', 'až 13 dní', 'Garmin OS', 47, '5 ATM', false),
  ),
  watch(
    'garmin',
    'fēnix 8 AMOLED',
    2024,
    [['47 mm', 27_990, 'n']],
    ['slate-grey', 'silver'],
    spec('1,4" AMOLED, safírové sklo', 'Garmin', 0, '–', 'až 16 dní', 'Garmin OS', 78, '10 ATM', false),
    { externalStock: true },
  ),
  watch(
    'garmin',
    'Venu 3',
    2023,
    [['45 mm', 11_490, 'n']],
    ['slate-grey', 'silver'],
    spec('1,4" AMOLED', 'Garmin', 0, '–', 'až 14 dní', 'Garmin OS', 47, '5 ATM', false),
  ),
  watch(
    'xiaomi',
    'Xiaomi Watch 2 Pro',
    2023,
    [['46 mm', 6_990, 'nub']],
    ['black', 'silver'],
    spec('1,43" AMOLED', 'Snapdragon W5+ Gen 1', 2, '–', '495 mAh, až 65 h', 'Wear OS 4', 54.5, '5 ATM', false),
  ),
];

export const DEVICES: readonly DeviceRow[] = [...PHONES, ...TABLETS, ...WATCHES];
