import { currencyOf, type Market } from '@buyloop/kit';
import {
  DEVICE_TYPES,
  QUALITIES,
  type BuyBackCatalogue,
  type ColorVariant,
  type ConditionChoice,
  type DeviceCondition,
  type DeviceModel,
  type DeviceType,
  type Manufacturer,
  type PriceList,
  type Quality,
} from '../catalogue/types';

/**
 * The demo buy-back catalogue the README start command loads (issue 5 point 1):
 * phones, tablets and watches of the common brands with their colours, a price
 * list per model and the condition questions, in Czech (CZK) or Romanian (RON).
 *
 * Generated from the compact tables below, deterministically: the same market
 * always gives the same catalogue. Each model has one base price, the A+
 * buy-back price in CZK of a like-new device; the other qualities are fixed
 * shares of it, and the Romanian list converts at 1 RON = 5 CZK.
 */

type Texts = Readonly<Record<Market, string>>;

/** Colour names per market; the key is the language-neutral colour slug (image file names, colour ids). */
const COLORS = {
  black: { cz: 'Černá', ro: 'Negru' },
  white: { cz: 'Bílá', ro: 'Alb' },
  silver: { cz: 'Stříbrná', ro: 'Argintiu' },
  gold: { cz: 'Zlatá', ro: 'Auriu' },
  grey: { cz: 'Šedá', ro: 'Gri' },
  'space-grey': { cz: 'Vesmírně šedá', ro: 'Gri spațial' },
  'space-black': { cz: 'Vesmírně černá', ro: 'Negru spațial' },
  graphite: { cz: 'Grafitová', ro: 'Grafit' },
  blue: { cz: 'Modrá', ro: 'Albastru' },
  'light-blue': { cz: 'Světle modrá', ro: 'Albastru deschis' },
  'sierra-blue': { cz: 'Horsky modrá', ro: 'Albastru Sierra' },
  navy: { cz: 'Námořnická modrá', ro: 'Bleumarin' },
  'ice-blue': { cz: 'Ledově modrá', ro: 'Albastru gheață' },
  green: { cz: 'Zelená', ro: 'Verde' },
  'alpine-green': { cz: 'Alpsky zelená', ro: 'Verde alpin' },
  mint: { cz: 'Mátová', ro: 'Mentă' },
  lime: { cz: 'Limetková', ro: 'Lime' },
  jade: { cz: 'Nefritově zelená', ro: 'Verde jad' },
  sage: { cz: 'Šalvějová', ro: 'Salvie' },
  teal: { cz: 'Modrozelená', ro: 'Turcoaz' },
  red: { cz: 'Červená', ro: 'Roșu' },
  magenta: { cz: 'Purpurová', ro: 'Magenta' },
  purple: { cz: 'Fialová', ro: 'Mov' },
  'deep-purple': { cz: 'Temně fialová', ro: 'Mov închis' },
  lavender: { cz: 'Levandulová', ro: 'Lavandă' },
  pink: { cz: 'Růžová', ro: 'Roz' },
  rose: { cz: 'Růžový křemen', ro: 'Cuarț roz' },
  yellow: { cz: 'Žlutá', ro: 'Galben' },
  cream: { cz: 'Krémová', ro: 'Crem' },
  beige: { cz: 'Béžová', ro: 'Bej' },
  champagne: { cz: 'Šampaňská', ro: 'Șampanie' },
  midnight: { cz: 'Temně inkoustová', ro: 'Miez de noapte' },
  starlight: { cz: 'Hvězdně bílá', ro: 'Lumina stelelor' },
  'natural-titanium': { cz: 'Přírodní titan', ro: 'Titan natural' },
  'black-titanium': { cz: 'Černý titan', ro: 'Titan negru' },
  'white-titanium': { cz: 'Bílý titan', ro: 'Titan alb' },
  'blue-titanium': { cz: 'Modrý titan', ro: 'Titan albastru' },
  'desert-titanium': { cz: 'Pouštní titan', ro: 'Titan deșert' },
  'grey-titanium': { cz: 'Šedý titan', ro: 'Titan gri' },
  'violet-titanium': { cz: 'Fialový titan', ro: 'Titan violet' },
  obsidian: { cz: 'Obsidiánová', ro: 'Obsidian' },
  porcelain: { cz: 'Porcelánová', ro: 'Porțelan' },
  hazel: { cz: 'Oříšková', ro: 'Alun' },
  charcoal: { cz: 'Uhlově černá', ro: 'Cărbune' },
  snow: { cz: 'Sněhově bílá', ro: 'Zăpadă' },
  lemongrass: { cz: 'Citronová tráva', ro: 'Lămâiță' },
  pearl: { cz: 'Perleťová', ro: 'Sidef' },
  bronze: { cz: 'Bronzová', ro: 'Bronz' },
} as const satisfies Readonly<Record<string, Texts>>;

