import express from 'express';
import { z } from 'zod';
import {
  commandHandler,
  NotFound,
  parseInput,
  RequestRefused,
  ValidationError,
  type Clock,
  type Market,
  type StreamStore,
} from '@buyloop/kit';
import { actorOf, empty, json, media, ownSession, problem, type RouteContract, type SecuredRouter } from '@buyloop/http';
import {
  blacklistChangeSchema,
  buyoutNumberParamsSchema,
  erasureResultSchema,
  mailSchema,
  priceListEditResultSchema,
  priceListImportResultSchema,
  priceListSchema as publishedPriceListSchema,
  priceListsSchema,
} from '@buyloop/contracts/buy-back/http';
import { redactCaughtMail, type CaughtMail } from '@buyloop/mail';
import { checkImei, normaliseImei, textField } from '@buyloop/validation';
import { CONDITION_ROLES, CONDITION_TYPES, QUALITIES, type BuyBackCatalogue, type PriceList } from '../catalogue/types';
import { validatePriceList } from '../catalogue/validate';
import { exportPriceListCsv, parsePriceListCsv, PRICE_LIST_COLUMNS_MISSING } from '../import-price-lists/index';
import { imeiBlacklistDecider, imeiBlacklistStream, IMEI_BLACKLIST_SOURCES } from '../imei-blacklist/index';
import { publishCatalogue } from '../publish-catalogue/publish';
import type { BuybackService } from '../buyback-service';
import { buyoutNumberParam, jsonBody } from './route-deps';

export interface AdminRouteDeps {
  readonly events: StreamStore;
  readonly service: BuybackService;
  readonly market: Market;
  readonly clock: Clock;
  readonly catalogue: () => Promise<BuyBackCatalogue>;
  /** The subject and every buy-back of theirs, from the read model; null for an unknown buy-back. */
  readonly subjectOf: (buyoutNumber: string) => Promise<{ subjectId: string; buyoutNumbers: readonly string[] } | null>;
  readonly settle: (checkpoint: string | null) => Promise<void>;
  readonly mail: {
    outbox(query: { status?: string; limit?: number; offset?: number }): Promise<unknown>;
    retry(id: string): Promise<unknown>;
    /** What the embedded SMTP catcher holds (development); null with a real SMTP server. */
    caught(): readonly CaughtMail[] | null;
  };
}

const CSV_LIMIT = '2mb';

/** Free text under the one text rule (shared/validation), refused under its own field. */
const text = (max: number) => textField({ max });
const reason = textField({ max: 500 }, { multiline: true });
const amount = z.number().int().min(0).max(10_000_000);
const quality = z.enum(QUALITIES);
const perQuality = <T extends z.ZodType>(value: T) => z.strictObject({ 'A+': value, A: value, B: value, C: value, D: value });

/** One model's price list as the editor sends it: every field the model has, nothing else (the rules: validatePriceList). */
const priceListSchema = z.strictObject({
  model_id: text(100).optional(),
  currency: z.enum(['CZK', 'RON']),
  version: z.number().int().min(1),
  prices: perQuality(amount),
  device_conditions: z
    .array(
      z.strictObject({
        id: text(100),
        name: text(200),
        type: z.enum(CONDITION_TYPES),
        role: z.enum(CONDITION_ROLES),
        choices: z
          .array(
            z.strictObject({
              value: text(100),
              label: text(200),
              price_correction: z.number().int().min(-10_000_000).max(10_000_000),
              appraisal_result: quality.nullable(),
              disabled: z.boolean(),
            }),
          )
          .max(50),
      }),
    )
    .max(50),
  default_device_condition_choices: perQuality(z.array(text(100)).max(50)),
  minimal_buyout_price: amount,
  bonus_percentage: z.number().min(0).max(100),
});

