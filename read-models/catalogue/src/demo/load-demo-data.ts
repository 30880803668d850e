import {
  CategoryService,
  deterministicId,
  demoDataSet,
  masterDecider,
  masterStream,
  demoLocations,
  pricingDecider,
  priceStream,
  ProductsService,
  StockService,
  type DemoDataSet,
  type DemoImage,
  type DemoPrice,
  type PriceEvent,
  type PricingCommand,
  type PricingState,
  type ReferenceKind,
} from '@buyloop/catalogue';
import { fold, handleCommand, type Actor, type Market } from '@buyloop/kit';
import type { ModuleContext } from '@buyloop/projector';
import { productImagesFor } from '../media/part';

/**
 * Loads the catalogue's demo data set (services/catalogue/src/demo) through
 * the areas' own services, so every demo product passes the rules a person's
 * product passes: reference lists, master products, their variants,
 * relations, meta masters, the category tree with its assignments, stock
 * and prices, in that order (each step names what the earlier ones made).
 *
 * The pictures come apart (drawDemoPictures): drawing and resizing one takes
 * a third of a second of both cores, so the 361 of them would hold the start
 * for two minutes. The API starts with the models in place and their photos
 * are attached model by model while it runs.
 *
 * Loaded once per data directory: the last thing written is the last
 * product's price, so its stream says the load finished. A load that was
 * interrupted starts again from the beginning and skips what is there
 * already (every step looks before it writes, and stock receipts and prices
 * carry ids derived from the data), so it finishes without duplicates; the
 * pictures likewise carry on with the models that have none yet.
 */

const DEMO_ACTOR: Actor = { userId: 'demo-data', role: 'system' };
/** Streams written at once: PGlite serialises the writes anyway, this keeps the reads of the next ones going. */
const PARALLEL = 8;

export interface DemoLoadReport {
  readonly loaded: boolean;
  readonly lines: readonly string[];
}

type LoaderContext = Pick<ModuleContext, 'events' | 'documents' | 'market' | 'clock'>;

/** Runs `work` over the items, at most `limit` at a time, in order of start. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const streamExists = async (context: LoaderContext, stream: string): Promise<boolean> =>
  (await context.events.readStream(stream, { limit: 1 })).length > 0;

/** The price stream that is written last: when it holds events, everything before it was loaded. */
const finishedMarker = (data: DemoDataSet, market: Market): string | null => {
  const last = data.prices.at(-1);
  return last ? priceStream(last.code, market) : null;
};

export interface DemoLoadOptions {
  /** The data set to load (the market's demo data set at the context's clock by default); tests load a smaller one. */
  readonly data?: DemoDataSet;
}

export async function loadCatalogueDemoData(context: LoaderContext, options: DemoLoadOptions = {}): Promise<DemoLoadReport> {
  const { market } = context;
  const startedAt = Date.now();
  const data = options.data ?? demoDataSet(market, context.clock());
  const marker = finishedMarker(data, market);
  if (marker && (await streamExists(context, marker))) return { loaded: false, lines: [] };

  const products = new ProductsService({ events: context.events, market, clock: context.clock });
  const categories = new CategoryService({ events: context.events, market, clock: context.clock });
  const stock = new StockService({ events: context.events, market, clock: context.clock });
  const timings: string[] = [];
  const step = async (name: string, work: () => Promise<void>): Promise<void> => {
    const began = Date.now();
    await work();
    timings.push(`${name} ${((Date.now() - began) / 1000).toFixed(1)} s`);
  };

  await step('reference lists', () => loadReferenceLists(products, data));
  await step('models', () => loadMasters(products, data));
  await step('products', () => loadProducts(products, context, data));
  await step('relations', () => loadRelations(products, data));
  await step('meta masters', () => loadMetaMasters(products, data));
  await step('categories', () => loadCategories(categories, data));
  const stocked = { count: 0 };
  await step('stock', () => loadStock(stock, data, stocked));
  await step('prices', () => loadPrices(context, data));

  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  return {
    loaded: true,
    lines: [
      `Demo catalogue loaded in ${seconds} s: ${data.masters.length} models, ${data.products.length} products, ` +
        `${data.categories.length} categories, ${stocked.count} stock receipts, ${data.prices.length} price histories ` +
        `(${timings.join(', ')})`,
    ],
  };
}

