import type { Market } from '@buyloop/kit';
import type { ColourKey } from './colours';
import type { MakerId } from './devices';

/**
 * The demo's accessories (chargers, cases, cables, headphones) and the
 * shop's own services sold with a device (insurance, warranty extensions).
 * `fits` says which devices an accessory is recommended with, so the
 * relations follow from the tables rather than from a list kept by hand.
 */

export type AccessoryKind = 'charger' | 'case' | 'cable' | 'headphones';
export type Connector = 'usb-c' | 'lightning';

type Texts = Readonly<Record<Market, string>>;

/** The accessory parameters the demo fills in; their names per market are in data-set.ts. */
export type AccessoryParamKey =
  'power' | 'connector' | 'length' | 'material' | 'magsafe' | 'anc' | 'playtime' | 'form' | 'wireless' | 'compatibility';

export type AccessoryParam = readonly [key: AccessoryParamKey, value: string | boolean | Texts];

export interface AccessoryRow {
  readonly kind: AccessoryKind;
  readonly maker: MakerId;
  readonly name: string;
  readonly newCzk: number;
  readonly colours: readonly ColourKey[];
  readonly params: readonly AccessoryParam[];
  /** Package width × height × depth in cm. */
  readonly box: readonly [number, number, number];
  readonly weightG: number;
  /** Recommended with these device models (by name), every device of these makers, or every device with this connector. */
  readonly fits?: { readonly models?: readonly string[]; readonly makers?: readonly MakerId[]; readonly connector?: Connector };
  readonly externalStock?: boolean;
}

const SILICONE: Texts = { cz: 'Silikon', ro: 'Silicon' };
const POLYCARBONATE: Texts = { cz: 'Polykarbonát a TPU', ro: 'Policarbonat și TPU' };
export const IN_EAR_FORM: Texts = { cz: 'Špuntová (do uší)', ro: 'In-ear' };
const IN_EAR = IN_EAR_FORM;
const OVER_EAR: Texts = { cz: 'Přes hlavu', ro: 'Over-ear' };
const ON_EAR: Texts = { cz: 'Na uši', ro: 'On-ear' };
const BRAIDED: Texts = { cz: 'Opletený', ro: 'Împletit' };

const CHARGER_BOX = [7, 10, 4] as const;
const CASE_BOX = [10, 19, 2] as const;
const CABLE_BOX = [10, 10, 3] as const;
const BUDS_BOX = [11, 13, 5] as const;
const OVER_EAR_BOX = [20, 25, 9] as const;

