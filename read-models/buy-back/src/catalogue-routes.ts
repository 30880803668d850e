import { z } from 'zod';
import { IllegalState, NotFound, parseInput, ValidationError, type Market } from '@buyloop/kit';
import type { DocumentStore } from '@buyloop/document-store';
import {
  appraise,
  checkVersion,
  deviceTypeEntry,
  deviceTypesOf,
  isAnswerProblem,
  isDeviceType,
  QUALITIES,
  type BuyBackCatalogue,
  type DeviceModel,
  type PriceList,
} from '@buyloop/buy-back';
import { languageOf, type SecuredRouter } from '@buyloop/identity';
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

const text = z.string().trim().min(1).max(100);

function findModel(catalogue: BuyBackCatalogue, modelId: string, field: string): DeviceModel {
  const model = catalogue.models.find((m) => m.id === modelId);
  if (!model)
    throw new ValidationError('validation.failed', { [field]: ['validation.invalid_value'] }, `Unknown model ${modelId}`);
  return model;
}

function byColor(catalogue: BuyBackCatalogue, colorId: string, field: string): { model: DeviceModel; priceList: PriceList } {
  const model = catalogue.models.find((m) => m.colors.some((c) => c.id === colorId));
  const priceList = model && catalogue.price_lists.find((p) => p.model_id === model.id);
  if (!model || !priceList)
    throw new ValidationError('validation.failed', { [field]: ['validation.invalid_value'] }, `Unknown colour ${colorId}`);
  return { model, priceList };
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

  r.get('/api/buyout/types', 'public', (_req, res) => {
    res.json({ choices: deviceTypesOf(deps.market).map((t) => ({ value: t.id, label: t.label })) });
  });

  r.get('/api/buyout/manufacturers', 'public', async (req, res) => {
    const { type } = parseInput(z.strictObject({ type: z.enum(['phone', 'tablet', 'smartwatch']) }), req.query);
    const catalogue = await deps.catalogue.current();
    const offered = new Set(catalogue.models.filter((m) => m.device_type === type).map((m) => m.manufacturer_id));
    res.json({
      choices: catalogue.manufacturers.filter((m) => offered.has(m.id)).map((m) => ({ value: m.id, label: m.label })),
      url: `${base}/${typeSlug(type)}`,
    });
  });

  r.get('/api/buyout/models', 'public', async (req, res) => {
    const { type, manufacturer } = parseInput(
      z.strictObject({ type: z.enum(['phone', 'tablet', 'smartwatch']), manufacturer: text }),
      req.query,
    );
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

  r.get('/api/buyout/colors', 'public', async (req, res) => {
    const { model: modelId } = parseInput(z.strictObject({ model: text }), req.query);
    const catalogue = await deps.catalogue.current();
    const model = findModel(catalogue, modelId, 'model');
    res.json({
      choices: model.colors.map((c) => ({ value: c.id, label: c.label, image: c.image, image_alt: c.image_alt })),
      url: modelUrl(catalogue, model),
    });
  });

  r.get('/api/buyout/appraisal', 'public', async (req, res) => {
    const { color } = parseInput(z.strictObject({ color: text }), req.query);
    const catalogue = await deps.catalogue.current();
    const { model, priceList } = byColor(catalogue, color, 'color');
    const url = `${modelUrl(catalogue, model)}/${model.colors.find((c) => c.id === color)!.slug}`;
    res.json({
      url,
      appraisal: {
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
      },
    });
  });

  r.post('/api/buyout/quote', 'public', async (req, res) => {
    const input = parseInput(
      z.strictObject({
        device_identifier: text,
        appraisal_version: z.number().int().positive(),
        device_condition_choices: z.array(text).max(50),
      }),
      req.body,
    );
    const catalogue = await deps.catalogue.current();
    const { priceList } = byColor(catalogue, input.device_identifier, 'device_identifier');
    const version = checkVersion(priceList, input.appraisal_version);
    if (!version.current)
      // The customer decided on a price that is no longer offered: say so, with the version in force.
      throw new IllegalState('buyback.price_list_changed', `The price list is now version ${priceList.version}`, {
        current_version: priceList.version,
      });
    const result = appraise(priceList, input.device_condition_choices);
    if (isAnswerProblem(result))
      throw new ValidationError(
        'validation.failed',
        { device_condition_choices: [result.message_key] },
        `Answers: ${result.reason}`,
      );
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
