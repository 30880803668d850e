import { currencyOf, type Market } from '@buyloop/kit';
import {
  ACCESSORIES,
  IN_EAR_FORM,
  SERVICES,
  type AccessoryKind,
  type AccessoryParamKey,
  type AccessoryRow,
  type Connector,
} from './accessories';
import { demoCategories } from './categories';
import { colourOf, type ColourKey } from './colours';
import { DEVICES, type DeviceKind, type DeviceRow, type MakerId } from './devices';
import { inStoreEan } from './ean';
import { shelfPrice, shelfPriceBelow } from './money';
import { seededRandom, type Random } from './random';
import type {
  DemoAssignment,
  DemoAttributeName,
  DemoColour,
  DemoDataSet,
  DemoImage,
  DemoManufacturer,
  DemoMaster,
  DemoMetaMaster,
  DemoOffer,
  DemoParam,
  DemoPrice,
  DemoDrawing,
  DemoPricePoint,
  DemoProduct,
  DemoProductKind,
  DemoRelations,
  DemoStock,
  DemoTypeDevice,
  DemoTypeDeviceId,
  DemoUnit,
  DemoGrade,
  DemoParamType,
  DemoQuality,
} from './types';

/**
 * The catalogue's demo data set of a market (issue 13 point 6): about 300
 * sellable products of real makers, their models, categories, relations,
 * prices with a history and stock, built from the tables in devices.ts and
 * accessories.ts. Pure and deterministic: the same market and clock give
 * the same data; every random choice is seeded by what it is about.
 */

type Texts = Readonly<Record<Market, string>>;

const DAY_MS = 86_400_000;

const MAKERS: Readonly<Record<MakerId, string>> = {
  apple: 'Apple',
  samsung: 'Samsung',
  xiaomi: 'Xiaomi',
  google: 'Google',
  motorola: 'Motorola',
  honor: 'Honor',
  nothing: 'Nothing',
  oneplus: 'OnePlus',
  garmin: 'Garmin',
  anker: 'Anker',
  belkin: 'Belkin',
  spigen: 'Spigen',
  jbl: 'JBL',
  sony: 'Sony',
  buyloop: 'Buyloop',
};

const TYPE_DEVICES: Readonly<Record<DemoTypeDeviceId, Texts & { readonly seo: Texts }>> = {
  phone: { cz: 'Mobilní telefony', ro: 'Telefoane', seo: { cz: 'mobilni-telefony', ro: 'telefoane' } },
  tablet: { cz: 'Tablety', ro: 'Tablete', seo: { cz: 'tablety', ro: 'tablete' } },
  smartwatch: { cz: 'Chytré hodinky', ro: 'Ceasuri inteligente', seo: { cz: 'chytre-hodinky', ro: 'ceasuri-inteligente' } },
  charger: { cz: 'Nabíječky', ro: 'Încărcătoare', seo: { cz: 'nabijecky', ro: 'incarcatoare' } },
  case: { cz: 'Kryty a pouzdra', ro: 'Huse', seo: { cz: 'kryty-a-pouzdra', ro: 'huse' } },
  cable: { cz: 'Kabely', ro: 'Cabluri', seo: { cz: 'kabely', ro: 'cabluri' } },
  headphones: { cz: 'Sluchátka', ro: 'Căști', seo: { cz: 'sluchatka', ro: 'casti' } },
  insurance: { cz: 'Pojištění', ro: 'Asigurări', seo: { cz: 'pojisteni', ro: 'asigurari' } },
  warranty: { cz: 'Prodloužená záruka', ro: 'Garanție extinsă', seo: { cz: 'prodlouzena-zaruka', ro: 'garantie-extinsa' } },
};

const UNITS: Readonly<Record<DemoUnit['id'], Readonly<Record<Market, readonly [string, string]>>>> = {
  piece: { cz: ['Kus', 'ks'], ro: ['Bucată', 'buc.'] },
  gram: { cz: ['Gram', 'g'], ro: ['Gram', 'g'] },
  gigabyte: { cz: ['Gigabajt', 'GB'], ro: ['Gigaoctet', 'GB'] },
  month: { cz: ['Měsíc', 'měs.'], ro: ['Lună', 'luni'] },
};

type DeviceParamKey = 'display' | 'chipset' | 'ram' | 'camera' | 'battery' | 'os' | 'weight' | 'water' | 'five-g' | 'size';
type ServiceParamKey = 'coverage' | 'duration';
type ParamKey = DeviceParamKey | AccessoryParamKey | ServiceParamKey;

