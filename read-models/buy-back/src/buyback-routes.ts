import { z } from 'zod';
import { NotFound, parseInput, ValidationError, type Clock, type Market } from '@buyloop/kit';
import {
  renderPurchaseContract,
  tokenMatches,
  type BuyBackCatalogue,
  type CustomerData,
  type OfferContact,
  type PickupAddress,
  type PurchaseContractSeller,
  type SealedPersonalData,
  type SellerDetails,
} from '@buyloop/buy-back';
import { json, languageOf, media, principalOf, problem, type RouteContract, type SecuredRouter } from '@buyloop/http';
import {
  accessTokenSchema,
  blacklistPageSchema,
  blacklistQuerySchema,
  buyoutNumberParamsSchema,
  customerBuybackSchema,
  dailyCountsQuerySchema,
  dailyCountsSchema,
  gridPageSchema,
  gridQuerySchema,
  priceListHistoryQuerySchema,
  priceListHistorySchema,
  staffBuybackSchema,
} from '@buyloop/contracts/buy-back/http';
import { can, isStaffRole, STAFF_ACTIONS, type StaffActionName } from '@buyloop/contracts';
import type { Request, Response } from 'express';
import type { DocumentStore } from '@buyloop/document-store';
import { CHANGED_EVENT, READY_EVENT, type LiveDocuments } from '@buyloop/projector';
import { problemSchema } from '@buyloop/contracts/http';
import type { BuybackDocument } from './buybacks-projection';
import { imeiBlacklistProjection, listImeiBlacklist } from './imei-blacklist-projection';
import { priceListHistoryProjection, type PriceListHistoryDocument } from './price-list-history-projection';
import { buybackGrid, buybackStatusLabel, type BuybackQueries } from './buyback-queries';
import type { CatalogueQuery } from './catalogue-routes';

export interface BuybackQueryRouteDeps {
  readonly queries: BuybackQueries;
  readonly catalogue: CatalogueQuery;
  readonly vault: { open<T>(sealed: SealedPersonalData): Promise<T | null> };
  readonly market: Market;
  readonly clock: Clock;
  readonly documents: Pick<DocumentStore, 'find' | 'getMany'>;
  /** A projection's serving collection (Projector.readCollection). */
  readonly collection: (projection: string) => Promise<string>;
  /** The buy-backs projection's changes as server-sent events. */
  readonly live: LiveDocuments;
  /** The back-office actions the buy-back allows as of a version: the decider's answer (BuybackService). */
  readonly allowedActions: (buyoutNumber: string, version: number) => Promise<readonly StaffActionName[]>;
}

const NUMBER_PATTERN = /^[0-9A-Za-z-]{1,40}$/;
const tokenQuery = accessTokenSchema;

const CSV_PAGE = 1_000;
const CSV_MAX_ROWS = 10_000;
const CSV_COLUMNS = [
  'buyout_number',
  'created_at',
  'status',
  'days_in_status',
  'device_label',
  'imei',
  'declared_quality',
  'inspected_quality',
  'offered_price',
  'current_price',
  'final_price',
  'currency',
  'customer_name',
  'customer_city',
] as const;

/** One CSV cell: quoted when it must be, and never read as a formula by a spreadsheet. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const notFound = () => new NotFound('buyback.not_found', 'There is no such buy-back');

/** What the API reference says of a live status stream; `who` is whose page listens. */
const liveStatusContract = (who: string, refused: string) => ({
  summary: `Live status of a buy-back for ${who} (server-sent events)`,
  description:
    `A text/event-stream that stays open. \`${READY_EVENT}\` opens a new connection, \`${CHANGED_EVENT}\` says the ` +
    'buy-back moved on (fetch it again), `reload` says the stream lost track (a slow reader, a rebuilt read model). ' +
    'The data names only the buy-back (`{ id }`, with `deleted` or a `reason`). Each `id:` is a checkpoint: a browser ' +
    'that reconnects sends it back as Last-Event-ID and gets `changed` at once if the buy-back moved on meanwhile. ' +
    'Comments keep the connection alive. A client address holds at most 10 streams open at once, and the process ' +
    'a configured number in all (`LIVE_STREAMS_PER_CLIENT`, `LIVE_STREAMS_MAX`); past that the request is refused with ' +
    '429 and the page goes on without live updates.',
  headers: z.object({ 'last-event-id': z.string().max(200).optional() }),
  responses: {
    200: { description: 'The event stream', mediaType: 'text/event-stream' },
    404: { description: refused, body: problemSchema, mediaType: 'application/problem+json' },
    429: problem('Too many live streams open from this address, or in all', { 'Retry-After': 'Seconds to wait' }),
  },
});