const modelParams = z.strictObject({ modelId: z.string().meta({ description: 'The model’s id' }) });
const noPriceList = problem('No price list for this model (or no catalogue published)');
const mailQuerySchema = z.strictObject({
  status: z.enum(['pending', 'sent', 'failed', 'dropped']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
const blacklistRequestSchema = z.strictObject({ imei: z.string().max(40), reason, source: z.enum(IMEI_BLACKLIST_SOURCES) });
const reasonSchema = z.strictObject({ reason });

const contracts = {
  priceLists: {
    summary: 'The market’s price lists in force, one row per model',
    responses: { 200: json('The price lists', priceListsSchema), 404: problem('No catalogue is published') },
  },
  priceListsCsv: {
    summary: 'The price lists in force as CSV (the import’s columns)',
    responses: { 200: media('The CSV, with a byte-order mark', 'text/csv'), 404: problem('No catalogue is published') },
  },
  priceList: {
    summary: 'One model’s price list in force, whole',
    params: modelParams,
    responses: { 200: json('The price list', publishedPriceListSchema), 404: noPriceList },
  },
  importPriceLists: {
    summary: 'Publish the price lists of a CSV: a new version of every list it changes',
    description:
      'Only a CSV with every required column is accepted; the refusal lists the missing columns and every bad row by line.',
    rawBody: { mediaTypes: ['text/csv', 'text/plain', 'application/csv'], description: 'The CSV, up to 2 MB' },
    responses: {
      200: json('What was published', priceListImportResultSchema),
      404: problem('No catalogue is published'),
      409: problem('A version is not above the one in force'),
    },
  },
  editPriceList: {
    summary: 'Publish one model’s edited price list, with a version above the one in force',
    params: modelParams,
    body: priceListSchema,
    responses: {
      200: json('Published', priceListEditResultSchema),
      404: noPriceList,
      409: problem('The version is not above the one in force'),
    },
  },
  blacklist: {
    summary: 'Put an IMEI on the blacklist',
    body: blacklistRequestSchema,
    responses: { 201: json('Listed', blacklistChangeSchema), 409: problem('The IMEI is listed already') },
  },
  clearBlacklist: {
    summary: 'Take an IMEI off the blacklist, with a reason',
    params: z.strictObject({ imei: z.string() }),
    body: reasonSchema,
    responses: { 200: json('Cleared', blacklistChangeSchema), 409: problem('The IMEI is not listed') },
  },
  erase: {
    summary: 'Right to erasure: every buy-back of this buy-back’s seller forgets them',
    params: buyoutNumberParamsSchema,
    body: z.strictObject({}),
    responses: { 200: json('Erased', erasureResultSchema), 404: problem('No such buy-back') },
  },
  mail: {
    summary: 'The outgoing mail: the outbox and, in development, what the embedded catcher holds',
    query: mailQuerySchema,
    responses: { 200: json('The outbox page and the caught messages', mailSchema) },
  },
  retryMail: {
    summary: 'Send a failed e-mail again',
    params: z.strictObject({ id: z.string() }),
    responses: {
      200: empty('Queued again'),
      404: problem('No such e-mail'),
      409: problem('Only a failed e-mail is sent again'),
    },
  },
} satisfies Readonly<Record<string, RouteContract>>;

/**
 * The back office's buy-back administration beyond single buy-backs:
 * publishing price lists (CSV import or editing one model), the IMEI
 * blacklist, the right to erasure, and the outgoing mail.
 */
export function buybackAdminRoutes(r: SecuredRouter, deps: AdminRouteDeps): void {
  const publish = async (catalogue: BuyBackCatalogue, source: 'import' | 'edit', res: express.Response) => {
    const result = await publishCatalogue(
      deps.events,
      { catalogue, source },
      { actor: actorOf(res.req, res), clock: deps.clock },
    );
    await deps.settle(result.checkpoint);
    return result;
  };

  r.get('/api/admin/buyout/price-lists', 'buyback.read', contracts.priceLists, async (_req, res) => {
    const catalogue = await deps.catalogue();
    res.set('Cache-Control', 'no-store').json({
      market: catalogue.market,
      price_lists: catalogue.price_lists.map((list) => ({
        model_id: list.model_id,
        model: catalogue.models.find((m) => m.id === list.model_id)?.label ?? list.model_id,
        version: list.version,
        currency: list.currency,
        prices: list.prices,
        minimal_buyout_price: list.minimal_buyout_price,
        bonus_percentage: list.bonus_percentage,
      })),
    });
  });

  r.get('/api/admin/buyout/price-lists.csv', 'buyback.read', contracts.priceListsCsv, async (_req, res) => {
    const csv = exportPriceListCsv(await deps.catalogue());
    res
      .set('Cache-Control', 'no-store')
      .type('text/csv; charset=utf-8')
      .attachment(`buyback-price-lists-${deps.market}.csv`)
      // The export starts with a BOM of its own, so spreadsheet programs open the diacritics as UTF-8.
      .send(csv);
  });

  r.get('/api/admin/buyout/price-lists/:modelId', 'buyback.read', contracts.priceList, async (req, res) => {
    const catalogue = await deps.catalogue();
    const list = catalogue.price_lists.find((p) => p.model_id === req.params.modelId);
    if (!list) throw new NotFound('buyback.price_list_not_found', 'There is no price list for this model');
    res.set('Cache-Control', 'no-store').json(list);
  });

  /**
   * A CSV import publishes a new version of every price list it changes.
   * Only a CSV with all required columns is accepted; the refusal lists the
   * missing columns and every bad row with its line number.
   */
  r.post(
    '/api/admin/buyout/price-lists/import',
    'buyback.price_lists',
    contracts.importPriceLists,
    express.text({ type: ['text/csv', 'text/plain', 'application/csv'], limit: CSV_LIMIT }),
    async (req, res) => {
      ownSession(res);
      if (typeof req.body !== 'string')
        throw new RequestRefused(
          415,
          'buyback.import.not_csv',
          'Only CSV files are accepted',
          'Send the price lists as text/csv',
        );
      const result = parsePriceListCsv(req.body, await deps.catalogue());
      if (!result.ok) {
        const errors: Record<string, string[]> = {};
        if (result.missingColumns.length > 0) errors.file = [PRICE_LIST_COLUMNS_MISSING];
        for (const row of result.rowErrors)
          (errors[`line_${row.line}${row.column ? `.${row.column}` : ''}`] ??= []).push(row.code);
        throw new ValidationError('validation.failed', errors, 'The CSV cannot be imported', {
          missing_columns: result.missingColumns.join(', '),
          columns: result.missingColumns.join(', '),
          bad_rows: result.rowErrors.length,
        });
      }
      const published = await publish(result.catalogue, 'import', res);
      res.json({ published: published.published, changed_models: result.changedModels });
    },
  );

  /** Editing one model's price list: the whole list, with a version above the one in force. */
  r.put('/api/admin/buyout/price-lists/:modelId', 'buyback.price_lists', contracts.editPriceList, async (req, res) => {
    ownSession(res);
    const current = await deps.catalogue();
    const index = current.price_lists.findIndex((p) => p.model_id === req.params.modelId);
    if (index < 0) throw new NotFound('buyback.price_list_not_found', 'There is no price list for this model');
    const body = parseInput(priceListSchema, req.body);
    const edited: PriceList = { ...body, model_id: current.price_lists[index]!.model_id };
    const problems = validatePriceList(edited);
    if (problems.length > 0) {
      const errors: Record<string, string[]> = {};
      for (const problem of problems) (errors[problem.path || 'price_list'] ??= []).push(problem.code);
      throw new ValidationError('validation.failed', errors, 'The price list is not valid');
    }
    const catalogue: BuyBackCatalogue = {
      ...current,
      price_lists: current.price_lists.map((list, i) => (i === index ? edited : list)),
    };
    const published = await publish(catalogue, 'edit', res);
    res.json({ published: published.published, version: edited.version });
  });

  const blacklist = commandHandler(deps.events, imeiBlacklistDecider);
  const imeiOf = (value: unknown, field: string): string => {
    const problems = checkImei(value);
    if (problems.length > 0) throw new ValidationError('validation.failed', { [field]: problems }, 'Not an IMEI');
    return normaliseImei(value as string);
  };

  r.post('/api/admin/imei-blacklist', 'buyback.blacklist.manage', contracts.blacklist, async (req, res) => {
    ownSession(res);
    const input = parseInput(blacklistRequestSchema, req.body);
    const imei = imeiOf(input.imei, 'imei');
    const result = await blacklist(
      imeiBlacklistStream(imei),
      { type: 'BlacklistImei', imei, reason: input.reason, source: input.source, at: deps.clock().toISOString() },
      { actor: actorOf(req, res), market: deps.market },
    );
    await deps.settle(result.checkpoint);
    res.status(201).json({ imei, listed: true });
  });

  r.post('/api/admin/imei-blacklist/:imei/clear', 'buyback.blacklist.manage', contracts.clearBlacklist, async (req, res) => {
    ownSession(res);
    const imei = imeiOf(req.params.imei, 'imei');
    const input = parseInput(reasonSchema, jsonBody(req));
    const result = await blacklist(
      imeiBlacklistStream(imei),
      { type: 'ClearImei', imei, reason: input.reason, at: deps.clock().toISOString() },
      { actor: actorOf(req, res), market: deps.market },
    );
    await deps.settle(result.checkpoint);
    res.json({ imei, listed: false });
  });

  /** Right to erasure for the buy-back's seller: every buy-back of that data subject forgets them. */
  r.post('/api/admin/buybacks/:number/erase-personal-data', 'personal_data.erase', contracts.erase, async (req, res) => {
    ownSession(res);
    const buyoutNumber = buyoutNumberParam(req.params.number);
    parseInput(contracts.erase.body, jsonBody(req));
    const subject = await deps.subjectOf(buyoutNumber);
    if (!subject) throw new NotFound('buyback.not_found', 'There is no such buy-back');
    const erased = await deps.service.erasePersonalData(subject.subjectId, subject.buyoutNumbers, { actor: actorOf(req, res) });
    await deps.settle(erased.checkpoint);
    const last = await deps.service.state(buyoutNumber);
    res.json({ subject_id: subject.subjectId, erased_buybacks: subject.buyoutNumbers, stream_version: Number(last.version) });
  });

  r.get('/api/admin/mail', 'mail.read', contracts.mail, async (req, res) => {
    const query = parseInput(mailQuerySchema, req.query);
    // Staff see what was sent, never the links' secrets: a reset link or a seller's status token would let them act as the recipient.
    const caught = deps.mail.caught()?.map(redactCaughtMail) ?? null;
    res.set('Cache-Control', 'no-store').json({ outbox: await deps.mail.outbox(query), caught });
  });

  r.post('/api/admin/mail/:id/retry', 'mail.read', contracts.retryMail, async (req, res) => {
    ownSession(res);
    const id = z.string().uuid().safeParse(req.params.id);
    if (!id.success) throw new NotFound('mail.not_found', 'There is no such e-mail');
    res.json(await deps.mail.retry(id.data));
  });
}