const PARAM_NAMES: Readonly<Record<ParamKey, Texts>> = {
  display: { cz: 'Displej', ro: 'Ecran' },
  chipset: { cz: 'Čipset', ro: 'Chipset' },
  ram: { cz: 'Operační paměť (GB)', ro: 'Memorie RAM (GB)' },
  camera: { cz: 'Hlavní fotoaparát', ro: 'Cameră principală' },
  battery: { cz: 'Baterie', ro: 'Baterie' },
  os: { cz: 'Operační systém', ro: 'Sistem de operare' },
  weight: { cz: 'Hmotnost (g)', ro: 'Greutate (g)' },
  water: { cz: 'Odolnost', ro: 'Rezistență' },
  'five-g': { cz: 'Podpora 5G', ro: 'Suport 5G' },
  size: { cz: 'Velikost pouzdra', ro: 'Dimensiune carcasă' },
  power: { cz: 'Výkon', ro: 'Putere' },
  connector: { cz: 'Konektor', ro: 'Conector' },
  length: { cz: 'Délka kabelu', ro: 'Lungime cablu' },
  material: { cz: 'Materiál', ro: 'Material' },
  magsafe: { cz: 'MagSafe', ro: 'MagSafe' },
  anc: { cz: 'Aktivní potlačení hluku', ro: 'Anulare activă a zgomotului' },
  playtime: { cz: 'Výdrž (s pouzdrem)', ro: 'Autonomie (cu carcasa)' },
  form: { cz: 'Konstrukce', ro: 'Tip' },
  wireless: { cz: 'Bezdrátové', ro: 'Wireless' },
  compatibility: { cz: 'Kompatibilita', ro: 'Compatibilitate' },
  coverage: { cz: 'Pojistné krytí', ro: 'Acoperire' },
  duration: { cz: 'Doba platnosti (měsíce)', ro: 'Durată (luni)' },
};

/** The unit an attribute's values are in, where it has one. */
const PARAM_UNITS: Readonly<Partial<Record<ParamKey, DemoUnit['id']>>> = { ram: 'gigabyte', weight: 'gram', duration: 'month' };

/** The few Czech words in the device tables' specifications, in Romanian. */
const SPEC_WORDS_RO: readonly (readonly [string, string])[] = [
  [' vnější', ' exterior'],
  ['nitů', 'niți'],
  ['až ', 'până la '],
  [' dní', ' zile'],
  ['safírové sklo', 'sticlă de safir'],
];
const localSpec = (text: string, market: Market): string =>
  market === 'cz' ? text : SPEC_WORDS_RO.reduce((result, [cz, ro]) => result.replaceAll(cz, ro), text);

const QUALITY_WORDS: Readonly<Record<Exclude<DemoQuality, 'new'>, Texts>> = {
  newish: { cz: 'rozbalené', ro: 'resigilat' },
  used: { cz: 'použité, stav', ro: 'second-hand, grad' },
};

/** The used price's share of the new one per grade, and the newish (unpacked) one's. */
const GRADE_SHARE: Readonly<Record<DemoGrade, number>> = { 'A+': 0.82, A: 0.76, B: 0.68, C: 0.59, D: 0.48 };
const NEWISH_SHARE = 0.9;
/** How often each grade comes back from the buy-back: most devices are A or B. */
const GRADE_WEIGHTS: readonly (readonly [DemoGrade, number])[] = [
  ['A+', 0.15],
  ['A', 0.3],
  ['B', 0.3],
  ['C', 0.17],
  ['D', 0.08],
];

const VAT_RATE: Readonly<Record<Market, number>> = { cz: 21, ro: 21 };
const LEGAL_WARRANTY_NEW = 24;
/** Both markets let a seller agree on half the legal warranty for used goods. */
const LEGAL_WARRANTY_USED = 12;

const KIND_OF_TYPE: Readonly<Record<DemoTypeDeviceId, DemoProductKind>> = {
  phone: 'device',
  tablet: 'device',
  smartwatch: 'device',
  charger: 'accessory',
  case: 'accessory',
  cable: 'accessory',
  headphones: 'accessory',
  insurance: 'insurance',
  warranty: 'warranty_extension',
};

const CODE_BASE: Readonly<Record<DemoTypeDeviceId, number>> = {
  phone: 100_000,
  tablet: 200_000,
  smartwatch: 300_000,
  charger: 400_000,
  case: 410_000,
  cable: 420_000,
  headphones: 430_000,
  insurance: 900_000,
  warranty: 910_000,
};

/** `iPhone 15 Pro` → `iphone-15-pro`; `Galaxy S24+` → `galaxy-s24-plus`; diacritics dropped (as the buy-back demo does). */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const namesMaker = (maker: MakerId, name: string): boolean => name.startsWith(`${MAKERS[maker]} `);
/** The model's id as the buy-back demo forms it (maker first unless the name already says it), without the capacity. */
const modelId = (maker: MakerId, name: string): string => (namesMaker(maker, name) ? slugify(name) : `${maker}-${slugify(name)}`);
const fullName = (maker: MakerId, name: string): string => (namesMaker(maker, name) ? name : `${MAKERS[maker]} ${name}`);

const iso = (now: Date, daysFromNow: number, hours = 0): string =>
  new Date(now.getTime() + daysFromNow * DAY_MS + hours * 3_600_000).toISOString();

function weightedGrade(random: Random): DemoGrade {
  let roll = random.next();
  for (const [grade, weight] of GRADE_WEIGHTS) {
    if (roll < weight) return grade;
    roll -= weight;
  }
  return 'B';
}

const connectorOf = (row: DeviceRow): Connector | null => {
  if (row.kind === 'smartwatch') return null;
  return /^iPhone (1[1-4]|SE)\b|^iPad \(2021\)/.test(row.name) ? 'lightning' : 'usb-c';
};