type ColorKey = keyof typeof COLORS;

interface ManufacturerRow {
  readonly id: string;
  readonly label: string;
}

const MANUFACTURERS: readonly ManufacturerRow[] = [
  { id: 'apple', label: 'Apple' },
  { id: 'samsung', label: 'Samsung' },
  { id: 'xiaomi', label: 'Xiaomi' },
  { id: 'google', label: 'Google' },
  { id: 'motorola', label: 'Motorola' },
  { id: 'oneplus', label: 'OnePlus' },
  { id: 'nothing', label: 'Nothing' },
];

/** One model: manufacturer id, label (without the manufacturer), A+ price in CZK, colours. */
type ModelRow = readonly [manufacturer: string, label: string, baseCzk: number, colors: readonly ColorKey[]];

const PRO_TITANIUM_15: readonly ColorKey[] = ['natural-titanium', 'blue-titanium', 'white-titanium', 'black-titanium'];
const PRO_TITANIUM_16: readonly ColorKey[] = ['desert-titanium', 'natural-titanium', 'white-titanium', 'black-titanium'];

const MODELS: Readonly<Record<DeviceType, readonly ModelRow[]>> = {
  phone: [
    ['apple', 'iPhone 16 Pro Max 256 GB', 24_000, PRO_TITANIUM_16],
    ['apple', 'iPhone 16 Pro 128 GB', 19_000, PRO_TITANIUM_16],
    ['apple', 'iPhone 16 128 GB', 14_000, ['black', 'white', 'pink', 'teal']],
    ['apple', 'iPhone 15 Pro Max 256 GB', 19_500, PRO_TITANIUM_15],
    ['apple', 'iPhone 15 Pro 256 GB', 16_000, PRO_TITANIUM_15],
    ['apple', 'iPhone 15 Pro 128 GB', 14_500, PRO_TITANIUM_15],
    ['apple', 'iPhone 15 128 GB', 11_500, ['black', 'blue', 'green', 'yellow', 'pink']],
    ['apple', 'iPhone 14 Pro 128 GB', 12_000, ['space-black', 'silver', 'gold', 'deep-purple']],
    ['apple', 'iPhone 14 128 GB', 8_500, ['midnight', 'starlight', 'blue', 'purple', 'red']],
    ['apple', 'iPhone 13 Pro 128 GB', 9_500, ['graphite', 'gold', 'silver', 'sierra-blue', 'alpine-green']],
    ['apple', 'iPhone 13 128 GB', 7_000, ['midnight', 'starlight', 'blue', 'pink', 'red']],
    ['apple', 'iPhone 13 mini 128 GB', 5_500, ['midnight', 'starlight', 'blue', 'pink']],
    ['apple', 'iPhone 12 64 GB', 4_200, ['black', 'white', 'blue', 'green', 'red']],
    ['apple', 'iPhone 11 64 GB', 3_000, ['black', 'white', 'purple', 'yellow', 'red']],
    ['apple', 'iPhone SE (2022) 64 GB', 3_200, ['midnight', 'starlight', 'red']],
    ['samsung', 'Galaxy S24 Ultra 256 GB', 17_000, ['black-titanium', 'grey-titanium', 'violet-titanium']],
    ['samsung', 'Galaxy S24+ 256 GB', 12_000, ['black', 'grey', 'purple']],
    ['samsung', 'Galaxy S24 128 GB', 9_500, ['black', 'grey', 'purple', 'yellow']],
    ['samsung', 'Galaxy S23 Ultra 256 GB', 12_500, ['black', 'cream', 'green', 'lavender']],
    ['samsung', 'Galaxy S23 128 GB', 7_000, ['black', 'cream', 'green', 'lavender']],
    ['samsung', 'Galaxy S22 128 GB', 4_800, ['black', 'white', 'green', 'pink']],
    ['samsung', 'Galaxy Z Fold5 256 GB', 16_500, ['black', 'cream', 'ice-blue']],
    ['samsung', 'Galaxy Z Flip5 256 GB', 8_500, ['graphite', 'cream', 'lavender', 'mint']],
    ['samsung', 'Galaxy A55 128 GB', 4_200, ['navy', 'ice-blue', 'lavender', 'yellow']],
    ['samsung', 'Galaxy A54 128 GB', 3_200, ['black', 'white', 'lime', 'purple']],
    ['samsung', 'Galaxy A35 128 GB', 3_300, ['navy', 'ice-blue', 'lavender']],
    ['samsung', 'Galaxy A34 128 GB', 2_500, ['black', 'silver', 'lime', 'purple']],
    ['samsung', 'Galaxy A15 128 GB', 1_700, ['black', 'light-blue', 'yellow']],
    ['samsung', 'Galaxy A14 64 GB', 1_200, ['black', 'silver', 'green']],
    ['samsung', 'Galaxy A52s 128 GB', 1_500, ['black', 'white', 'mint', 'purple']],
    ['xiaomi', 'Xiaomi 14 256 GB', 10_500, ['black', 'white', 'jade']],
    ['xiaomi', 'Xiaomi 13T Pro 512 GB', 8_500, ['black', 'green', 'blue']],
    ['xiaomi', 'Xiaomi 13 256 GB', 7_500, ['black', 'white', 'green']],
    ['xiaomi', 'Redmi Note 13 Pro 5G 256 GB', 3_600, ['black', 'purple', 'teal']],
    ['xiaomi', 'Redmi Note 13 128 GB', 2_200, ['black', 'ice-blue', 'mint']],
    ['xiaomi', 'Redmi Note 12 128 GB', 1_600, ['grey', 'ice-blue', 'mint']],
    ['xiaomi', 'POCO F5 256 GB', 3_800, ['black', 'white', 'blue']],
    ['xiaomi', 'Redmi 13C 128 GB', 900, ['black', 'blue', 'green']],
    ['google', 'Pixel 9 Pro 128 GB', 16_000, ['obsidian', 'porcelain', 'hazel', 'rose']],
    ['google', 'Pixel 9 128 GB', 11_000, ['obsidian', 'porcelain', 'pink', 'green']],
    ['google', 'Pixel 8 Pro 128 GB', 10_500, ['obsidian', 'porcelain', 'light-blue']],
    ['google', 'Pixel 8 128 GB', 7_500, ['obsidian', 'hazel', 'rose']],
    ['google', 'Pixel 8a 128 GB', 5_500, ['obsidian', 'porcelain', 'light-blue', 'green']],
    ['google', 'Pixel 7 128 GB', 4_500, ['obsidian', 'snow', 'lemongrass']],
    ['google', 'Pixel 7a 128 GB', 3_800, ['charcoal', 'snow', 'light-blue']],
    ['motorola', 'Edge 50 Pro 512 GB', 5_500, ['black', 'lavender', 'pearl']],
    ['motorola', 'Edge 40 256 GB', 3_800, ['black', 'green', 'blue']],
    ['motorola', 'razr 40 ultra 256 GB', 7_000, ['black', 'ice-blue', 'magenta']],
    ['motorola', 'moto g84 5G 256 GB', 2_200, ['navy', 'magenta', 'pearl']],
    ['motorola', 'moto g54 5G 256 GB', 1_700, ['navy', 'mint', 'pearl']],
    ['motorola', 'moto g14 128 GB', 900, ['grey', 'light-blue']],
    ['oneplus', 'OnePlus 12 256 GB', 11_000, ['black', 'green']],
    ['oneplus', 'OnePlus 11 128 GB', 7_000, ['black', 'green']],
    ['oneplus', 'OnePlus Nord 3 5G 128 GB', 3_500, ['grey', 'mint']],
    ['nothing', 'Phone (2) 256 GB', 7_000, ['white', 'grey']],
    ['nothing', 'Phone (2a) 128 GB', 4_000, ['black', 'white']],
  ],
  tablet: [
    ['apple', 'iPad Pro 11" (M4) 256 GB Wi-Fi', 19_000, ['space-black', 'silver']],
    ['apple', 'iPad Air 11" (M2) 128 GB Wi-Fi', 11_000, ['space-grey', 'blue', 'purple', 'starlight']],
    ['apple', 'iPad Air (2022) 64 GB Wi-Fi', 7_500, ['space-grey', 'blue', 'purple', 'pink', 'starlight']],
    ['apple', 'iPad (2022) 64 GB Wi-Fi', 5_500, ['silver', 'blue', 'pink', 'yellow']],
    ['apple', 'iPad (2021) 64 GB Wi-Fi', 3_600, ['space-grey', 'silver']],
    ['apple', 'iPad mini (2021) 64 GB Wi-Fi', 6_000, ['space-grey', 'pink', 'purple', 'starlight']],
    ['samsung', 'Galaxy Tab S9 128 GB Wi-Fi', 9_000, ['graphite', 'beige']],
    ['samsung', 'Galaxy Tab S9 FE 128 GB Wi-Fi', 4_500, ['grey', 'silver', 'mint', 'lavender']],
    ['samsung', 'Galaxy Tab A9+ 64 GB Wi-Fi', 2_200, ['graphite', 'silver', 'navy']],
    ['xiaomi', 'Xiaomi Pad 6 128 GB', 4_000, ['grey', 'blue', 'champagne']],
    ['xiaomi', 'Redmi Pad SE 128 GB', 1_800, ['graphite', 'mint', 'lavender']],
  ],
  smartwatch: [
    ['apple', 'Apple Watch Ultra 2 49 mm', 11_000, ['natural-titanium', 'black-titanium']],
    ['apple', 'Apple Watch Series 9 45 mm', 5_500, ['midnight', 'starlight', 'silver', 'pink', 'red']],
    ['apple', 'Apple Watch Series 8 41 mm', 3_800, ['midnight', 'starlight', 'silver', 'red']],
    ['apple', 'Apple Watch SE (2022) 40 mm', 2_500, ['midnight', 'starlight', 'silver']],
    ['samsung', 'Galaxy Watch6 Classic 47 mm', 4_000, ['black', 'silver']],
    ['samsung', 'Galaxy Watch6 44 mm', 2_800, ['graphite', 'silver']],
    ['samsung', 'Galaxy Watch5 Pro 45 mm', 3_000, ['black-titanium', 'grey-titanium']],
    ['google', 'Pixel Watch 2 41 mm', 3_500, ['black', 'silver', 'champagne']],
    ['google', 'Pixel Watch 41 mm', 2_200, ['black', 'silver', 'champagne']],
    ['xiaomi', 'Xiaomi Watch 2 Pro 46 mm', 1_600, ['black', 'silver']],
  ],
};

