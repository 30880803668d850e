import { NotFound, parseInput, ValidationError, type Market } from '@buyloop/kit';
import type { DocumentStore } from '@buyloop/document-store';
import {
  appraise,
  deviceOf,
  deviceTypeEntry,
  deviceTypesOf,
  isDeviceType,
  quoteOffer,
  QUALITIES,
  type BuyBackCatalogue,
  type DeviceModel,
  type PriceList,
} from '@buyloop/buy-back';
import { json, languageOf, problem, type RouteContract, type SecuredRouter } from '@buyloop/http';
import {
  appraisalQuerySchema,
  appraisalResponseSchema,
  choicesSchema,
  colorsQuerySchema,
  countriesSchema,
  deviceTypesSchema,
  manufacturersQuerySchema,
  modelsQuerySchema,
  quoteRequestSchema,
  quoteSchema,
  selectorQuerySchema,
  selectorSchema,
  selectorUrlSchema,
  type SelectorQuery,
} from '@buyloop/contracts/buy-back/http';
import { translate } from '@buyloop/i18n';
import type { CatalogueDocument } from './catalogue-projection';

/** Where the storefront's buy-back pages live, per market (spec: the address is rewritten after each choice). */
const BASE_PATH: Readonly<Record<Market, string>> = { cz: '/vykup', ro: '/rascumparare' };

export interface CatalogueQuery {
  /** The catalogue in force for the market, or NotFound before one was published. */
  current(): Promise<BuyBackCatalogue>;
}

export const catalogueQuery = (documents: DocumentStore, market: Market, collection: () => Promise<string>): CatalogueQuery => ({
  async current() {
    const document = await documents.get<CatalogueDocument>(await collection(), market).catch((error: unknown) => {
      if (error instanceof NotFound) return null;
      throw error;
    });
    if (!document) throw new NotFound('buyback.catalogue_missing', `No buy-back catalogue is published for market ${market}`);
    return document.catalogue;
  },
});

const noCatalogue = problem('No buy-back catalogue is published for the market (`buyback.catalogue_missing`)');

const contracts = {
  types: { summary: 'The device types bought', responses: { 200: json('The types', deviceTypesSchema) } },
  manufacturers: {
    summary: 'The manufacturers bought under a device type',
    query: manufacturersQuerySchema,
    responses: { 200: json('The manufacturers, and the address that shows the type', choicesSchema), 404: noCatalogue },
  },
  models: {
    summary: 'A manufacturer’s models of a device type',
    query: modelsQuerySchema,
    responses: { 200: json('The models, and the address that shows the manufacturer', choicesSchema), 404: noCatalogue },
  },
  colors: {
    summary: 'A model’s colour variants',
    query: colorsQuerySchema,
    responses: {
      200: json('The colours with their images, and the address that shows the model', choicesSchema),
      404: noCatalogue,
    },
  },
  appraisal: {
    summary: 'The appraisal form of a colour variant: prices per quality and the condition questions',
    query: appraisalQuerySchema,
    responses: { 200: json('The appraisal and the address that shows the colour', appraisalResponseSchema), 404: noCatalogue },
  },
  selector: {
    summary: 'Everything a deep link fills in, level by level',
    description:
      'Levels the link names by id or slug are chosen as far as they exist; with `device_condition` the quality’s default answers and price come too.',
    query: selectorQuerySchema,
    responses: {
      200: json('The choices at each level, what is chosen, and the appraisal once a colour is known', selectorSchema),
      404: noCatalogue,
    },
  },
  selectorUrl: {
    summary: 'The address a selection shows in the browser',
    query: selectorQuerySchema,
    responses: { 200: json('The address', selectorUrlSchema), 404: noCatalogue },
  },
  countries: {
    summary: 'Countries a seller may live in or ship from, named in the asker’s language',
    responses: { 200: json('The countries and the market’s own', countriesSchema) },
  },
  quote: {
    summary: 'The price the server gives for a condition, recomputed from the price list',
    body: quoteRequestSchema,
    responses: {
      200: json('The quote, or why the device cannot be bought', quoteSchema),
      404: noCatalogue,
      409: problem('The page shows another price list version than the one in force; the problem names it'),
    },
  },
} as const satisfies Readonly<Record<string, RouteContract>>;