interface Builder {
  readonly market: Market;
  readonly now: Date;
  readonly masters: DemoMaster[];
  readonly products: DemoProduct[];
  readonly images: DemoImage[];
  readonly prices: DemoPrice[];
  readonly stock: DemoStock[];
  /** New CZK price per product code: relations pick the insurance tier by it. */
  readonly newCzk: Map<string, number>;
  readonly nextCode: Map<DemoTypeDeviceId, number>;
}

function nextCode(builder: Builder, type: DemoTypeDeviceId): string {
  const next = (builder.nextCode.get(type) ?? CODE_BASE[type]) + 1;
  builder.nextCode.set(type, next);
  return String(next);
}

const param = (key: ParamKey, value: string, type: DemoParamType, market: Market): DemoParam => ({
  attributeId: key,
  name: PARAM_NAMES[key][market],
  value,
  type,
});

function deviceParams(row: DeviceRow, market: Market): DemoParam[] {
  const { spec } = row;
  const params = [
    param('display', localSpec(spec.display, market), 'text', market),
    param('chipset', spec.chipset, 'text', market),
    ...(spec.ramGb > 0 ? [param('ram', String(spec.ramGb), 'number', market)] : []),
    ...(spec.camera !== '–' ? [param('camera', spec.camera, 'text', market)] : []),
    param('battery', localSpec(spec.battery, market), 'text', market),
    param('os', spec.os, 'text', market),
    param('weight', String(spec.weightG), 'number', market),
    ...(spec.water ? [param('water', spec.water, 'text', market)] : []),
  ];
  if (row.kind === 'smartwatch') params.push(param('size', row.capacities.map(([size]) => size).join(', '), 'text', market));
  else params.push(param('five-g', String(spec.fiveG), 'boolean', market));
  return params;
}

