/**
 * The generated catalogue bench:shop searches: models and their variants
 * written as the catalogue's own events (decided by its deciders, so every
 * product passes the rules a person's product passes), appended straight to
 * the event store in parallel batches. The CSV import writes the same events
 * but one request, claim and read at a time (about 0.3 s a product on a busy
 * machine): 10,000 products would take most of an hour. The product's
 * projector folds these like any others when it starts.
 */
import {
  claimDecider,
  demoDataSet,
  masterDecider,
  masterStream,
  PRODUCT_GRADES,
  priceStream,
  pricingDecider,
  productDecider,
  productStream,
  seoNameStream,
  type MasterFields,
  type ProductFields,
  type ProductKind,
} from '@buyloop/catalogue';
import type { EventStore } from '@buyloop/event-store';

type AppendOptions = Parameters<EventStore['append']>[2];
type Market = AppendOptions['market'];

/** Model families: made-up words, so a search for one finds the generated models and not the demo's. */
const FAMILIES = [
  'Nova',
  'Orbit',
  'Vega',
  'Lumen',
  'Atlas',
  'Zenit',
  'Kappa',
  'Sigma',
  'Delta',
  'Bora',
  'Fjord',
  'Aurora',
  'Cosmo',
  'Dune',
  'Ember',
  'Flux',
  'Glacier',
  'Horizon',
  'Iris',
  'Jade',
  'Kestrel',
  'Lynx',
  'Meridian',
  'Nimbus',
] as const;
const SUFFIXES = ['', ' Pro', ' Lite', ' Max', ' Plus', ' Ultra', ' Mini', ' Edge'] as const;
const COLOURS = ['Černá', 'Bílá', 'Modrá', 'Zelená', 'Růžová', 'Stříbrná', 'Zlatá', 'Fialová', 'Šedá'] as const;
const CAPACITIES = ['64 GB', '128 GB', '256 GB', '512 GB'] as const;

/** A model's type device, its kind and who makes it (the demo data's reference lists). */
const LINES: readonly { typeDevice: string; kind: ProductKind; makers: readonly string[]; capacities: boolean }[] = [
  {
    typeDevice: 'phone',
    kind: 'device',
    makers: ['samsung', 'xiaomi', 'motorola', 'honor', 'oneplus', 'google'],
    capacities: true,
  },
  { typeDevice: 'phone', kind: 'device', makers: ['apple', 'samsung', 'nothing', 'xiaomi'], capacities: true },
  { typeDevice: 'tablet', kind: 'device', makers: ['apple', 'samsung', 'xiaomi', 'honor'], capacities: true },
  { typeDevice: 'smartwatch', kind: 'device', makers: ['garmin', 'samsung', 'apple', 'xiaomi'], capacities: false },
  { typeDevice: 'headphones', kind: 'device', makers: ['sony', 'jbl', 'apple', 'samsung'], capacities: false },
  { typeDevice: 'case', kind: 'accessory', makers: ['spigen', 'belkin', 'buyloop'], capacities: false },
  { typeDevice: 'charger', kind: 'accessory', makers: ['anker', 'belkin', 'samsung'], capacities: false },
  { typeDevice: 'cable', kind: 'accessory', makers: ['anker', 'belkin', 'buyloop'], capacities: false },
];

/** Variants per model: colours, capacities and one second-hand piece, as the demo's models have. */
const VARIANTS = 5;