/** Everything but the last `visible` characters hidden: enough for the customer to recognise their own data. */
const masked = (value: string, visible: number): string =>
  value.length <= visible
    ? value
    : `${'•'.repeat(Math.min(6, value.length - visible))}${visible > 0 ? value.slice(-visible) : ''}`;

const noSuchBuyback = problem('No such buy-back');
const buybackGridRequest = buybackGrid.request;
const withToken =
  'With the token from the customer’s e-mail, or as the signed-in owner; to anyone else the buy-back does not exist.';
const etag = { ETag: 'The version shown: send it as If-Match with a change' };

const contracts = {
  customerBuyback: {
    summary: 'The customer’s own buy-back: status, timeline, what they may do, their data shortened',
    description: withToken,
    params: buyoutNumberParamsSchema,
    query: tokenQuery,
    responses: { 200: json('The buy-back', customerBuybackSchema, etag), 404: noSuchBuyback },
  },
  customerContract: {
    summary: 'The purchase contract as a PDF (the customer’s copy: personal number, card and account shortened)',
    description: withToken,
    params: buyoutNumberParamsSchema,
    query: tokenQuery,
    responses: { 200: media('The contract', 'application/pdf'), 404: problem('No such buy-back, or not sold (no contract)') },
  },
  staffContract: {
    summary: 'The purchase contract as a PDF (the staff’s complete copy)',
    params: buyoutNumberParamsSchema,
    responses: { 200: media('The contract', 'application/pdf'), 404: problem('No such buy-back, or not sold (no contract)') },
  },
  gridQuery: {
    summary: 'The buy-back grid: one block of AG Grid’s infinite row model',
    description:
      'startRow, endRow, sortModel, filterModel and a quick search in; rows and lastRow out. Anything the grid does not offer is a field error keyed like the request.',
    body: buybackGridRequest,
    responses: { 200: json('The rows and where the data ends', gridPageSchema) },
  },
  grid: {
    summary: 'The buy-back grid with the models as JSON query parameters',
    query: gridQuerySchema,
    responses: { 200: json('The rows and where the data ends', gridPageSchema) },
  },
  gridCsv: {
    summary: 'Every row the grid’s filters and sort give (up to 10 000), as CSV',
    query: gridQuerySchema,
    responses: { 200: media('The CSV (semicolons, a byte-order mark)', 'text/csv') },
  },
  dailyCounts: {
    summary: 'Buy-backs entering each status per day',
    query: dailyCountsQuerySchema,
    responses: { 200: json('The days', dailyCountsSchema) },
  },
  priceListHistory: {
    summary: 'Every publication of the market’s price lists, newest first',
    query: priceListHistoryQuerySchema,
    responses: { 200: json('The publications', priceListHistorySchema) },
  },
  blacklist: {
    summary: 'The IMEI blacklist, newest listing first',
    query: blacklistQuerySchema,
    responses: { 200: json('One page and the total', blacklistPageSchema) },
  },
  staffBuyback: {
    summary: 'A buy-back with its whole history, the seller’s data and the actions this person may take',
    params: buyoutNumberParamsSchema,
    responses: { 200: json('The buy-back', staffBuybackSchema, etag), 404: noSuchBuyback },
  },
} satisfies Readonly<Record<string, RouteContract>>;

/**
 * The buy-back's read side over HTTP: the customer's own buy-back (spec 7
 * get_buyout_data, only with the token from their e-mail or as the signed-in
 * owner), the purchase contract, and the back office's grid, detail and counts.
 */