/** Countries a seller may live in or ship from (EU neighbours of both markets first). */
const COUNTRIES = ['CZ', 'SK', 'RO', 'PL', 'DE', 'AT', 'HU', 'MD', 'BG'] as const;

function findModel(catalogue: BuyBackCatalogue, modelId: string, field: string): DeviceModel {
  const model = catalogue.models.find((m) => m.id === modelId);
  if (!model)
    throw new ValidationError('validation.failed', { [field]: ['validation.invalid_value'] }, `Unknown model ${modelId}`);
  return model;
}

/**
 * The storefront's buy-back selector and appraisal (spec section 7,
 * mp_buyout), read from the published catalogue: types → manufacturers →
 * models → colours, each answer with the address the browser shows for that
 * choice, then the appraisal form and server-side quotes.
 */
export function catalogueRoutes(r: SecuredRouter, deps: { market: Market; catalogue: CatalogueQuery }): void {
  const base = BASE_PATH[deps.market];
  const typeSlug = (type: string) => (isDeviceType(type) ? deviceTypeEntry(type, deps.market).slug : type);
  const manufacturerOf = (catalogue: BuyBackCatalogue, id: string) => catalogue.manufacturers.find((m) => m.id === id);
  const modelUrl = (catalogue: BuyBackCatalogue, model: DeviceModel) =>
    `${base}/${typeSlug(model.device_type)}/${manufacturerOf(catalogue, model.manufacturer_id)?.slug ?? model.manufacturer_id}/${model.slug}`;

  r.get('/api/buyout/types', 'public', contracts.types, (_req, res) => {
    res.json({ choices: deviceTypesOf(deps.market).map((t) => ({ value: t.id, label: t.label })) });
  });

  r.get('/api/buyout/manufacturers', 'public', contracts.manufacturers, async (req, res) => {
    const { type } = parseInput(manufacturersQuerySchema, req.query);
    const catalogue = await deps.catalogue.current();
    const offered = new Set(catalogue.models.filter((m) => m.device_type === type).map((m) => m.manufacturer_id));
    res.json({
      choices: catalogue.manufacturers.filter((m) => offered.has(m.id)).map((m) => ({ value: m.id, label: m.label })),
      url: `${base}/${typeSlug(type)}`,
    });
  });

  r.get('/api/buyout/models', 'public', contracts.models, async (req, res) => {
    const { type, manufacturer } = parseInput(modelsQuerySchema, req.query);
    const catalogue = await deps.catalogue.current();
    const maker = manufacturerOf(catalogue, manufacturer);
    if (!maker)
      throw new ValidationError(
        'validation.failed',
        { manufacturer: ['validation.invalid_value'] },
        `Unknown manufacturer ${manufacturer}`,
      );
    res.json({
      choices: catalogue.models
        .filter((m) => m.device_type === type && m.manufacturer_id === manufacturer)
        .map((m) => ({ value: m.id, label: m.label })),
      url: `${base}/${typeSlug(type)}/${maker.slug}`,
    });
  });

  r.get('/api/buyout/colors', 'public', contracts.colors, async (req, res) => {
    const { model: modelId } = parseInput(colorsQuerySchema, req.query);
    const catalogue = await deps.catalogue.current();
    const model = findModel(catalogue, modelId, 'model');
    res.json({
      choices: model.colors.map((c) => ({ value: c.id, label: c.label, image: c.image, image_alt: c.image_alt })),
      url: modelUrl(catalogue, model),
    });
  });

  const colorUrl = (catalogue: BuyBackCatalogue, model: DeviceModel, colorId: string) =>
    `${modelUrl(catalogue, model)}/${model.colors.find((c) => c.id === colorId)!.slug}`;

  const appraisalOf = (url: string, priceList: PriceList) => ({
    // Sorted by quality weight, best first (spec section 9).
    appraisal_result: QUALITIES.map((quality) => ({
      id: quality,
      quality,
      url: `${url}?device_condition=${encodeURIComponent(quality)}`,
      price: priceList.prices[quality],
    })),
    device_conditions: priceList.device_conditions,
    default_device_condition_choices: priceList.default_device_condition_choices,
    version: priceList.version,
    minimal_buyout_price: priceList.minimal_buyout_price,
  });

  r.get('/api/buyout/appraisal', 'public', contracts.appraisal, async (req, res) => {
    const { color } = parseInput(appraisalQuerySchema, req.query);
    const catalogue = await deps.catalogue.current();
    const { model, priceList } = deviceOf(catalogue, color, 'color');
    const url = colorUrl(catalogue, model, color);
    res.json({ url, appraisal: appraisalOf(url, priceList) });
  });

  /**
   * Everything the selector can fill from a deep link (ids or the slugs of
   * the address), level by level: what is chosen, the choices at each level
   * that can be shown, the appraisal once a colour is known, and with a
   * `device_condition` (a quality) its default answers and price.
   */
  const select = (catalogue: BuyBackCatalogue, q: SelectorQuery) => {
    const type = deviceTypesOf(deps.market).find((t) => t.id === q.type || t.slug === q.type);
    const makers = type
      ? catalogue.manufacturers.filter((m) =>
          catalogue.models.some((x) => x.device_type === type.id && x.manufacturer_id === m.id),
        )
      : [];
    const maker = makers.find((m) => m.id === q.manufacturer || m.slug === q.manufacturer);
    const models =
      type && maker ? catalogue.models.filter((x) => x.device_type === type.id && x.manufacturer_id === maker.id) : [];
    const model = models.find((x) => x.id === q.model || x.slug === q.model);
    const color = model?.colors.find((c) => c.id === q.color || c.slug === q.color);
    const priceList = model && catalogue.price_lists.find((p) => p.model_id === model.id);
    const quality = color && priceList && QUALITIES.find((x) => x === q.device_condition);
    const url = color
      ? colorUrl(catalogue, model!, color.id)
      : model
        ? modelUrl(catalogue, model)
        : maker
          ? `${base}/${type!.slug}/${maker.slug}`
          : type
            ? `${base}/${type.slug}`
            : base;
    const quote = quality && priceList ? appraise(priceList, priceList.default_device_condition_choices[quality]) : null;
    return {
      selected_choices: {
        product_type: type?.id ?? null,
        product_manufacturer: maker?.id ?? null,
        product_model: model?.id ?? null,
        product_color: color?.id ?? null,
        device_condition: quality ?? null,
        device_condition_choices: quality && priceList ? priceList.default_device_condition_choices[quality] : null,
      },
      choices: {
        product_type: deviceTypesOf(deps.market).map((t) => ({ value: t.id, label: t.label })),
        product_manufacturer: type ? makers.map((m) => ({ value: m.id, label: m.label })) : null,
        product_model: maker ? models.map((x) => ({ value: x.id, label: x.label })) : null,
        product_color: model
          ? model.colors.map((c) => ({ value: c.id, label: c.label, image: c.image, image_alt: c.image_alt }))
          : null,
      },
      appraisal: color && priceList ? appraisalOf(url, priceList) : null,
      quote:
        quote && quote.can_buy ? { quality: quote.quality, price: quote.price, currency: quote.currency, can_buy: true } : null,
      url: quality ? `${url}?device_condition=${encodeURIComponent(quality)}` : url,
    };
  };

  r.get('/api/buyout/selector', 'public', contracts.selector, async (req, res) => {
    res.json(select(await deps.catalogue.current(), parseInput(selectorQuerySchema, req.query)));
  });

  r.get('/api/buyout/selector-url', 'public', contracts.selectorUrl, async (req, res) => {
    res.json({ url: select(await deps.catalogue.current(), parseInput(selectorQuerySchema, req.query)).url });
  });

  r.get('/api/buyout/countries', 'public', contracts.countries, (_req, res) => {
    const names = new Intl.DisplayNames([languageOf(res)], { type: 'region' });
    const choices = COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code }));
    res.json({ choices, default: deps.market === 'ro' ? 'RO' : 'CZ' });
  });

  r.post('/api/buyout/quote', 'public', contracts.quote, async (req, res) => {
    const input = parseInput(quoteRequestSchema, req.body);
    const { priceList, result } = quoteOffer(await deps.catalogue.current(), input);
    if (!result.can_buy) {
      res.json({
        quality: null,
        price: null,
        currency: priceList.currency,
        can_buy: false,
        message: translate(result.message_key, languageOf(res)),
      });
      return;
    }
    res.json({ quality: result.quality, price: result.price, currency: result.currency, can_buy: true });
  });
}