export const ACCESSORIES: readonly AccessoryRow[] = [
  // Chargers
  {
    kind: 'charger',
    maker: 'apple',
    name: 'Apple 20W USB-C Power Adapter',
    newCzk: 549,
    colours: ['white'],
    params: [
      ['power', '20 W'],
      ['connector', 'USB-C'],
    ],
    box: CHARGER_BOX,
    weightG: 60,
    fits: { makers: ['apple'] },
  },
  {
    kind: 'charger',
    maker: 'apple',
    name: 'Apple 35W Dual USB-C Port Compact Power Adapter',
    newCzk: 1_590,
    colours: ['white'],
    params: [
      ['power', '35 W'],
      ['connector', '2× USB-C'],
    ],
    box: CHARGER_BOX,
    weightG: 110,
  },
  {
    kind: 'charger',
    maker: 'apple',
    name: 'Apple MagSafe Charger (1 m)',
    newCzk: 1_290,
    colours: ['white'],
    params: [
      ['power', '25 W'],
      ['wireless', true],
      ['magsafe', true],
      ['length', '1 m'],
    ],
    box: CHARGER_BOX,
    weightG: 70,
  },
  {
    kind: 'charger',
    maker: 'samsung',
    name: 'Samsung 25W Power Adapter EP-T2510',
    newCzk: 449,
    colours: ['black', 'white'],
    params: [
      ['power', '25 W'],
      ['connector', 'USB-C'],
    ],
    box: CHARGER_BOX,
    weightG: 55,
    fits: { makers: ['samsung'] },
  },
  {
    kind: 'charger',
    maker: 'samsung',
    name: 'Samsung 45W Power Adapter EP-T4511',
    newCzk: 899,
    colours: ['black'],
    params: [
      ['power', '45 W'],
      ['connector', 'USB-C'],
    ],
    box: CHARGER_BOX,
    weightG: 80,
  },
  {
    kind: 'charger',
    maker: 'google',
    name: 'Google 30W USB-C Charger',
    newCzk: 699,
    colours: ['white'],
    params: [
      ['power', '30 W'],
      ['connector', 'USB-C'],
    ],
    box: CHARGER_BOX,
    weightG: 65,
    fits: { makers: ['google'] },
  },
  {
    kind: 'charger',
    maker: 'xiaomi',
    name: 'Xiaomi 67W Charging Combo',
    newCzk: 699,
    colours: ['white'],
    params: [
      ['power', '67 W'],
      ['connector', 'USB-A'],
    ],
    box: CHARGER_BOX,
    weightG: 120,
    fits: { makers: ['xiaomi'] },
  },
  {
    kind: 'charger',
    maker: 'anker',
    name: 'Anker 511 Charger (Nano 3, 30W)',
    newCzk: 599,
    colours: ['black', 'white', 'light-blue'],
    params: [
      ['power', '30 W'],
      ['connector', 'USB-C'],
    ],
    box: CHARGER_BOX,
    weightG: 40,
    fits: { makers: ['motorola', 'honor', 'nothing', 'oneplus'] },
  },
  {
    kind: 'charger',
    maker: 'anker',
    name: 'Anker 735 Charger (GaNPrime 65W)',
    newCzk: 1_290,
    colours: ['black'],
    params: [
      ['power', '65 W'],
      ['connector', '2× USB-C, USB-A'],
    ],
    box: CHARGER_BOX,
    weightG: 130,
  },
  {
    kind: 'charger',
    maker: 'belkin',
    name: 'Belkin BoostCharge Pro 3-in-1 MagSafe Charging Pad',
    newCzk: 3_490,
    colours: ['black', 'white'],
    params: [
      ['power', '15 W'],
      ['wireless', true],
      ['magsafe', true],
      ['compatibility', 'iPhone, Apple Watch, AirPods'],
    ],
    box: [20, 27, 6],
    weightG: 450,
    externalStock: true,
  },
  // Cases
  {
    kind: 'case',
    maker: 'apple',
    name: 'iPhone 17 Pro Silicone Case with MagSafe',
    newCzk: 1_490,
    colours: ['black', 'orange', 'deep-blue'],
    params: [
      ['material', SILICONE],
      ['magsafe', true],
      ['compatibility', 'iPhone 17 Pro'],
    ],
    box: CASE_BOX,
    weightG: 30,
    fits: { models: ['iPhone 17 Pro'] },
  },
  {
    kind: 'case',
    maker: 'apple',
    name: 'iPhone 17 Clear Case with MagSafe',
    newCzk: 1_490,
    colours: ['clear'],
    params: [
      ['material', POLYCARBONATE],
      ['magsafe', true],
      ['compatibility', 'iPhone 17'],
    ],
    box: CASE_BOX,
    weightG: 36,
    fits: { models: ['iPhone 17'] },
  },
  {
    kind: 'case',
    maker: 'apple',
    name: 'iPhone 16 Silicone Case with MagSafe',
    newCzk: 1_290,
    colours: ['black', 'light-blue', 'pink'],
    params: [
      ['material', SILICONE],
      ['magsafe', true],
      ['compatibility', 'iPhone 16'],
    ],
    box: CASE_BOX,
    weightG: 30,
    fits: { models: ['iPhone 16'] },
  },
  {
    kind: 'case',
    maker: 'spigen',
    name: 'Spigen Ultra Hybrid MagFit for iPhone 16 Pro',
    newCzk: 549,
    colours: ['clear', 'black'],
    params: [
      ['material', POLYCARBONATE],
      ['magsafe', true],
      ['compatibility', 'iPhone 16 Pro'],
    ],
    box: CASE_BOX,
    weightG: 40,
    fits: { models: ['iPhone 16 Pro'] },
  },
  {
    kind: 'case',
    maker: 'spigen',
    name: 'Spigen Liquid Air for iPhone 15',
    newCzk: 399,
    colours: ['black'],
    params: [
      ['material', { cz: 'TPU', ro: 'TPU' }],
      ['compatibility', 'iPhone 15'],
    ],
    box: CASE_BOX,
    weightG: 32,
    fits: { models: ['iPhone 15', 'iPhone 14', 'iPhone 13'] },
  },
  {
    kind: 'case',
    maker: 'samsung',
    name: 'Samsung Galaxy S25 Ultra Silicone Case',
    newCzk: 899,
    colours: ['black', 'light-blue'],
    params: [
      ['material', SILICONE],
      ['compatibility', 'Galaxy S25 Ultra'],
    ],
    box: CASE_BOX,
    weightG: 34,
    fits: { models: ['Galaxy S25 Ultra'] },
  },
  {
    kind: 'case',
    maker: 'samsung',
    name: 'Samsung Galaxy S25 Clear Case',
    newCzk: 499,
    colours: ['clear'],
    params: [
      ['material', POLYCARBONATE],
      ['compatibility', 'Galaxy S25'],
    ],
    box: CASE_BOX,
    weightG: 28,
    fits: { models: ['Galaxy S25'] },
  },
  {
    kind: 'case',
    maker: 'google',
    name: 'Google Pixel 10 Pro Case',
    newCzk: 899,
    colours: ['obsidian', 'porcelain'],
    params: [
      ['material', { cz: 'Recyklovaný silikon', ro: 'Silicon reciclat' }],
      ['compatibility', 'Pixel 10 Pro'],
    ],
    box: CASE_BOX,
    weightG: 35,
    fits: { models: ['Pixel 10 Pro'] },
  },
  {
    kind: 'case',
    maker: 'apple',
    name: 'Smart Folio for iPad Air 11" (M3)',
    newCzk: 2_290,
    colours: ['charcoal', 'light-blue'],
    params: [
      ['material', { cz: 'Polyuretan', ro: 'Poliuretan' }],
      ['compatibility', 'iPad Air 11" (M2), iPad Air 11" (M3)'],
    ],
    box: [20, 27, 2],
    weightG: 170,
    fits: { models: ['iPad Air 11" (M3)', 'iPad Air 11" (M2)'] },
  },
  // Cables
  {
    kind: 'cable',
    maker: 'apple',
    name: 'Apple USB-C Woven Charge Cable (1 m)',
    newCzk: 549,
    colours: ['white'],
    params: [
      ['connector', 'USB-C – USB-C'],
      ['length', '1 m'],
      ['power', '60 W'],
      ['material', BRAIDED],
    ],
    box: CABLE_BOX,
    weightG: 30,
    fits: { makers: ['apple'], connector: 'usb-c' },
  },
  {
    kind: 'cable',
    maker: 'apple',
    name: 'Apple USB-C to Lightning Cable (1 m)',
    newCzk: 549,
    colours: ['white'],
    params: [
      ['connector', 'USB-C – Lightning'],
      ['length', '1 m'],
    ],
    box: CABLE_BOX,
    weightG: 25,
    fits: { connector: 'lightning' },
  },
  {
    kind: 'cable',
    maker: 'samsung',
    name: 'Samsung USB-C to USB-C Cable 5A (1.8 m)',
    newCzk: 399,
    colours: ['black', 'white'],
    params: [
      ['connector', 'USB-C – USB-C'],
      ['length', '1,8 m'],
      ['power', '100 W'],
    ],
    box: CABLE_BOX,
    weightG: 40,
    fits: { makers: ['samsung'], connector: 'usb-c' },
  },
  {
    kind: 'cable',
    maker: 'anker',
    name: 'Anker 322 USB-C to USB-C Cable (1.8 m)',
    newCzk: 249,
    colours: ['black', 'white'],
    params: [
      ['connector', 'USB-C – USB-C'],
      ['length', '1,8 m'],
      ['power', '60 W'],
      ['material', BRAIDED],
    ],
    box: CABLE_BOX,
    weightG: 45,
    fits: { makers: ['xiaomi', 'google', 'motorola', 'honor', 'nothing', 'oneplus'], connector: 'usb-c' },
  },
  {
    kind: 'cable',
    maker: 'belkin',
    name: 'Belkin BoostCharge USB-C to USB-C Cable (2 m)',
    newCzk: 499,
    colours: ['black', 'white'],
    params: [
      ['connector', 'USB-C – USB-C'],
      ['length', '2 m'],
      ['power', '100 W'],
    ],
    box: CABLE_BOX,
    weightG: 50,
  },
  // Headphones
  {
    kind: 'headphones',
    maker: 'apple',
    name: 'AirPods 4',
    newCzk: 3_790,
    colours: ['white'],
    params: [
      ['form', IN_EAR],
      ['wireless', true],
      ['anc', false],
      ['playtime', '5 h (30 h)'],
    ],
    box: BUDS_BOX,
    weightG: 120,
    fits: { makers: ['apple'] },
  },
  {
    kind: 'headphones',
    maker: 'apple',
    name: 'AirPods 4 with Active Noise Cancellation',
    newCzk: 4_990,
    colours: ['white'],
    params: [
      ['form', IN_EAR],
      ['wireless', true],
      ['anc', true],
      ['playtime', '5 h (30 h)'],
    ],
    box: BUDS_BOX,
    weightG: 125,
  },
  {
    kind: 'headphones',
    maker: 'apple',
    name: 'AirPods Pro 3',
    newCzk: 6_790,
    colours: ['white'],
    params: [
      ['form', IN_EAR],
      ['wireless', true],
      ['anc', true],
      ['playtime', '8 h (24 h)'],
    ],
    box: BUDS_BOX,
    weightG: 140,
  },
  {
    kind: 'headphones',
    maker: 'apple',
    name: 'AirPods Max (USB-C)',
    newCzk: 15_490,
    colours: ['midnight', 'starlight', 'blue'],
    params: [
      ['form', OVER_EAR],
      ['wireless', true],
      ['anc', true],
      ['playtime', '20 h'],
    ],
    box: OVER_EAR_BOX,
    weightG: 680,
  },
  {
    kind: 'headphones',
    maker: 'samsung',
    name: 'Galaxy Buds3 Pro',
    newCzk: 5_990,
    colours: ['silver', 'white'],
    params: [
      ['form', IN_EAR],
      ['wireless', true],
      ['anc', true],
      ['playtime', '6 h (26 h)'],
    ],
    box: BUDS_BOX,
    weightG: 110,
    fits: { makers: ['samsung'] },
  },
  {
    kind: 'headphones',
    maker: 'samsung',
    name: 'Galaxy Buds FE',
    newCzk: 2_290,
    colours: ['graphite', 'white'],
    params: [
      ['form', IN_EAR],
      ['wireless', true],
      ['anc', true],
      ['playtime', '6 h (21 h)'],
    ],
    box: BUDS_BOX,
    weightG: 100,
  },
  {
    kind: 'headphones',
    maker: 'google',
    name: 'Pixel Buds Pro 2',
    newCzk: 5_990,
    colours: ['hazel', 'porcelain', 'peony'],
    params: [
      ['form', IN_EAR],
      ['wireless', true],
      ['anc', true],
      ['playtime', '8 h (30 h)'],
    ],
    box: BUDS_BOX,
    weightG: 110,
    fits: { makers: ['google'] },
  },
  {
    kind: 'headphones',
    maker: 'nothing',
    name: 'Nothing Ear (a)',
    newCzk: 2_590,
    colours: ['black', 'white', 'yellow'],
    params: [
      ['form', IN_EAR],
      ['wireless', true],
      ['anc', true],
      ['playtime', '9,5 h (42,5 h)'],
    ],
    box: BUDS_BOX,
    weightG: 100,
    fits: { makers: ['nothing', 'oneplus'] },
  },
  {
    kind: 'headphones',
    maker: 'sony',
    name: 'Sony WH-1000XM5',
    newCzk: 8_490,
    colours: ['black', 'silver', 'midnight-blue'],
    params: [
      ['form', OVER_EAR],
      ['wireless', true],
      ['anc', true],
      ['playtime', '30 h'],
    ],
    box: OVER_EAR_BOX,
    weightG: 650,
    fits: { makers: ['xiaomi', 'honor', 'motorola'] },
  },
  {
    kind: 'headphones',
    maker: 'sony',
    name: 'Sony WF-1000XM5',
    newCzk: 6_990,
    colours: ['black', 'silver'],
    params: [
      ['form', IN_EAR],
      ['wireless', true],
      ['anc', true],
      ['playtime', '8 h (24 h)'],
    ],
    box: BUDS_BOX,
    weightG: 120,
    externalStock: true,
  },
  {
    kind: 'headphones',
    maker: 'jbl',
    name: 'JBL Tune 520BT',
    newCzk: 1_190,
    colours: ['black', 'white', 'blue'],
    params: [
      ['form', ON_EAR],
      ['wireless', true],
      ['anc', false],
      ['playtime', '57 h'],
    ],
    box: [18, 22, 7],
    weightG: 330,
  },
  {
    kind: 'headphones',
    maker: 'jbl',
    name: 'JBL Tune Beam',
    newCzk: 2_190,
    colours: ['black', 'white', 'blue'],
    params: [
      ['form', IN_EAR],
      ['wireless', true],
      ['anc', true],
      ['playtime', '12 h (48 h)'],
    ],
    box: BUDS_BOX,
    weightG: 110,
  },
  {
    kind: 'headphones',
    maker: 'jbl',
    name: 'JBL Live 770NC',
    newCzk: 4_290,
    colours: ['black', 'white', 'blue'],
    params: [
      ['form', OVER_EAR],
      ['wireless', true],
      ['anc', true],
      ['playtime', '65 h'],
    ],
    box: OVER_EAR_BOX,
    weightG: 520,
  },
];