export function buybackQueryRoutes(r: SecuredRouter, deps: BuybackQueryRouteDeps): void {
  const documentOf = async (value: unknown): Promise<BuybackDocument> => {
    if (typeof value !== 'string' || !NUMBER_PATTERN.test(value)) throw notFound();
    const document = await deps.queries.byNumber(value);
    if (!document) throw notFound();
    return document;
  };

  /** The customer's buy-back: with its token or to its signed-in owner; to anyone else it does not exist. */
  const customersDocument = async (req: Request, res: Response): Promise<BuybackDocument> => {
    const { token } = parseInput(tokenQuery, req.query);
    const document = await documentOf(req.params.number);
    const principal = principalOf(res);
    const owner = principal.userId !== null && document.owner_user_id === principal.userId;
    if (!owner && !tokenMatches(token, document.access_token_hash)) throw notFound();
    return document;
  };

  /** The seller's data, or null once erased; data that no longer opens is shown as not available, never a 500. */
  const openSealed = async (sealed: SealedPersonalData | null, erased: boolean) => {
    if (!sealed || erased) return null;
    return deps.vault.open<SellerDetails | OfferContact>(sealed).catch(() => null);
  };
  const sealedDetails = (document: BuybackDocument) => openSealed(document.sealed_customer, document.personal_data_erased);

  r.get('/api/buyout/:number', 'public', contracts.customerBuyback, async (req, res) => {
    const document = await customersDocument(req, res);
    const catalogue = await deps.catalogue.current().catch(() => null);
    const details = await sealedDetails(document);
    const seller = details && 'customer_data' in details ? details : null;
    const language = languageOf(res);
    res
      .set('Cache-Control', 'no-store')
      .set('ETag', `"${document.stream_version}"`)
      .json({
        ...choicesOf(catalogue, document),
        conditions_appraisal_result: { quality: document.declared_quality, price: document.offered_price },
        selected_device_condition_choices: document.declared_choices,
        customer_data: seller ? maskedCustomer(seller.customer_data) : null,
        pickup_address: seller?.pickup_address ?? null,
        e_mail: details && !seller ? (details as OfferContact).e_mail : (seller?.customer_data.e_mail ?? null),
        personal_data_erased: document.personal_data_erased || (document.sealed_customer !== null && details === null),
        imei: document.imei ? masked(document.imei, 4) : null,
        created_at: document.created_at,
        ...deps.queries.customerStatus(document, language, deps.clock()),
      });
  });

  /**
   * The customer's status page listens here: `changed` when their buy-back
   * moved on, and it fetches it again with the same token. Only the events'
   * names and the buy-back's number travel on it, never its data.
   */
  r.get(
    '/api/buyout/:number/events',
    'public',
    { ...liveStatusContract('its customer', 'No such buy-back, or the token does not open it'), query: tokenQuery },
    async (req, res) => {
      const document = await customersDocument(req, res);
      deps.live.serve(req, res, document.buyout_number);
    },
  );

  const sendContract = async (
    res: Response,
    document: BuybackDocument,
    seller: SellerDetails | null,
    copy: 'customer' | 'staff',
  ) => {
    if (!document.submitted_at) throw new NotFound('buyback.contract_not_available', 'Only a sold buy-back has a contract');
    const revised = document.revised_offer?.outcome === 'accepted' ? document.revised_offer : null;
    const pdf = await renderPurchaseContract({
      language: languageOf(res),
      market: deps.market,
      buyoutNumber: document.buyout_number,
      concludedAt: document.submitted_at,
      seller: seller ? contractSeller(seller, copy) : null,
      device: {
        label: document.device_label,
        imei: document.imei ?? '',
        serialNumber: document.serial_number,
        declaredQuality: document.declared_quality,
      },
      price: { amount: document.offered_price, currency: document.currency },
      revisedPrice: revised
        ? {
            amount: revised.price,
            acceptedAt: document.timeline.find((e) => e.type === 'RevisedOfferAccepted')?.at ?? revised.revised_at,
          }
        : null,
    });
    res
      .set('Cache-Control', 'no-store')
      .type('application/pdf')
      .set('Content-Disposition', `attachment; filename="kupni-smlouva-${document.buyout_number}.pdf"`)
      .send(pdf);
  };

  r.get('/api/buyout/:number/contract.pdf', 'public', contracts.customerContract, async (req, res) => {
    const document = await customersDocument(req, res);
    const details = await sealedDetails(document);
    // The copy a link opens has the personal number, card and account shortened; staff print the full one.
    await sendContract(res, document, details && 'customer_data' in details ? details : null, 'customer');
  });

  r.get('/api/admin/buybacks/:number/contract.pdf', 'buyback.read', contracts.staffContract, async (req, res) => {
    const document = await documentOf(req.params.number);
    const details = await sealedDetails(document);
    await sendContract(res, document, details && 'customer_data' in details ? details : null, 'staff');
  });

  /**
   * The grid speaks AG Grid's infinite row model: the request's startRow,
   * endRow, sortModel and filterModel (and a quick search) in, rows and
   * lastRow out. A POST, because a filter model does not fit a query string.
   */
  const gridRows = async (request: unknown) => {
    const page = await deps.queries.grid(request, deps.clock());
    const rows = await Promise.all(
      page.rows.map(async ({ sealed_customer, ...row }) => {
        const details = await openSealed(sealed_customer, row.personal_data_erased);
        const customer = details && 'customer_data' in details ? details.customer_data : null;
        return {
          ...row,
          customer_name: customer ? `${customer.first_name} ${customer.last_name}` : null,
          customer_city: customer?.city ?? null,
          customer_email: customer?.e_mail ?? (details as OfferContact | null)?.e_mail ?? null,
          personal_data_erased: row.personal_data_erased || (sealed_customer !== null && details === null),
        };
      }),
    );
    return { rows, lastRow: page.lastRow };
  };

  /** The grid's request from a query string: the models travel as JSON, as AG Grid builds them. */
  const gridRequestOf = (req: Request, startRow: number, endRow: number) => {
    const query = parseInput(gridQuerySchema, req.query);
    const json = (field: 'sortModel' | 'filterModel', fallback: unknown) => {
      const value = query[field];
      if (value === undefined) return fallback;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        throw new ValidationError('validation.failed', { [field]: ['request.malformed_json'] }, `${field} is not JSON`);
      }
    };
    return {
      startRow: query.startRow ?? startRow,
      endRow: query.endRow ?? endRow,
      sortModel: json('sortModel', []),
      filterModel: json('filterModel', {}),
      ...(query.quick ? { quick: query.quick } : {}),
    };
  };

  /**
   * The grid speaks AG Grid's infinite row model: the request's startRow,
   * endRow, sortModel and filterModel (and a quick search) in, rows and
   * lastRow out; as a POST body, or as a query string with the models as JSON.
   */
  r.post('/api/admin/buybacks/query', 'buyback.read', contracts.gridQuery, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await gridRows(req.body));
  });

  r.get('/api/admin/buybacks', 'buyback.read', contracts.grid, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await gridRows(gridRequestOf(req, 0, 100)));
  });

  /** Every row the grid's filters and sort give (up to 10 000), as CSV for a spreadsheet. */
  r.get('/api/admin/buybacks.csv', 'buyback.read', contracts.gridCsv, async (req, res) => {
    const first = gridRequestOf(req, 0, CSV_PAGE);
    const rows: Awaited<ReturnType<typeof gridRows>>['rows'][number][] = [];
    for (let start = 0; start < CSV_MAX_ROWS; start += CSV_PAGE) {
      const page = await gridRows({ ...first, startRow: start, endRow: start + CSV_PAGE });
      rows.push(...page.rows);
      if (page.rows.length < CSV_PAGE || rows.length >= page.lastRow) break;
    }
    const lines = [CSV_COLUMNS.join(';'), ...rows.map((row) => CSV_COLUMNS.map((column) => csvCell(row[column])).join(';'))];
    res
      .set('Cache-Control', 'no-store')
      .type('text/csv; charset=utf-8')
      .attachment(`vykupy-${deps.clock().toISOString().slice(0, 10)}.csv`)
      .send(`\uFEFF${lines.join('\r\n')}\r\n`);
  });

  r.get('/api/admin/buybacks/stats/daily', 'buyback.read', contracts.dailyCounts, async (req, res) => {
    const today = deps.clock().toISOString().slice(0, 10);
    const query = parseInput(dailyCountsQuerySchema, req.query);
    const from = query.from ?? new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10);
    res
      .set('Cache-Control', 'no-store')
      .json({ from, to: query.to ?? today, days: await deps.queries.dailyCounts(from, query.to ?? today) });
  });

  /** Every publication of the market's price lists, newest first; `model` narrows it to one model's versions. */
  r.get('/api/admin/buyout/price-list-history', 'buyback.read', contracts.priceListHistory, async (req, res) => {
    const query = parseInput(priceListHistoryQuerySchema, req.query);
    const collection = await deps.collection(priceListHistoryProjection.name);
    const found = await deps.documents.find<PriceListHistoryDocument>(collection, {
      filters: [{ field: 'market', op: 'equals', value: deps.market }],
      limit: 1,
    });
    const publications = (found.items[0]?.document.publications ?? [])
      .map((publication) =>
        query.model ? { ...publication, changed: publication.changed.filter((c) => c.model_id === query.model) } : publication,
      )
      .filter((publication) => !query.model || publication.changed.length > 0)
      .slice(0, query.limit);
    res.set('Cache-Control', 'no-store').json({ market: deps.market, publications });
  });

  r.get('/api/admin/imei-blacklist', 'buyback.blacklist.read', contracts.blacklist, async (req, res) => {
    const query = parseInput(blacklistQuerySchema, req.query);
    const page = await listImeiBlacklist(deps.documents, await deps.collection(imeiBlacklistProjection.name), {
      ...(query.listed ? { listed: query.listed === 'true' } : {}),
      ...(query.imei ? { imei: query.imei.replace(/[\s/-]/g, '') } : {}),
      limit: query.limit,
      offset: query.offset,
    });
    res.set('Cache-Control', 'no-store').json({ items: page.items.map((item) => item.document), total: page.total });
  });

  /** The back office's detail listens here, as the customer's page does on its own route. */
  r.get(
    '/api/admin/buybacks/:number/events',
    'buyback.read',
    liveStatusContract('the staff', 'No such buy-back'),
    async (req, res) => {
      const document = await documentOf(req.params.number);
      deps.live.serve(req, res, document.buyout_number);
    },
  );

  /** The detail: the whole history (event, actor, time), the seller's data, and what this person may do next. */
  r.get('/api/admin/buybacks/:number', 'buyback.read', contracts.staffBuyback, async (req, res) => {
    const document = await documentOf(req.params.number);
    const details = await sealedDetails(document);
    const seller = details && 'customer_data' in details ? details : null;
    const { sealed_customer: _sealed, access_token_hash: _token, ...visible } = document;
    const roles = principalOf(res).roles;
    const language = languageOf(res);
    const sellerName = seller ? `${seller.customer_data.first_name} ${seller.customer_data.last_name}`.trim() : '';
    const timeline = await namedTimeline(document.timeline, sellerName || null, deps);
    res
      .set('Cache-Control', 'no-store')
      .set('ETag', `"${document.stream_version}"`)
      .json({
        ...visible,
        timeline,
        status_label: buybackStatusLabel(document.status, language),
        customer_data: seller?.customer_data ?? null,
        pickup_address: seller?.pickup_address ?? null,
        device_note: seller?.device_note ?? null,
        e_mail: seller?.customer_data.e_mail ?? (details as OfferContact | null)?.e_mail ?? null,
        personal_data_erased: document.personal_data_erased || (document.sealed_customer !== null && details === null),
        available_actions: (await deps.allowedActions(document.buyout_number, document.stream_version)).filter((action) =>
          can(roles, STAFF_ACTIONS[action]),
        ),
      });
  });
}