/** The A+ price's share for each quality. */
const QUALITY_SHARES: Readonly<Record<Quality, number>> = { 'A+': 1, A: 0.88, B: 0.72, C: 0.52, D: 0.3 };

/** Price corrections in CZK for a model of the reference price; scaled by the model's price (see `correctionScale`). */
const CORRECTIONS_CZK = {
  displayCracked: -500,
  bodyCracked: -300,
  functionsMinor: -300,
  functionsFaulty: -800,
  batteryWorn: -300,
  chargerMissing: -100,
} as const;
const REFERENCE_BASE_CZK = 8_000;

const MINIMAL_PRICE_CZK = 200;
const CZK_PER_RON = 5;
const BONUS_PERCENTAGE: Readonly<Record<DeviceType, number>> = { phone: 10, tablet: 5, smartwatch: 5 };
const DEMO_VERSION = 1;

const roundToTens = (amount: number): number => Math.round(amount / 10) * 10;

/** Corrections grow with the device's value (a display of a flagship costs more), from half to three times the reference. */
const correctionScale = (baseCzk: number): number => Math.min(3, Math.max(0.5, baseCzk / REFERENCE_BASE_CZK));

/** CZK amounts are whole tens, so a fifth is always whole Lei; rounding only guards the rule. */
const inMarket = (czk: number, market: Market): number => (market === 'cz' ? czk : Math.round(czk / CZK_PER_RON));