/** The models whose photos are not attached yet: those the picture drawing has still to do. */
export async function modelsWithoutPictures(context: LoaderContext, data: DemoDataSet): Promise<DemoDataSet['masters']> {
  const products = new ProductsService({ events: context.events, market: context.market, clock: context.clock });
  const missing: DemoDataSet['masters'][number][] = [];
  await inParallel(data.masters, PARALLEL, async (master) => {
    if (master.imageIds.length === 0) return;
    const { state } = await products.masterState(master.id);
    if (state.status === 'active' && (state.fields?.photoIds.length ?? 0) === 0) missing.push(master);
  });
  const order = new Map(data.masters.map((master, index) => [master.id, index]));
  return missing.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/**
 * Draws the pictures of these models (one per model and colour, through the
 * media area, exactly as an upload is stored) and attaches each model's
 * photos as soon as its colours are drawn. Two models at a time: the media
 * area draws two pictures at once. Stops between pictures once `signal` is
 * aborted; what is attached stays, the rest is drawn at the next start.
 */
export async function drawDemoPictures(
  context: LoaderContext,
  data: DemoDataSet,
  masters: DemoDataSet['masters'],
  signal: AbortSignal,
): Promise<{ readonly models: number; readonly pictures: number }> {
  const products = new ProductsService({ events: context.events, market: context.market, clock: context.clock });
  const pictures = productImagesFor(context, { actor: DEMO_ACTOR });
  const imagesOf = new Map<string, DemoImage[]>();
  for (const image of data.images) imagesOf.set(image.masterProductId, [...(imagesOf.get(image.masterProductId) ?? []), image]);
  let models = 0;
  let drawn = 0;
  await inParallel(masters, 2, async (master) => {
    const photoIds: string[] = [];
    for (const image of imagesOf.get(master.id) ?? []) {
      if (signal.aborted) return;
      const uploaded = await pictures.image({
        manufacturer: image.manufacturer,
        model: modelOnImage(image),
        colourName: image.colour?.name ?? data.typeDevices.find((t) => t.id === master.typeDeviceId)?.name ?? '',
        colourHex: image.hex,
        kind: image.drawing,
      });
      photoIds.push(uploaded.imageId);
      drawn++;
    }
    if (signal.aborted || photoIds.length === 0) return;
    await products.updateMaster(master.id, { photoIds });
    models++;
  });
  return { models, pictures: drawn };
}

// --- reference lists ------------------------------------------------------------------------

async function loadReferenceLists(products: ProductsService, data: DemoDataSet): Promise<void> {
  const entries: { kind: ReferenceKind; id: string; input: Parameters<ProductsService['createReferenceEntry']>[1] }[] = [
    ...data.typeDevices.map((t) => ({ kind: 'type_device' as const, id: t.id, input: { id: t.id, name: t.name } })),
    ...data.manufacturers.map((m) => ({ kind: 'manufacturer' as const, id: m.id, input: { id: m.id, name: m.name } })),
    ...data.units.map((u) => ({ kind: 'unit' as const, id: u.id, input: { id: u.id, name: u.name, symbol: u.symbol } })),
  ];
  await inParallel(entries, PARALLEL, async ({ kind, id, input }) => {
    if (!(await products.referenceExists(kind, id))) await products.createReferenceEntry(kind, input);
  });
  // Attribute names name their unit, so they come after the units.
  await inParallel(data.attributeNames, PARALLEL, async (attribute) => {
    if (await products.referenceExists('attribute_name', attribute.id)) return;
    await products.createAttributeName({
      id: attribute.id,
      name: attribute.name,
      valueType: attribute.valueType,
      unitId: attribute.unitId,
    });
  });
}

// --- images ----------------------------------------------------------------------------------

/** The model's name as the picture prints it, under the maker's. */
const modelOnImage = (image: DemoImage): string =>
  image.title.startsWith(`${image.manufacturer} `) ? image.title.slice(image.manufacturer.length + 1) : image.title;

// --- masters, variants, relations, meta masters ---------------------------------------------

/** Models without their photos: drawDemoPictures attaches them while the API runs. */
async function loadMasters(products: ProductsService, data: DemoDataSet): Promise<void> {
  await inParallel(data.masters, PARALLEL, async (master) => {
    if ((await products.masterState(master.id)).version > 0n) return;
    await products.createMaster({
      id: master.id,
      name: master.name,
      seoName: master.seoName,
      manufacturerId: master.manufacturerId,
      typeDeviceId: master.typeDeviceId,
      description: master.description,
      params: master.params.map(({ name, value, type }) => ({ name, value, type })),
      package: master.package,
    });
  });
}

async function loadProducts(products: ProductsService, context: LoaderContext, data: DemoDataSet): Promise<void> {
  // A variant is recorded on its master's stream too: one master's variants go one after another, masters side by side.
  const byMaster = new Map<string, DemoDataSet['products'][number][]>();
  for (const product of data.products)
    byMaster.set(product.masterProductId, [...(byMaster.get(product.masterProductId) ?? []), product]);
  await inParallel([...byMaster.values()], PARALLEL, async (variants) => {
    for (const product of variants) {
      if ((await products.productState(product.code)).version > 0n) {
        await attachWritten(products, context, product.masterProductId, product.code);
        continue;
      }
      await products.addVariant(product.masterProductId, {
        code: product.code,
        ean: product.ean,
        colour: product.colour?.name ?? null,
        capacity: product.capacity,
        quality: product.quality,
        grade: product.grade,
        longName: product.longName,
        shortName: product.shortName,
        vatRate: product.vatRate,
        preOrder: product.preOrder,
        electronicLicence: product.electronicLicence,
        externalStock: product.externalStock,
        legalWarrantyMonths: product.legalWarrantyMonths,
        kind: product.kind,
        extensionMonths: product.warrantyExtensionMonths,
      });
    }
  });
}

/**
 * A variant written before an interruption that came between its stream and
 * its master's: the master records it now, through the products area's
 * master decider (the service attaches only while it creates the variant).
 */
async function attachWritten(
  products: ProductsService,
  context: LoaderContext,
  masterProductId: string,
  code: string,
): Promise<void> {
  const { state } = await products.masterState(masterProductId);
  if (state.variantCodes.includes(code)) return;
  await handleCommand(
    context.events,
    masterDecider,
    masterStream(masterProductId),
    { type: 'AttachVariant', masterProductId, code, at: context.clock().toISOString() },
    { actor: DEMO_ACTOR, market: context.market, retry: { attempts: 5 } },
  );
}

async function loadRelations(products: ProductsService, data: DemoDataSet): Promise<void> {
  // Setting the relations a product has already is no change (the decider writes nothing).
  await inParallel(data.relations, PARALLEL, async (relations) => {
    await products.setRelations(relations.code, {
      accessories: relations.accessories,
      gifts: relations.gifts,
      specialOffers: relations.specialOffers,
      insurance: relations.insurance,
      warrantyExtensions: relations.warrantyExtensions,
    });
  });
}

async function loadMetaMasters(products: ProductsService, data: DemoDataSet): Promise<void> {
  await inParallel(data.metaMasters, PARALLEL, async (meta) => {
    if ((await products.metaMasterState(meta.id)).version === 0n)
      await products.createMetaMaster({ id: meta.id, name: meta.name });
    for (const masterId of meta.masterProductIds) {
      const { state } = await products.masterState(masterId);
      if (state.metaMasterId === meta.id) continue;
      if (state.metaMasterId === null) await products.addMasterToMetaMaster(meta.id, masterId);
      else await products.swapMetaMaster(masterId, meta.id);
    }
  });
}

// --- categories ------------------------------------------------------------------------------

async function loadCategories(categories: CategoryService, data: DemoDataSet): Promise<void> {
  const tree = await categories.tree();
  // Parents come before their children in the data set; the tree is one stream, so one category after another.
  for (const category of data.categories) {
    if (tree.categories[category.id]) continue;
    await categories.add(
      {
        categoryId: category.id,
        parentId: category.parentId,
        name: category.name,
        seoName: category.seoName,
        forDisplay: category.forDisplay,
        forBuyout: category.forBuyout,
        forService: category.forService,
        filterable: category.filterable,
        manufacturerIds: category.manufacturerIds,
        typeDeviceId: category.typeDeviceId,
      },
      { actor: DEMO_ACTOR },
    );
  }
  // Assigning what is assigned already writes nothing.
  for (const assignment of data.assignments)
    await categories.assign(assignment.masterProductIds, [assignment.categoryId], { actor: DEMO_ACTOR });
}

// --- stock -----------------------------------------------------------------------------------

async function loadStock(stock: StockService, data: DemoDataSet, stocked: { count: number }): Promise<void> {
  let locations = await stock.locations();
  // The stock area defines the market's locations when it loads its own demo data; should it not have, the same ones are defined here.
  if (locations.length === 0) {
    await stock.defineLocations(demoLocations(data.market), { actor: DEMO_ACTOR });
    locations = await stock.locations();
  }
  const warehouse = locations.find((location) => location.kind === 'warehouse');
  // The stores in the order the demo locations list them (Praha, Brno, Ostrava; București, Cluj-Napoca, Iași).
  const demoOrder = demoLocations(data.market).map((location) => location.id);
  const stores = locations
    .filter((location) => location.kind === 'store')
    .sort((a, b) => rank(demoOrder, a.id) - rank(demoOrder, b.id));
  if (!warehouse || stores.length < 3) throw new Error(`The demo stock needs a warehouse and three stores on ${data.market}`);
  const receipts = data.stock.flatMap((row) =>
    [
      { location: warehouse.id, quantity: row.warehouse },
      ...row.stores.map((quantity, index) => ({ location: stores[index]!.id, quantity })),
    ]
      .filter(({ quantity }) => quantity > 0)
      .map(({ location, quantity }) => ({ code: row.code, location, quantity })),
  );
  await inParallel(receipts, PARALLEL, async ({ code, location, quantity }) => {
    // The receipt id makes a repeated load record the receipt once.
    await stock.receive(
      { code, location, quantity, reference: 'DEMO', receiptId: `demo-${code}-${location}` },
      { actor: DEMO_ACTOR },
    );
  });
  stocked.count = receipts.length;
}

const rank = (order: readonly string[], id: string): number => {
  const index = order.indexOf(id);
  return index === -1 ? order.length : index;
};

// --- prices ----------------------------------------------------------------------------------

/**
 * A product's whole price history in one append: each regular price and
 * each offer decided by the pricing decider at the moment it took effect, so
 * the history reads as if the shop had set it then.
 */
export function demoPriceEvents(price: DemoPrice, market: Market): PriceEvent[] {
  let state: PricingState = pricingDecider.initialState();
  const events: PriceEvent[] = [];
  const apply = (command: PricingCommand): void => {
    const decided = pricingDecider.decide(command, state);
    state = fold(pricingDecider, decided, state);
    events.push(...decided);
  };
  const commands: PricingCommand[] = [
    ...price.history.map((point): PricingCommand => ({
      type: 'SetPrice',
      code: price.code,
      market,
      price: point.price,
      validFrom: point.validFrom,
      at: point.validFrom,
    })),
    ...price.offers.map((offer, index): PricingCommand => ({
      type: 'ScheduleOffer',
      code: price.code,
      market,
      offerId: deterministicId('demo-offer', price.code, market, index),
      price: offer.price,
      validFrom: offer.validFrom,
      validTo: offer.validTo,
      at: offer.validFrom,
    })),
  ];
  // In the order the shop would have decided them (a stable sort keeps a price before an offer of the same moment).
  for (const command of commands.sort((a, b) => Date.parse(a.at) - Date.parse(b.at))) apply(command);
  return events;
}

async function loadPrices(context: LoaderContext, data: DemoDataSet): Promise<void> {
  await inParallel(data.prices, PARALLEL, async (price) => {
    const stream = priceStream(price.code, data.market);
    if (await streamExists(context, stream)) return;
    const events = demoPriceEvents(price, data.market);
    await context.events.append(
      stream,
      events.map((event, index) => ({ id: deterministicId('demo-price', price.code, data.market, index), ...event })),
      { expectedVersion: 'no_stream', actor: DEMO_ACTOR, market: data.market },
    );
  });
}