/** The identity context's `users` read model, as far as a name goes (read-models/identity users-projection). */
interface UserName extends Record<string, unknown> {
  readonly email: string;
  readonly name: string;
}

/**
 * The timeline with each actor's name as the back office shows it: staff by the name (or the
 * e-mail) of their account in the identity context's users read model, the seller by the name
 * they sold under, the system by none; an approval's approver likewise. Names are looked up
 * when asked, so a renamed or removed account shows as it is now (removed: none).
 */
async function namedTimeline(
  timeline: BuybackDocument['timeline'],
  sellerName: string | null,
  deps: Pick<BuybackQueryRouteDeps, 'documents' | 'collection'>,
) {
  const staffIds = new Set<string>();
  for (const entry of timeline) {
    if (isStaffRole(entry.actor.role)) staffIds.add(entry.actor.user_id);
    if (typeof entry.details.approved_by === 'string') staffIds.add(entry.details.approved_by);
  }
  const names = new Map<string, string>();
  if (staffIds.size > 0) {
    try {
      const users = await deps.documents.getMany<UserName>(await deps.collection('users'), [...staffIds]);
      for (const [id, user] of users) names.set(id, user.name || user.email);
    } catch {
      // Without the users read model (a context run on its own) the back office shows roles, not names.
    }
  }
  return timeline.map((entry) => {
    const { user_id, role } = entry.actor;
    const name = isStaffRole(role) ? (names.get(user_id) ?? null) : role === 'system' ? null : sellerName;
    const approver = entry.details.approved_by;
    const details =
      typeof approver === 'string' && names.has(approver)
        ? { ...entry.details, approved_by: names.get(approver)! }
        : entry.details;
    return { ...entry, actor: { user_id, role, name }, details };
  });
}