/** `iPhone 15 Pro 256 GB` → `iphone-15-pro-256-gb`; `Galaxy S24+` → `galaxy-s24-plus`; diacritics dropped. */
function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

type TypedTexts = Readonly<Record<DeviceType, Texts>>;

/** The condition questions' names. */
const QUESTIONS = {
  display: { cz: 'Displej', ro: 'Ecran' },
  body: {
    phone: { cz: 'Tělo telefonu', ro: 'Carcasa telefonului' },
    tablet: { cz: 'Tělo tabletu', ro: 'Carcasa tabletei' },
    smartwatch: { cz: 'Pouzdro hodinek', ro: 'Carcasa ceasului' },
  },
  functions: { cz: 'Funkčnost', ro: 'Funcționalitate' },
  battery: { cz: 'Baterie', ro: 'Baterie' },
  charger: { cz: 'Originální nabíječka', ro: 'Încărcător original' },
} as const;

/** The choices' labels, keyed by the choice value; a few differ by device type. */
const CHOICES = {
  display_flawless: { cz: 'Bez škrábanců, jako nový', ro: 'Fără zgârieturi, ca nou' },
  display_micro: {
    cz: 'Jemné vlasové škrábance viditelné jen proti světlu',
    ro: 'Zgârieturi fine, vizibile doar în lumină',
  },
  display_scratches: { cz: 'Viditelné škrábance', ro: 'Zgârieturi vizibile' },
  display_deep: { cz: 'Hluboké škrábance nebo vypálené pixely', ro: 'Zgârieturi adânci sau pixeli arși' },
  display_cracked: { cz: 'Prasklé sklo, dotyk funguje', ro: 'Sticlă crăpată, atingerea funcționează' },
  body_like_new: { cz: 'Jako nové, bez známek používání', ro: 'Ca nouă, fără urme de utilizare' },
  body_light: { cz: 'Lehké známky používání', ro: 'Urme ușoare de utilizare' },
  body_scratches: { cz: 'Škrábance a oděrky', ro: 'Zgârieturi și abraziuni' },
  body_dents: { cz: 'Promáčkliny nebo odštípnuté hrany', ro: 'Lovituri sau margini ciobite' },
  body_cracked: { cz: 'Prasklá záda nebo ohnutý rám', ro: 'Spate crăpat sau cadru îndoit' },
  functions_all: { cz: 'Vše funguje', ro: 'Totul funcționează' },
  functions_minor: {
    cz: 'Drobná závada (tlačítko, reproduktor, vibrace)',
    ro: 'Defect minor (buton, difuzor, vibrații)',
  },
  functions_faulty: {
    phone: {
      cz: 'Nefunkční fotoaparát, biometrie nebo nabíjení',
      ro: 'Camera, senzorul biometric sau încărcarea nu funcționează',
    },
    tablet: {
      cz: 'Nefunkční fotoaparát, biometrie nebo nabíjení',
      ro: 'Camera, senzorul biometric sau încărcarea nu funcționează',
    },
    smartwatch: { cz: 'Nefunkční senzory nebo nabíjení', ro: 'Senzorii sau încărcarea nu funcționează' },
  },
  functions_dead: { cz: 'Zařízení nejde zapnout', ro: 'Dispozitivul nu pornește' },
  battery_good: { cz: 'Kapacita baterie 80 % a více', ro: 'Capacitatea bateriei de 80 % sau mai mult' },
  battery_worn: { cz: 'Kapacita baterie pod 80 %', ro: 'Capacitatea bateriei sub 80 %' },
  charger_yes: { cz: 'Ano, originální nabíječka je přiložena', ro: 'Da, încărcătorul original este inclus' },
  charger_no: { cz: 'Ne, bez originální nabíječky', ro: 'Nu, fără încărcătorul original' },
} as const satisfies Readonly<Record<string, Texts | TypedTexts>>;