/** The shop's own services: insurance and warranty extensions, sent by e-mail (an electronic licence, spec 4). */
export type ServiceKind = 'insurance' | 'warranty';

export interface ServiceRow {
  readonly kind: ServiceKind;
  /** Stable key (the product's id and code derive from it). */
  readonly key: string;
  readonly name: Texts;
  /** Covers devices up to this new price in CZK (the device's own price decides which one is offered). */
  readonly upToCzk: number;
  readonly newCzk: number;
  readonly months: number;
}

export const SERVICES: readonly ServiceRow[] = [
  {
    kind: 'insurance',
    key: 'insurance-10k',
    name: {
      cz: 'Pojištění proti poškození a odcizení na 1 rok (zařízení do 10 000 Kč)',
      ro: 'Asigurare împotriva daunelor și furtului, 1 an (dispozitive până la 2 000 Lei)',
    },
    upToCzk: 10_000,
    newCzk: 790,
    months: 12,
  },
  {
    kind: 'insurance',
    key: 'insurance-25k',
    name: {
      cz: 'Pojištění proti poškození a odcizení na 1 rok (zařízení do 25 000 Kč)',
      ro: 'Asigurare împotriva daunelor și furtului, 1 an (dispozitive până la 5 000 Lei)',
    },
    upToCzk: 25_000,
    newCzk: 1_490,
    months: 12,
  },
  {
    kind: 'insurance',
    key: 'insurance-60k',
    name: {
      cz: 'Pojištění proti poškození a odcizení na 1 rok (zařízení do 60 000 Kč)',
      ro: 'Asigurare împotriva daunelor și furtului, 1 an (dispozitive până la 12 000 Lei)',
    },
    upToCzk: 60_000,
    newCzk: 2_690,
    months: 12,
  },
  {
    kind: 'warranty',
    key: 'warranty-1y-15k',
    name: {
      cz: 'Prodloužená záruka o 1 rok (zařízení do 15 000 Kč)',
      ro: 'Garanție extinsă cu 1 an (dispozitive până la 3 000 Lei)',
    },
    upToCzk: 15_000,
    newCzk: 690,
    months: 12,
  },
  {
    kind: 'warranty',
    key: 'warranty-3y-15k',
    name: {
      cz: 'Prodloužená záruka o 3 roky (zařízení do 15 000 Kč)',
      ro: 'Garanție extinsă cu 3 ani (dispozitive până la 3 000 Lei)',
    },
    upToCzk: 15_000,
    newCzk: 1_590,
    months: 36,
  },
  {
    kind: 'warranty',
    key: 'warranty-1y-60k',
    name: {
      cz: 'Prodloužená záruka o 1 rok (zařízení do 60 000 Kč)',
      ro: 'Garanție extinsă cu 1 an (dispozitive până la 12 000 Lei)',
    },
    upToCzk: 60_000,
    newCzk: 1_490,
    months: 12,
  },
  {
    kind: 'warranty',
    key: 'warranty-3y-60k',
    name: {
      cz: 'Prodloužená záruka o 3 roky (zařízení do 60 000 Kč)',
      ro: 'Garanție extinsă cu 3 ani (dispozitive până la 12 000 Lei)',
    },
    upToCzk: 60_000,
    newCzk: 3_290,
    months: 36,
  },
];