function choicesOf(catalogue: BuyBackCatalogue | null, document: BuybackDocument) {
  const model = catalogue?.models.find((m) => m.id === document.model_id);
  const maker = model && catalogue?.manufacturers.find((m) => m.id === model.manufacturer_id);
  const color = model?.colors.find((c) => c.id === document.color_id);
  const priceList = catalogue?.price_lists.find((p) => p.model_id === document.model_id);
  return {
    product_type_choice: model ? { value: model.device_type, label: model.device_type } : null,
    manufacturer_choice: maker ? { value: maker.id, label: maker.label } : null,
    product_model_choice: model
      ? { value: model.id, label: model.label }
      : { value: document.model_id, label: document.device_label },
    product_color_choice: color
      ? { value: color.id, label: color.label, image: color.image, image_alt: color.image_alt }
      : { value: document.color_id, label: document.device_label },
    appraisal_result: priceList
      ? Object.entries(priceList.prices).map(([quality, price]) => ({ id: quality, quality, price }))
      : [],
    device_conditions: priceList?.device_conditions ?? [],
    version: document.price_list_version,
    minimal_buyout_price: priceList?.minimal_buyout_price ?? null,
  };
}

/**
 * The customer sees their own data, with what would do harm in a leaked link
 * shortened: the personal number, the identity card and the account, and no
 * birth date (with it and the end of a Czech birth number, the whole number
 * could be put back together).
 */