const DEVICE_WORDS: Readonly<Record<DeviceKind, Texts>> = {
  phone: { cz: 'Chytrý telefon', ro: 'Telefonul' },
  tablet: { cz: 'Tablet', ro: 'Tableta' },
  smartwatch: { cz: 'Chytré hodinky', ro: 'Ceasul inteligent' },
};

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function deviceDescription(row: DeviceRow, market: Market): string {
  const name = escapeHtml(fullName(row.maker, `${row.name}${row.suffix ?? ''}`));
  const { spec } = row;
  const display = escapeHtml(localSpec(spec.display, market));
  const battery = escapeHtml(localSpec(spec.battery, market));
  const items =
    market === 'cz'
      ? [
          `Displej ${display}`,
          `Čipset ${escapeHtml(spec.chipset)}${spec.ramGb > 0 ? `, ${spec.ramGb} GB RAM` : ''}`,
          ...(spec.camera !== '–' ? [`Fotoaparát ${escapeHtml(spec.camera)}`] : []),
          `Baterie ${battery}`,
        ]
      : [
          `Ecran ${display}`,
          `Chipset ${escapeHtml(spec.chipset)}${spec.ramGb > 0 ? `, ${spec.ramGb} GB RAM` : ''}`,
          ...(spec.camera !== '–' ? [`Cameră ${escapeHtml(spec.camera)}`] : []),
          `Baterie ${battery}`,
        ];
  const intro =
    market === 'cz'
      ? `${DEVICE_WORDS[row.kind].cz} <strong>${name}</strong> z roku ${row.year}, se systémem ${escapeHtml(spec.os)}.`
      : `${DEVICE_WORDS[row.kind].ro} <strong>${name}</strong> din ${row.year}, cu ${escapeHtml(spec.os)}.`;
  return `<p>${intro}</p><ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
}

function accessoryParams(row: AccessoryRow, market: Market): DemoParam[] {
  return row.params.map(([key, value]) => {
    if (typeof value === 'boolean') return param(key, String(value), 'boolean', market);
    return param(key, typeof value === 'string' ? value : value[market], 'text', market);
  });
}

const ACCESSORY_WORDS: Readonly<Record<AccessoryKind, Texts>> = {
  charger: { cz: 'Nabíječka', ro: 'Încărcătorul' },
  case: { cz: 'Kryt', ro: 'Husa' },
  cable: { cz: 'Kabel', ro: 'Cablul' },
  headphones: { cz: 'Sluchátka', ro: 'Căștile' },
};

function accessoryDescription(row: AccessoryRow, market: Market): string {
  const name = escapeHtml(fullName(row.maker, row.name));
  const items = accessoryParams(row, market).map((p) => {
    const value =
      p.type === 'boolean' ? (p.value === 'true' ? (market === 'cz' ? 'ano' : 'da') : market === 'cz' ? 'ne' : 'nu') : p.value;
    return `<li>${escapeHtml(p.name)}: ${escapeHtml(value)}</li>`;
  });
  const intro =
    market === 'cz'
      ? `${ACCESSORY_WORDS[row.kind].cz} <strong>${name}</strong>.`
      : `${ACCESSORY_WORDS[row.kind].ro} <strong>${name}</strong>.`;
  return `<p>${intro}</p><ul>${items.join('')}</ul>`;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

function packageOf(box: readonly [number, number, number], deviceGrams: number, extraKg: number) {
  const [width, height, depth] = box;
  return { width, height, depth, weight: round2(deviceGrams / 1000 + extraKg) };
}

function imagesOf(
  builder: Builder,
  masterId: string,
  title: string,
  maker: MakerId,
  drawing: DemoDrawing,
  colours: readonly DemoColour[],
): string[] {
  return colours.map((colour) => {
    const id = `${masterId}-${colour.key}`;
    builder.images.push({
      id,
      masterProductId: masterId,
      title,
      manufacturer: MAKERS[maker],
      colour,
      hex: colour.hex,
      fileName: `${id}.png`,
      drawing,
    });
    return id;
  });
}

// ---------------------------------------------------------------------------
// Prices: a history per product that makes the Omnibus line show on some
// ---------------------------------------------------------------------------

type PriceStory = 'stable' | 'cut' | 'raised' | 'reduced' | 'promo-then-reduced' | 'ended' | 'flash';

function priceStory(random: Random, quality: DemoQuality, type: DemoTypeDeviceId): PriceStory {
  if (type === 'insurance' || type === 'warranty') return 'stable';
  const roll = random.next();
  if (quality !== 'new') return roll < 0.65 ? 'stable' : roll < 0.85 ? 'cut' : 'reduced';
  if (roll < 0.45) return 'stable';
  if (roll < 0.53) return 'cut';
  if (roll < 0.59) return 'raised';
  if (roll < 0.77) return 'reduced';
  if (roll < 0.83) return 'promo-then-reduced';
  if (roll < 0.92) return 'ended';
  return 'flash';
}

/**
 * The price history of one product in the market: regular prices from a
 * moment on, and time-limited offers. A price shows as reduced (with the
 * Omnibus lowest price of the 30 days before the reduction) while an offer
 * runs, so: `reduced` runs an offer now, started within the last three
 * weeks; `promo-then-reduced` had a short promotion five weeks ago, so the
 * lowest price before today's offer is below today's price; `flash` is a
 * short deep offer ending in a few days; `ended` had an offer a month ago;
 * `cut` and `raised` changed the regular price (a new price, not a reduction).
 */
function priceHistory(
  code: string,
  czk: number,
  quality: DemoQuality,
  type: DemoTypeDeviceId,
  market: Market,
  now: Date,
): DemoPrice {
  const random = seededRandom(`price:${code}`);
  const story = priceStory(random, quality, type);
  const start = -random.int(70, 160);
  const base = shelfPrice(czk, market);
  const point = (price: number, days: number): DemoPricePoint => ({ price, validFrom: iso(now, days) });
  const offer = (share: number, fromDays: number, toDays: number): DemoOffer => ({
    price: shelfPriceBelow(czk * share, base, market),
    validFrom: iso(now, fromDays),
    validTo: iso(now, toDays),
  });
  const history = [point(base, start)];
  switch (story) {
    case 'stable':
      return { code, history, offers: [] };
    case 'cut':
      return { code, history: [...history, point(shelfPriceBelow(czk * 0.92, base, market), -random.int(15, 60))], offers: [] };
    case 'raised': {
      const raised = shelfPrice(czk * 1.06, market);
      const step = market === 'cz' ? 100 : 10;
      return { code, history: [...history, point(raised > base ? raised : base + step, -random.int(10, 25))], offers: [] };
    }
    case 'reduced':
      return { code, history, offers: [offer(0.86 + random.int(0, 8) / 100, -random.int(2, 20), random.int(3, 25))] };
    case 'promo-then-reduced':
      return { code, history, offers: [offer(0.85, -45, -35), offer(0.93, -random.int(4, 8), random.int(7, 20))] };
    case 'ended':
      return { code, history, offers: [offer(0.88, -random.int(28, 34), -random.int(18, 22))] };
    case 'flash':
      return { code, history, offers: [offer(0.8 + random.int(0, 5) / 100, -1, random.int(2, 4))] };
    default:
      return story satisfies never;
  }
}

// ---------------------------------------------------------------------------
// Stock: the warehouse and three stores, with the states the storefront shows
// ---------------------------------------------------------------------------

function stockOf(
  code: string,
  quality: DemoQuality,
  type: DemoTypeDeviceId,
  preOrder: boolean,
  externalStock: boolean,
): DemoStock | null {
  if (type === 'insurance' || type === 'warranty') return null;
  const random = seededRandom(`stock:${code}`);
  const none: DemoStock = { code, warehouse: 0, stores: [0, 0, 0] };
  if (preOrder || externalStock) return none;
  const inOneStore = (pieces: number): DemoStock => {
    const stores: [number, number, number] = [0, 0, 0];
    stores[random.int(0, 2)] = pieces;
    return { code, warehouse: 0, stores };
  };
  if (quality !== 'new') {
    // A refurbished device is one piece, seldom two, in the warehouse or in the store that bought it back.
    const pieces = random.chance(0.8) ? 1 : 2;
    const roll = random.next();
    if (roll < 0.08) return none;
    return roll < 0.6 ? { code, warehouse: pieces, stores: [0, 0, 0] } : inOneStore(pieces);
  }
  const accessory = type !== 'phone' && type !== 'tablet' && type !== 'smartwatch';
  const roll = random.next();
  if (roll < 0.1) return none;
  if (roll < 0.2) return { code, warehouse: random.int(1, 2), stores: [0, 0, 0] };
  if (roll < 0.28) return inOneStore(random.int(1, 3));
  if (roll < 0.38) return { code, warehouse: random.int(3, 6), stores: [random.int(0, 1), 0, random.int(0, 1)] };
  const storeMax = accessory ? 12 : 4;
  return {
    code,
    warehouse: accessory ? random.int(20, 120) : random.int(8, 40),
    stores: [random.int(1, storeMax), random.int(0, storeMax), random.int(0, storeMax)],
  };
}

interface ProductDraft {
  readonly type: DemoTypeDeviceId;
  readonly masterProductId: string;
  readonly colour: DemoColour | null;
  readonly capacity: string | null;
  readonly quality: DemoQuality;
  readonly grade: DemoGrade | null;
  readonly longName: string;
  readonly shortName: string;
  readonly vatRate: number;
  readonly preOrder: boolean;
  readonly electronicLicence: boolean;
  readonly externalStock: boolean;
  readonly legalWarrantyMonths: number;
  readonly warrantyExtensionMonths: number | null;
  /** The price of this very piece, in CZK before shelf rounding. */
  readonly czk: number;
  /** What it costs new, for the insurance and warranty tier. */
  readonly newCzk: number;
}

function addProduct(builder: Builder, draft: ProductDraft): DemoProduct {
  const code = nextCode(builder, draft.type);
  const { czk, newCzk, type, ...rest } = draft;
  const product: DemoProduct = { code, typeDeviceId: type, kind: KIND_OF_TYPE[type], ean: inStoreEan(Number(code)), ...rest };
  builder.products.push(product);
  builder.newCzk.set(code, newCzk);
  builder.prices.push(priceHistory(code, czk, draft.quality, type, builder.market, builder.now));
  const stock = stockOf(code, draft.quality, type, draft.preOrder, draft.externalStock);
  if (stock) builder.stock.push(stock);
  return product;
}

function qualitySuffix(quality: DemoQuality, grade: DemoGrade | null, market: Market): string {
  if (quality === 'new') return '';
  if (quality === 'newish') return ` – ${QUALITY_WORDS.newish[market]}`;
  return ` – ${QUALITY_WORDS.used[market]} ${grade ?? ''}`.trimEnd();
}

function addDevice(builder: Builder, row: DeviceRow): void {
  const { market } = builder;
  const id = modelId(row.maker, `${row.name}${row.suffix ?? ''}`);
  const colours = row.colours.map((key) => colourOf(key, market));
  const title = fullName(row.maker, `${row.name}${row.suffix ?? ''}`);
  const type: DemoTypeDeviceId = row.kind;
  const extraKg = row.kind === 'phone' ? 0.25 : row.kind === 'tablet' ? 0.4 : 0.2;
  builder.masters.push({
    id,
    name: `${row.name}${row.suffix ?? ''}`,
    seoName: id,
    manufacturerId: row.maker,
    typeDeviceId: type,
    description: deviceDescription(row, market),
    params: deviceParams(row, market),
    package: packageOf(row.box, row.spec.weightG, extraKg),
    year: row.year,
    imageIds: imagesOf(builder, id, title, row.maker, type, colours),
  });

  const random = seededRandom(`variants:${id}`);
  const variant = (
    capacity: string,
    newPrice: number,
    colour: DemoColour,
    quality: DemoQuality,
    grade: DemoGrade | null,
    preOrder: boolean,
  ): DemoProduct => {
    const shortName = `${row.name} ${capacity}${row.suffix ?? ''}`;
    const share = quality === 'new' ? 1 : quality === 'newish' ? NEWISH_SHARE : GRADE_SHARE[grade ?? 'D'];
    return addProduct(builder, {
      type,
      masterProductId: id,
      colour,
      capacity,
      quality,
      grade,
      longName: `${fullName(row.maker, shortName)}, ${colour.name}${qualitySuffix(quality, grade, market)}`,
      shortName,
      vatRate: VAT_RATE[market],
      preOrder,
      electronicLicence: false,
      externalStock: quality === 'new' && (row.externalStock ?? false),
      legalWarrantyMonths: quality === 'used' ? LEGAL_WARRANTY_USED : LEGAL_WARRANTY_NEW,
      warrantyExtensionMonths: null,
      czk: newPrice * share,
      newCzk: newPrice,
    });
  };

  const sold = row.capacities.filter(([, , flags]) => flags.includes('n') || flags.includes('p'));
  sold.forEach(([capacity, czk, flags], index) => {
    // The base capacity in two or three colours (three for this year's models), a dearer one in one: what a shop
    // keeps in stock, not every combination.
    const inColours = random.sample(colours, index > 0 ? 1 : row.year >= 2025 ? 3 : 2);
    for (const colour of inColours) variant(capacity, czk, colour, 'new', null, flags.includes('p'));
  });

  const refurbished = row.capacities.filter(([, , flags]) => flags.includes('u'));
  if (sold.length > 0 && random.chance(0.3)) {
    const [capacity, czk] = sold[0] ?? [];
    if (capacity && czk) variant(capacity, czk, random.pick(colours), 'newish', null, false);
  }
  if (refurbished.length === 0) return;
  if (sold.length === 0 && row.year >= 2024 && random.chance(0.5)) {
    const [capacity, czk] = refurbished[0] ?? [];
    if (capacity && czk) variant(capacity, czk, random.pick(colours), 'newish', null, false);
  }
  const wanted = row.used ?? (sold.length > 0 ? 1 : 2);
  const taken = new Set<string>();
  for (let i = 0, tries = 0; i < wanted && tries < 50; tries++) {
    const [capacity, czk] = refurbished[i % refurbished.length] ?? [];
    if (!capacity || !czk) break;
    const colour = random.pick(colours);
    const grade = weightedGrade(random);
    const key = `${capacity}|${colour.key}|${grade}`;
    if (taken.has(key)) continue;
    taken.add(key);
    variant(capacity, czk, colour, 'used', grade, false);
    i++;
  }
}

/** Earbuds and over-ear headphones look nothing alike; the table says which by the `form` param. */
function drawingOf(row: AccessoryRow): DemoDrawing {
  if (row.kind !== 'headphones') return row.kind;
  const form = row.params.find(([key]) => key === 'form')?.[1];
  return form === IN_EAR_FORM ? 'earbuds' : 'headphones';
}

function addAccessory(builder: Builder, row: AccessoryRow): void {
  const { market } = builder;
  const id = modelId(row.maker, row.name);
  const colours = row.colours.map((key: ColourKey) => colourOf(key, market));
  const title = fullName(row.maker, row.name);
  builder.masters.push({
    id,
    name: row.name,
    seoName: id,
    manufacturerId: row.maker,
    typeDeviceId: row.kind,
    description: accessoryDescription(row, market),
    params: accessoryParams(row, market),
    package: packageOf(row.box, row.weightG, 0.05),
    year: null,
    imageIds: imagesOf(builder, id, title, row.maker, drawingOf(row), colours),
  });
  for (const colour of colours)
    addProduct(builder, {
      type: row.kind,
      masterProductId: id,
      colour,
      capacity: null,
      quality: 'new',
      grade: null,
      longName: colours.length > 1 ? `${title}, ${colour.name}` : title,
      shortName: row.name,
      vatRate: VAT_RATE[market],
      preOrder: false,
      electronicLicence: false,
      externalStock: row.externalStock ?? false,
      legalWarrantyMonths: LEGAL_WARRANTY_NEW,
      warrantyExtensionMonths: null,
      czk: row.newCzk,
      newCzk: row.newCzk,
    });
}

const SERVICE_HEX = '#0B6E4F';

function addServices(builder: Builder): void {
  const { market } = builder;
  for (const row of SERVICES) {
    const id = `buyloop-${row.key}`;
    const name = row.name[market];
    // A service has no colour: one card in the shop's colour stands for it.
    const image: DemoImage = {
      id: `${id}-card`,
      masterProductId: id,
      title: name,
      manufacturer: MAKERS.buyloop,
      colour: null,
      hex: SERVICE_HEX,
      fileName: `${id}.png`,
      drawing: 'accessory',
    };
    builder.images.push(image);
    builder.masters.push({
      id,
      name,
      seoName: slugify(name),
      manufacturerId: 'buyloop',
      typeDeviceId: row.kind,
      description:
        market === 'cz'
          ? `<p>${escapeHtml(name)}. Certifikát přijde e-mailem hned po zaplacení objednávky.</p>`
          : `<p>${escapeHtml(name)}. Certificatul sosește prin e-mail imediat după plata comenzii.</p>`,
      params: [
        param('coverage', `${shelfPrice(row.upToCzk, market)} ${market === 'cz' ? 'Kč' : 'Lei'}`, 'text', market),
        param('duration', String(row.months), 'number', market),
      ],
      package: null,
      year: null,
      imageIds: [image.id],
    });
    addProduct(builder, {
      type: row.kind,
      masterProductId: id,
      colour: null,
      capacity: null,
      quality: 'new',
      grade: null,
      longName: name,
      shortName: name,
      // Insurance is exempt from VAT in both markets; a warranty extension is a taxed service.
      vatRate: row.kind === 'insurance' ? 0 : VAT_RATE[market],
      preOrder: false,
      electronicLicence: true,
      externalStock: false,
      legalWarrantyMonths: 0,
      warrantyExtensionMonths: row.kind === 'warranty' ? row.months : null,
      czk: row.newCzk,
      newCzk: row.newCzk,
    });
  }
}

// ---------------------------------------------------------------------------
// Relations, meta masters, categories
// ---------------------------------------------------------------------------

/** A gift with the new pieces of a few flagships (accessory name), as makers' launch promotions go. */
const GIFTS: Readonly<Record<string, string>> = {
  'samsung-galaxy-s25-ultra': 'Samsung 45W Power Adapter EP-T4511',
  'samsung-galaxy-z-fold7': 'Galaxy Buds3 Pro',
  'google-pixel-10-pro': 'Google 30W USB-C Charger',
  'honor-magic7-pro': 'Anker 735 Charger (GaNPrime 65W)',
  'oneplus-13': 'Anker 511 Charger (Nano 3, 30W)',
  'xiaomi-15': 'Xiaomi 67W Charging Combo',
};

/** Headphones offered at a special price with a maker's new devices. */
const SPECIAL_OFFERS: Readonly<Partial<Record<MakerId, string>>> = {
  apple: 'AirPods Pro 3',
  samsung: 'Galaxy Buds3 Pro',
  google: 'Pixel Buds Pro 2',
  nothing: 'Nothing Ear (a)',
};

const META_MASTERS: readonly (readonly [id: string, name: Texts, masters: readonly string[]])[] = [
  [
    'iphone-17',
    { cz: 'Řada iPhone 17', ro: 'Seria iPhone 17' },
    ['apple-iphone-17', 'apple-iphone-17-pro', 'apple-iphone-17-pro-max', 'apple-iphone-air'],
  ],
  [
    'iphone-16',
    { cz: 'Řada iPhone 16', ro: 'Seria iPhone 16' },
    ['apple-iphone-16', 'apple-iphone-16-pro', 'apple-iphone-16-pro-max', 'apple-iphone-16e'],
  ],
  [
    'iphone-15',
    { cz: 'Řada iPhone 15', ro: 'Seria iPhone 15' },
    ['apple-iphone-15', 'apple-iphone-15-pro', 'apple-iphone-15-pro-max'],
  ],
  ['galaxy-s25', { cz: 'Řada Galaxy S25', ro: 'Seria Galaxy S25' }, ['samsung-galaxy-s25', 'samsung-galaxy-s25-ultra']],
  [
    'galaxy-s24',
    { cz: 'Řada Galaxy S24', ro: 'Seria Galaxy S24' },
    ['samsung-galaxy-s24', 'samsung-galaxy-s24-plus', 'samsung-galaxy-s24-ultra'],
  ],
  ['pixel-10', { cz: 'Řada Pixel 10', ro: 'Seria Pixel 10' }, ['google-pixel-10', 'google-pixel-10-pro']],
  [
    'airpods',
    { cz: 'AirPods', ro: 'AirPods' },
    ['apple-airpods-4', 'apple-airpods-4-with-active-noise-cancellation', 'apple-airpods-pro-3', 'apple-airpods-max-usb-c'],
  ],
];

function relationsOf(builder: Builder): DemoRelations[] {
  const byMaster = new Map<string, DemoProduct[]>();
  for (const product of builder.products)
    byMaster.set(product.masterProductId, [...(byMaster.get(product.masterProductId) ?? []), product]);
  /** The first (new, first colour) piece of an accessory: the one recommended. */
  const firstOf = (maker: MakerId, name: string): string | null => byMaster.get(modelId(maker, name))?.[0]?.code ?? null;
  const accessoryCode = (row: AccessoryRow): string | null => firstOf(row.maker, row.name);
  const services = (kind: 'insurance' | 'warranty', newCzk: number): string[] => {
    const rows = SERVICES.filter((row) => row.kind === kind && row.upToCzk >= newCzk);
    const tier = rows[0]?.upToCzk;
    return rows
      .filter((row) => row.upToCzk === tier)
      .flatMap((row) => byMaster.get(`buyloop-${row.key}`) ?? [])
      .map((p) => p.code);
  };

  const relations: DemoRelations[] = [];
  for (const row of DEVICES) {
    const id = modelId(row.maker, `${row.name}${row.suffix ?? ''}`);
    const connector = connectorOf(row);
    const fitting = ACCESSORIES.filter((accessory) => {
      const fits = accessory.fits;
      if (!fits) return false;
      if (fits.models) return fits.models.includes(row.name);
      if (row.kind === 'smartwatch') return false;
      const makerFits = !fits.makers || fits.makers.includes(row.maker);
      const connectorFits = !fits.connector || fits.connector === connector;
      return makerFits && connectorFits;
    });
    const accessories = fitting.map(accessoryCode).filter((code): code is string => code !== null);
    const giftName = GIFTS[id];
    const offerName = SPECIAL_OFFERS[row.maker];
    const gift = giftName ? ACCESSORIES.find((a) => a.name === giftName) : undefined;
    const offer = offerName && row.year >= 2024 ? ACCESSORIES.find((a) => a.name === offerName) : undefined;
    for (const product of byMaster.get(id) ?? []) {
      const newCzk = builder.newCzk.get(product.code) ?? 0;
      const isNew = product.quality === 'new';
      relations.push({
        code: product.code,
        accessories,
        gifts: isNew && gift ? [accessoryCode(gift)].filter((code): code is string => code !== null) : [],
        specialOffers: isNew && offer ? [accessoryCode(offer)].filter((code): code is string => code !== null) : [],
        insurance: services('insurance', newCzk),
        warrantyExtensions: services('warranty', newCzk),
      });
    }
  }
  // A charger is recommended with a cable of its maker (or a universal one).
  for (const row of ACCESSORIES.filter((a) => a.kind === 'charger')) {
    const cable =
      ACCESSORIES.find((a) => a.kind === 'cable' && a.maker === row.maker && a.fits?.connector === 'usb-c') ??
      ACCESSORIES.find((a) => a.kind === 'cable' && a.maker === 'anker');
    const cableCode = cable ? accessoryCode(cable) : null;
    if (!cableCode) continue;
    for (const product of byMaster.get(modelId(row.maker, row.name)) ?? [])
      relations.push({
        code: product.code,
        accessories: [cableCode],
        gifts: [],
        specialOffers: [],
        insurance: [],
        warrantyExtensions: [],
      });
  }
  return relations;
}

function categoryOf(master: DemoMaster): string {
  switch (master.typeDeviceId) {
    case 'phone':
      switch (master.manufacturerId) {
        case 'apple':
          return 'phones-iphone';
        case 'samsung':
          return 'phones-samsung';
        case 'xiaomi':
          return 'phones-xiaomi';
        case 'google':
          return 'phones-pixel';
        default:
          return 'phones-other';
      }
    case 'tablet':
      return master.manufacturerId === 'apple' ? 'tablets-ipad' : 'tablets-android';
    case 'smartwatch':
      switch (master.manufacturerId) {
        case 'apple':
          return 'watches-apple';
        case 'samsung':
          return 'watches-galaxy';
        case 'garmin':
          return 'watches-garmin';
        default:
          return 'watches-other';
      }
    case 'charger':
      return 'accessories-chargers';
    case 'case':
      return 'accessories-cases';
    case 'cable':
      return 'accessories-cables';
    case 'headphones':
      return 'accessories-headphones';
    case 'insurance':
    case 'warranty':
      return 'services';
    default:
      return master.typeDeviceId satisfies never;
  }
}

function assignmentsOf(masters: readonly DemoMaster[], products: readonly DemoProduct[]): DemoAssignment[] {
  const byCategory = new Map<string, string[]>();
  const assign = (categoryId: string, masterId: string): void => {
    byCategory.set(categoryId, [...(byCategory.get(categoryId) ?? []), masterId]);
  };
  for (const master of masters) {
    assign(categoryOf(master), master.id);
    const refurbished = products.some((p) => p.masterProductId === master.id && p.quality !== 'new');
    if (master.typeDeviceId === 'phone' && refurbished) assign('phones-used', master.id);
  }
  return [...byCategory].map(([categoryId, masterProductIds]) => ({ categoryId, masterProductIds }));
}

/** The demo catalogue of one market, its times relative to `now`. */
export function demoDataSet(market: Market, now: Date): DemoDataSet {
  const builder: Builder = {
    market,
    now,
    masters: [],
    products: [],
    images: [],
    prices: [],
    stock: [],
    newCzk: new Map(),
    nextCode: new Map(),
  };
  for (const row of DEVICES) addDevice(builder, row);
  for (const row of ACCESSORIES) addAccessory(builder, row);
  addServices(builder);

  const usedMakers = new Set(builder.masters.map((m) => m.manufacturerId));
  const manufacturers: DemoManufacturer[] = (Object.keys(MAKERS) as MakerId[])
    .filter((id) => usedMakers.has(id))
    .map((id) => ({ id, name: MAKERS[id], seoName: slugify(MAKERS[id]) }));
  const typeDevices: DemoTypeDevice[] = (Object.keys(TYPE_DEVICES) as DemoTypeDeviceId[]).map((id) => ({
    id,
    name: TYPE_DEVICES[id][market],
    seoName: TYPE_DEVICES[id].seo[market],
  }));
  const units: DemoUnit[] = (Object.keys(UNITS) as DemoUnit['id'][]).map((id) => {
    const [name, symbol] = UNITS[id][market];
    return { id, name, symbol };
  });
  const usedParams = new Map(builder.masters.flatMap((m) => m.params.map((p) => [p.attributeId, p.type] as const)));
  const attributeNames: DemoAttributeName[] = (Object.keys(PARAM_NAMES) as ParamKey[]).flatMap((key) => {
    const valueType = usedParams.get(key);
    return valueType ? [{ id: key, name: PARAM_NAMES[key][market], valueType, unitId: PARAM_UNITS[key] ?? null }] : [];
  });
  const known = new Set(builder.masters.map((m) => m.id));
  const metaMasters: DemoMetaMaster[] = META_MASTERS.map(([id, name, masters]) => ({
    id,
    name: name[market],
    masterProductIds: masters.filter((masterId) => known.has(masterId)),
  }));
  const assignments = assignmentsOf(builder.masters, builder.products);
  const mastersById = new Map(builder.masters.map((m) => [m.id, m]));
  const categories = demoCategories(market, (categoryId) =>
    (assignments.find((a) => a.categoryId === categoryId)?.masterProductIds ?? []).flatMap(
      (id) => mastersById.get(id)?.manufacturerId ?? [],
    ),
  );

  return {
    market,
    currency: currencyOf(market),
    typeDevices,
    manufacturers,
    units,
    attributeNames,
    images: builder.images,
    masters: builder.masters,
    products: builder.products,
    relations: relationsOf(builder),
    metaMasters,
    categories,
    assignments,
    prices: builder.prices,
    stock: builder.stock,
  };
}