const IMAGE_ALT: Readonly<Record<Market, (device: string, color: string) => string>> = {
  cz: (device, color) => `Fotografie zařízení ${device} v barevném provedení ${color}.`,
  ro: (device, color) => `Fotografia dispozitivului ${device} în culoarea ${color}.`,
};

/** The default answers per quality; each set appraises to its quality (checked by validatePriceList). */
const DEFAULT_CHOICES: Readonly<Record<Quality, readonly string[]>> = {
  'A+': ['display_flawless', 'body_like_new', 'functions_all', 'battery_good', 'charger_yes'],
  A: ['display_micro', 'body_light', 'functions_all', 'battery_good', 'charger_yes'],
  B: ['display_scratches', 'body_scratches', 'functions_all', 'battery_good', 'charger_yes'],
  C: ['display_deep', 'body_dents', 'functions_all', 'battery_good', 'charger_yes'],
  D: ['display_cracked', 'body_dents', 'functions_all', 'battery_good', 'charger_yes'],
};

function conditionsFor(type: DeviceType, baseCzk: number, market: Market): DeviceCondition[] {
  const scale = correctionScale(baseCzk);
  const correction = (czk: number): number => inMarket(roundToTens(czk * scale), market);
  const choice = (
    value: keyof typeof CHOICES,
    appraisal_result: Quality | null,
    price_correction = 0,
    disabled = false,
  ): ConditionChoice => {
    const texts: Texts | TypedTexts = CHOICES[value];
    const label = 'phone' in texts ? texts[type][market] : texts[market];
    return { value, label, price_correction, appraisal_result, disabled };
  };
  return [
    {
      id: 'display',
      name: QUESTIONS.display[market],
      type: 'radio',
      role: 'general',
      choices: [
        choice('display_flawless', 'A+'),
        choice('display_micro', 'A'),
        choice('display_scratches', 'B'),
        choice('display_deep', 'C'),
        choice('display_cracked', 'D', correction(CORRECTIONS_CZK.displayCracked)),
      ],
    },
    {
      id: 'body',
      name: QUESTIONS.body[type][market],
      type: 'radio',
      role: 'general',
      choices: [
        choice('body_like_new', 'A+'),
        choice('body_light', 'A'),
        choice('body_scratches', 'B'),
        choice('body_dents', 'C'),
        choice('body_cracked', 'D', correction(CORRECTIONS_CZK.bodyCracked)),
      ],
    },
    {
      id: 'functions',
      name: QUESTIONS.functions[market],
      type: 'select',
      role: 'general',
      choices: [
        choice('functions_all', 'A+'),
        choice('functions_minor', 'C', correction(CORRECTIONS_CZK.functionsMinor)),
        choice('functions_faulty', 'D', correction(CORRECTIONS_CZK.functionsFaulty)),
        choice('functions_dead', null, 0, true),
      ],
    },
    {
      id: 'battery',
      name: QUESTIONS.battery[market],
      type: 'radio',
      role: 'battery',
      choices: [choice('battery_good', null), choice('battery_worn', null, correction(CORRECTIONS_CZK.batteryWorn))],
    },
    {
      id: 'charger',
      name: QUESTIONS.charger[market],
      type: 'radio',
      role: 'original_charger',
      choices: [choice('charger_yes', null), choice('charger_no', null, correction(CORRECTIONS_CZK.chargerMissing))],
    },
  ];
}