export interface GeneratedCatalogue {
  readonly models: number;
  readonly products: number;
  readonly events: number;
  readonly seconds: number;
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Runs `work` over 0…count-1, at most `limit` at a time. */
async function inParallel(count: number, limit: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

/**
 * Appends `products` generated products (in models of five variants) with
 * their prices to `store`, `parallel` models at a time: per model its
 * seo_name claim, its master stream (created, variants attached), and per
 * variant its product stream and its price.
 */
export async function appendGeneratedCatalogue(
  store: EventStore,
  options: { products: number; market: Market; parallel?: number; progress?: (done: number) => void },
): Promise<GeneratedCatalogue> {
  const began = Date.now();
  const { market } = options;
  const demo = demoDataSet(market, new Date());
  const maker = new Map(demo.manufacturers.map((m) => [m.id, m.name]));
  const at = new Date(Date.now() - 60_000).toISOString();
  const actor = { userId: 'bench-shop', role: 'system' } as AppendOptions['actor'];
  const append = (stream: string, events: readonly { type: string; data: unknown }[]) =>
    store.append(stream, events, { expectedVersion: 'no_stream', actor, market });
  const models = Math.ceil(options.products / VARIANTS);
  let events = 0;
  let done = 0;

  await inParallel(models, options.parallel ?? 8, async (m) => {
    const line = LINES[m % LINES.length]!;
    const manufacturerId = line.makers[Math.floor(m / LINES.length) % line.makers.length]!;
    const family = FAMILIES[Math.floor(m / LINES.length) % FAMILIES.length]!;
    const name = `${family} ${10 + Math.floor(m / (LINES.length * FAMILIES.length))}${SUFFIXES[m % SUFFIXES.length]}`;
    const masterProductId = `gen-${m}`;
    const seoName = `${slug(`${maker.get(manufacturerId) ?? manufacturerId} ${name}`)}-g${m}`;
    const fields: MasterFields = {
      name,
      seoName,
      manufacturerId,
      typeDeviceId: line.typeDevice,
      description: '',
      params: [],
      photoIds: [],
      package: null,
      seoTitle: null,
      seoDescription: null,
    };
    const claimed = claimDecider.decide(
      {
        type: 'ClaimValue',
        value: seoName,
        owner: masterProductId,
        holderStillUses: false,
        takenCode: 'catalogue.product.seo_name_taken',
        at,
      },
      claimDecider.initialState(),
    );
    await append(seoNameStream(seoName), claimed);
    const master = masterDecider.decide(
      {
        type: 'CreateMaster',
        masterProductId,
        fields,
        references: { manufacturerExists: true, typeDeviceExists: true, existingPhotoIds: [] },
        at,
      },
      masterDecider.initialState(),
    );
    const variants = Math.min(VARIANTS, options.products - m * VARIANTS);
    const codes: string[] = [];
    for (let v = 0; v < variants; v++) {
      const index = m * VARIANTS + v;
      const code = `GEN${String(index).padStart(6, '0')}`;
      const colour = COLOURS[(m + v) % COLOURS.length]!;
      const capacity = line.capacities ? CAPACITIES[(m + v) % CAPACITIES.length]! : null;
      const used = v === VARIANTS - 1;
      const shown = [name, capacity].filter(Boolean).join(' ');
      const product: ProductFields = {
        ean: null,
        colour,
        capacity,
        quality: used ? 'used' : 'new',
        grade: used ? PRODUCT_GRADES[index % PRODUCT_GRADES.length]! : null,
        longName: `${maker.get(manufacturerId) ?? manufacturerId} ${shown}, ${colour}`,
        shortName: shown,
        vatRate: 21,
        preOrder: false,
        electronicLicence: false,
        externalStock: false,
        legalWarrantyMonths: used ? 12 : 24,
        kind: line.kind,
        extensionMonths: null,
      };
      const created = productDecider.decide(
        { type: 'CreateProduct', code, masterProductId, fields: product, masterActive: true, market, at },
        productDecider.initialState(),
      );
      const priced = pricingDecider.decide(
        { type: 'SetPrice', code, market, price: 990 + ((index * 37) % 40_000), validFrom: at, at, allowPast: true },
        pricingDecider.initialState(),
      );
      await append(productStream(code), created);
      await append(priceStream(code, market), priced);
      events += created.length + priced.length;
      codes.push(code);
    }
    // Each variant attached to the master as it stands after the ones before (the decider refuses a master that is not there).
    let state = master.reduce(masterDecider.evolve, masterDecider.initialState());
    const attached = codes.flatMap((code) => {
      const decided = masterDecider.decide({ type: 'AttachVariant', masterProductId, code, at }, state);
      state = decided.reduce(masterDecider.evolve, state);
      return decided;
    });
    await append(masterStream(masterProductId), [...master, ...attached]);
    events += claimed.length + master.length + attached.length;
    done += codes.length;
    if (m % 100 === 99) options.progress?.(done);
  });
  return { models, products: done, events, seconds: Math.round((Date.now() - began) / 100) / 10 };
}

// --- what people search for ---------------------------------------------------------------

const MAKERS = [
  'Samsung',
  'Xiaomi',
  'Apple',
  'Motorola',
  'Honor',
  'OnePlus',
  'Google',
  'Garmin',
  'Sony',
  'JBL',
  'Anker',
  'Belkin',
];
/** Words that each match thousands of the generated products (a name's capacity, colour, kind, maker). */
const COMMON = ['samsung', 'pro', '128', 'gb', 'černá', 'telefony', 'apple', 'modrá', 'max', '256', 'kryty', 'mobilní', 'plus'];
const KIND_WORDS = ['nabíječky', 'sluchátka', 'hodinky', 'kryty', 'tablety', 'telefony', 'kabely'];
const unaccented = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
/** A typo: two neighbouring letters swapped, never the first. */
const swapped = (word: string, at: number) => {
  const i = 1 + (at % Math.max(1, word.length - 2));
  return word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2);
};

/**
 * What people type, in six kinds, one after another: a prefix still being
 * typed, a typo, a term without (or with) the accents, a model named in two
 * to four words, six common words, and a demo model's name. The numbers and
 * words rotate, so few terms repeat.
 */
export function searchTerms(count: number): readonly { readonly kind: string; readonly term: string }[] {
  const demoModels = demoDataSet('cz', new Date()).masters.map((master) => master.name);
  const terms: { kind: string; term: string }[] = [];
  for (let i = 0; i < count; i++) {
    const n = Math.floor(i / 6);
    const family = FAMILIES[n % FAMILIES.length]!;
    const maker = MAKERS[n % MAKERS.length]!;
    const colour = COLOURS[n % COLOURS.length]!;
    const number = 10 + (n % 11);
    switch (i % 6) {
      case 0:
        terms.push({ kind: 'prefix', term: n % 2 ? family.slice(0, 3 + (n % 3)) : `${maker} ${family.slice(0, 2 + (n % 3))}` });
        break;
      case 1:
        terms.push({
          kind: 'typo',
          term: n % 2 ? `${swapped(maker.toLowerCase(), n)} ${family}` : `${family} ${swapped(family, n)} ${number}`,
        });
        break;
      case 2: {
        const kind = KIND_WORDS[n % KIND_WORDS.length]!;
        terms.push({
          kind: 'accents',
          term: n % 2 ? `${unaccented(kind)} ${maker}` : `${unaccented(colour).toLowerCase()} ${family} ${number}`,
        });
        break;
      }
      case 3:
        terms.push({
          kind: 'multi-word',
          term: [`${maker} ${family} ${number}`, `${family} ${number} Pro`, `${maker} ${family} 256 GB`, `${family} ${colour}`][
            n % 4
          ]!,
        });
        break;
      case 4:
        terms.push({
          kind: 'six-common-words',
          term: Array.from({ length: 6 }, (_, k) => COMMON[(n + k * 2) % COMMON.length]).join(' '),
        });
        break;
      default: {
        const model = demoModels[n % demoModels.length] ?? 'iPhone 17';
        terms.push({ kind: 'demo-model', term: n % 2 ? model : swapped(model, n) });
      }
    }
  }
  return terms;
}