function maskedCustomer(customer: CustomerData): Omit<CustomerData, 'birth_date'> {
  const { birth_date: _birthDate, ...rest } = customer;
  return {
    ...rest,
    personal_identification_number: masked(customer.personal_identification_number, 4),
    identity_card_number: masked(customer.identity_card_number, 3),
    bank_account_full_number: masked(customer.bank_account_full_number, 4),
  };
}

function contractSeller({ customer_data: c }: SellerDetails, copy: 'customer' | 'staff'): PurchaseContractSeller {
  const shown = (value: string, visible: number) => (copy === 'staff' ? value : masked(value, visible));
  const account =
    c.bank_code && /^\d/.test(c.bank_code) ? `${c.bank_account_full_number}/${c.bank_code}` : c.bank_account_full_number;
  return {
    name: `${c.first_name} ${c.last_name}`,
    degreeBeforeName: c.degree_before_name,
    // The birth date is printed, and a Czech birth number is that date and four digits: the customer's copy shows none of it.
    personalIdentificationNumber: shown(c.personal_identification_number, 0),
    birthDate: c.birth_date,
    identityCardNumber: shown(c.identity_card_number, 3),
    street: c.street,
    city: c.city,
    postcode: c.postcode,
    country: c.country,
    phone: c.phone_number,
    email: c.e_mail,
    bankAccount: shown(account, 9),
  };
}

export type { PickupAddress };