function priceListFor(modelId: string, type: DeviceType, baseCzk: number, market: Market): PriceList {
  const pricesCzk = Object.fromEntries(QUALITIES.map((q) => [q, roundToTens(baseCzk * QUALITY_SHARES[q])])) as Record<
    Quality,
    number
  >;
  const prices = Object.fromEntries(QUALITIES.map((q) => [q, inMarket(pricesCzk[q], market)])) as Record<Quality, number>;
  return {
    model_id: modelId,
    currency: currencyOf(market),
    version: DEMO_VERSION,
    prices,
    device_conditions: conditionsFor(type, baseCzk, market),
    default_device_condition_choices: Object.fromEntries(QUALITIES.map((q) => [q, [...DEFAULT_CHOICES[q]]])) as Record<
      Quality,
      string[]
    >,
    minimal_buyout_price: Math.min(inMarket(MINIMAL_PRICE_CZK, market), prices.D),
    bonus_percentage: BONUS_PERCENTAGE[type],
  };
}

/** The demo buy-back catalogue of a market. Deterministic: every call returns an equal, freshly built catalogue. */
export function demoCatalogue(market: Market): BuyBackCatalogue {
  const models: DeviceModel[] = [];
  const price_lists: PriceList[] = [];
  for (const type of DEVICE_TYPES) {
    for (const [manufacturerId, label, baseCzk, colorKeys] of MODELS[type]) {
      const manufacturer = MANUFACTURERS.find((m) => m.id === manufacturerId);
      if (!manufacturer) throw new Error(`Demo catalogue: unknown manufacturer ${manufacturerId}`);
      const slug = slugify(label);
      // `Xiaomi 14` or `Apple Watch Series 9` already name the maker: neither the id nor the alt text repeats it.
      const namesMaker = label.startsWith(`${manufacturer.label} `);
      const id = namesMaker ? slug : `${manufacturerId}-${slug}`;
      const device = namesMaker ? label : `${manufacturer.label} ${label}`;
      const colors: ColorVariant[] = colorKeys.map((key) => {
        const colorLabel = COLORS[key][market];
        return {
          id: `${id}-${key}`,
          label: colorLabel,
          slug: slugify(colorLabel),
          // Drawn by the storefront (web/src/server/device-image.ts) in the colour of the key.
          image: `/images/buyout/${slug}/${key}.svg`,
          image_alt: IMAGE_ALT[market](device, colorLabel),
        };
      });
      models.push({ id, device_type: type, manufacturer_id: manufacturerId, label, slug, colors });
      price_lists.push(priceListFor(id, type, baseCzk, market));
    }
  }
  const manufacturers: Manufacturer[] = MANUFACTURERS.map(({ id, label }) => ({
    id,
    label,
    slug: slugify(label),
    device_types: DEVICE_TYPES.filter((type) => models.some((m) => m.manufacturer_id === id && m.device_type === type)),
  }));
  return { market, manufacturers, models, price_lists };
}
