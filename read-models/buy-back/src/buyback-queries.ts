import { QUALITIES, type PickupMethod, type Quality, type SealedPersonalData } from '@buyloop/buy-back';
import { parseIsoDate, type Document, type DocumentStore, type Query } from '@buyloop/document-store';
import { translate, type Language } from '@buyloop/i18n';
import { formatMoney, marketSettings, ValidationError, type Currency } from '@buyloop/kit';
import { AG_GRID_MAX_ROWS, agGrid } from './ag-grid';
import { BUYBACK_DAILY_COUNTS_PROJECTION, type BuybackDailyCount } from './buyback-daily-counts-projection';
import {
  BUYBACK_DOCUMENT_STATUSES,
  BUYBACKS_PROJECTION,
  buybacksProjection,
  type BuybackDocument,
  type BuybackDocumentStatus,
  type BuybackEventType,
  type BuybackTimelineEntry,
} from './buybacks-projection';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Spec 9: a sale nobody on the staff has looked at within 30 minutes is flagged. */
export const UNTOUCHED_AFTER_MS = 30 * MINUTE_MS;
/** A revised offer this close to its expiry is flagged, so someone can remind the customer. */
export const REVISED_OFFER_EXPIRING_MS = 2 * DAY_MS;
/** The longest span `dailyCounts` answers for at once. */
export const DAILY_COUNTS_MAX_DAYS = 366;

export type BuybackFlag = 'untouched_30_min' | 'revised_offer_expiring' | 'quarantined';

/** One row of the back office's buy-back grid; the route decrypts `sealed_customer` for the name columns. */
export interface BuybackGridRow {
  readonly buyout_number: string;
  readonly stream_version: number;
  readonly created_at: string;
  readonly status: BuybackDocumentStatus;
  readonly status_since: string;
  /** Whole days since the status began. */
  readonly days_in_status: number;
  readonly device_label: string;
  readonly imei: string | null;
  readonly declared_quality: Quality;
  readonly inspected_quality: Quality | null;
  readonly offered_price: number;
  readonly current_price: number;
  readonly final_price: number | null;
  readonly currency: Currency;
  readonly pickup: PickupMethod | null;
  /** The revised offer's deadline, whatever became of it (what the expires_at filter and sort read); null without one. */
  readonly expires_at: string | null;
  readonly subject_id: string;
  readonly sealed_customer: SealedPersonalData | null;
  readonly personal_data_erased: boolean;
  readonly flags: readonly BuybackFlag[];
}

export interface BuybackGridPage {
  readonly rows: readonly BuybackGridRow[];
  /** The number of rows matching the filters: AG Grid's `lastRow`, so it knows where the data ends. */
  readonly lastRow: number;
}

export interface BuybackDayCounts {
  readonly day: string;
  /** Buy-backs that entered each status that day; statuses nobody entered are left out. */
  readonly counts: Partial<Record<BuybackDocumentStatus, number>>;
}

export interface CustomerTimelineEntry {
  readonly type: BuybackEventType;
  readonly at: string;
  readonly title: string;
  readonly text: string;
}

/** What the customer's status page shows: no staff names, no internal references, no personal data. */
export interface CustomerBuybackStatus {
  readonly buyout_number: string;
  readonly stream_version: number;
  readonly status: BuybackDocumentStatus;
  readonly status_label: string;
  readonly status_since: string;
  readonly device_label: string;
  readonly price: number;
  readonly price_text: string;
  readonly currency: Currency;
  readonly revised_offer: {
    readonly previous_price: number;
    readonly price: number;
    readonly reasons: readonly string[];
    readonly expires_at: string;
    readonly outcome: 'open' | 'accepted' | 'rejected' | 'expired';
  } | null;
  readonly timeline: readonly CustomerTimelineEntry[];
  readonly next_step: string;
  readonly can_accept_revised_offer: boolean;
  readonly can_reject_revised_offer: boolean;
  readonly can_cancel: boolean;
}

/** The grid's columns: what each may be filtered and sorted by (column ids are the row's field names). */
export const buybackGrid = agGrid(buybacksProjection.collection, {
  columns: {
    buyout_number: { filters: ['text'] },
    created_at: { filters: ['date'] },
    status: { filters: ['set'], values: BUYBACK_DOCUMENT_STATUSES },
    status_since: { filters: ['date'] },
    // More days in the status is an earlier start.
    days_in_status: { field: 'status_since', sort: { field: 'status_since', reversed: true } },
    device_label: { filters: ['text'] },
    imei: { filters: ['text'] },
    // Ascending reads A+, A, B, C, D: best first, by weight (spec 9), not by the letters.
    declared_quality: { filters: ['set'], values: QUALITIES, sort: { field: 'declared_quality_weight', reversed: true } },
    inspected_quality: { filters: ['set'], values: QUALITIES, sort: { field: 'inspected_quality_weight', reversed: true } },
    offered_price: { filters: ['number'] },
    current_price: { filters: ['number'] },
    final_price: { filters: ['number'] },
    pickup: { filters: ['set'], values: ['courier', 'centre'] },
    expires_at: { filters: ['date'] },
    subject_id: { filters: ['text'], sort: false },
    staff_touched: { filters: ['set'], sort: false },
  },
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
});

const elapsed = (since: string, now: Date): number => now.getTime() - Date.parse(since);

export function buybackFlags(document: BuybackDocument, now: Date): BuybackFlag[] {
  const flags: BuybackFlag[] = [];
  const waiting = document.status === 'submitted' || document.status === 'awaiting_device';
  // The clock starts at the sale: an offer e-mailed days earlier must not flag a sale made a minute ago.
  if (waiting && !document.staff_touched && elapsed(document.submitted_at ?? document.created_at, now) > UNTOUCHED_AFTER_MS)
    flags.push('untouched_30_min');
  const offer = document.revised_offer;
  if (document.status === 'revised' && offer && Date.parse(offer.expires_at) - now.getTime() <= REVISED_OFFER_EXPIRING_MS)
    flags.push('revised_offer_expiring');
  if (document.status === 'quarantined') flags.push('quarantined');
  return flags;
}

export function buybackGridRow(document: BuybackDocument, now: Date): BuybackGridRow {
  return {
    buyout_number: document.buyout_number,
    stream_version: document.stream_version,
    created_at: document.created_at,
    status: document.status,
    status_since: document.status_since,
    days_in_status: Math.max(0, Math.floor(elapsed(document.status_since, now) / DAY_MS)),
    device_label: document.device_label,
    imei: document.imei,
    declared_quality: document.declared_quality,
    inspected_quality: document.inspected_quality,
    offered_price: document.offered_price,
    current_price: document.current_price,
    final_price: document.final_price,
    currency: document.currency,
    pickup: document.pickup,
    expires_at: document.revised_offer?.expires_at ?? null,
    subject_id: document.subject_id,
    sealed_customer: document.sealed_customer,
    personal_data_erased: document.personal_data_erased,
    flags: buybackFlags(document, now),
  };
}

const LOCALES: Readonly<Record<Language, string>> = { cs: 'cs-CZ', ro: 'ro-RO', en: 'en-GB' };

/** The market time zone of a currency: the customer reads times as their shop's clock shows them. */
const timeZoneOf = (currency: Currency): string =>
  Object.values(marketSettings).find((settings) => settings.currency === currency)?.timeZone ?? 'UTC';

/** DD.MM.YYYY HH:mm in both markets (spec 9), whatever the language. */
function formatDateTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}

const numberDetail = (entry: BuybackTimelineEntry, key: string): number => {
  const value = entry.details[key];
  return typeof value === 'number' ? value : 0;
};
const textDetail = (entry: BuybackTimelineEntry, key: string): string => {
  const value = entry.details[key];
  return typeof value === 'string' ? value : '';
};

/** The timeline text's key and placeholders for one step, in the customer's words. */
function timelineText(
  entry: BuybackTimelineEntry,
  document: BuybackDocument,
  money: (amount: number) => string,
  date: (iso: string) => string,
): { key: string; params: Record<string, string | number> } {
  const key = `buyback.timeline.${entry.type}.text`;
  const device = document.device_label;
  switch (entry.type) {
    case 'OfferEmailed':
    case 'Submitted':
      return { key, params: { device, price: money(numberDetail(entry, 'price')) } };
    case 'PickupOrdered':
      return { key, params: { carrier: textDetail(entry, 'carrier'), reference: textDetail(entry, 'pickup_reference') } };
    case 'PriceGuaranteeLost': {
      const days = numberDetail(entry, 'guarantee_days');
      return { key, params: { days, count: days } };
    }
    case 'Repriced':
    case 'OfferRevised':
      return {
        key,
        params: {
          price: money(numberDetail(entry, 'price')),
          previous: money(numberDetail(entry, 'previous_price')),
          ...(entry.type === 'OfferRevised' ? { expires: date(textDetail(entry, 'expires_at')) } : {}),
        },
      };
    case 'DeviceInspected':
      return { key, params: { quality: textDetail(entry, 'quality_found') } };
    case 'QuarantineReported':
      return { key, params: { authority: textDetail(entry, 'authority') } };
    case 'Approved':
    case 'RevisedOfferAccepted':
      return { key, params: { price: money(numberDetail(entry, 'price')) } };
    case 'PayoutOrdered':
    case 'Paid':
      return { key, params: { amount: money(numberDetail(entry, 'amount')) } };
    case 'Cancelled': {
      const variant =
        entry.details.device_held === true ? 'device_held' : entry.details.by === 'customer' ? 'by_customer' : 'by_staff';
      return { key: `buyback.timeline.Cancelled.${variant}`, params: {} };
    }
    case 'DeviceReceived':
    case 'Quarantined':
    case 'QuarantineReleased':
    case 'RevisedOfferRejected':
    case 'RevisedOfferExpired':
    case 'DeviceReturned':
    case 'Completed':
    case 'PersonalDataErased':
      return { key, params: {} };
    default:
      return unhandled(entry.type);
  }
}

/** The customer may cancel until the device is received (the decider's rule); staff cancellations go elsewhere. */
const CUSTOMER_MAY_CANCEL: readonly BuybackDocumentStatus[] = ['submitted', 'awaiting_device'];

/**
 * The customer's view of a buy-back, in their language. A revised offer can
 * be answered while it is open and before it expires; once the time is up the
 * scheduler returns the device, so the page stops offering answers at once
 * rather than when the scheduler gets there.
 */
export function customerStatus(document: BuybackDocument, language: Language, now: Date): CustomerBuybackStatus {
  const locale = LOCALES[language] ?? LOCALES.en;
  const money = (amount: number) => formatMoney({ amount, currency: document.currency }, locale);
  const timeZone = timeZoneOf(document.currency);
  const date = (iso: string) => (Number.isNaN(Date.parse(iso)) ? '' : formatDateTime(iso, timeZone));
  const offer = document.revised_offer;
  const offerOpen = document.status === 'revised' && offer?.outcome === 'open' && now.getTime() < Date.parse(offer.expires_at);

  const timeline = document.timeline.map((entry): CustomerTimelineEntry => {
    const { key, params } = timelineText(entry, document, money, date);
    return {
      type: entry.type,
      at: entry.at,
      title: translate(`buyback.timeline.${entry.type}.title`, language),
      text: translate(key, language, params),
    };
  });

  const nextStep =
    document.status === 'revised'
      ? offerOpen
        ? translate('buyback.next_step.revised', language, { expires: date(offer!.expires_at) })
        : translate('buyback.next_step.revised_expired', language)
      : document.status === 'awaiting_device' && document.pickup === 'centre'
        ? translate('buyback.next_step.awaiting_device_centre', language)
        : translate(`buyback.next_step.${document.status}`, language);

  return {
    buyout_number: document.buyout_number,
    stream_version: document.stream_version,
    status: document.status,
    status_label: translate(`buyback.status.${document.status}`, language),
    status_since: document.status_since,
    device_label: document.device_label,
    price: document.current_price,
    price_text: money(document.current_price),
    currency: document.currency,
    revised_offer: offer && {
      previous_price: offer.previous_price,
      price: offer.price,
      reasons: offer.reasons.map((reason) => reason.reason),
      expires_at: offer.expires_at,
      outcome: offer.outcome,
    },
    timeline,
    next_step: nextStep,
    can_accept_revised_offer: offerOpen,
    can_reject_revised_offer: offerOpen,
    can_cancel: CUSTOMER_MAY_CANCEL.includes(document.status) && document.received_at === null,
  };
}

/** The back office's label of a status, in the reader's language. */
export const buybackStatusLabel = (status: BuybackDocumentStatus, language: Language): string =>
  translate(`buyback.status.${status}`, language);

/** Which collection serves a projection now (the projector's `readCollection`). */
export type BuybackCollections = (
  projection: typeof BUYBACKS_PROJECTION | typeof BUYBACK_DAILY_COUNTS_PROJECTION,
) => Promise<string>;

export interface BuybackQueries {
  byNumber(buyoutNumber: string): Promise<BuybackDocument | null>;
  /** One block of AG Grid's infinite row model; a request for anything the grid does not offer is a ValidationError. */
  grid(request: unknown, now: Date): Promise<BuybackGridPage>;
  /** Every buy-back of a data subject, newest first (erasure, a customer's list). */
  bySubject(subjectId: string): Promise<BuybackDocument[]>;
  /** Revised offers still open whose time ran out by `nowIso`: the scheduler expires them. */
  revisedOffersExpiredBy(nowIso: string): Promise<BuybackDocument[]>;
  /** Buy-backs still `paid` whose payment was confirmed at or before `paidByIso` (for the scheduler). */
  paidBy(paidByIso: string): Promise<BuybackDocument[]>;
  /** Every day from `fromDay` to `toDay` (inclusive, `YYYY-MM-DD`, UTC), with the statuses buy-backs entered. */
  dailyCounts(fromDay: string, toDay: string): Promise<BuybackDayCounts[]>;
  customerStatus(document: BuybackDocument, language: Language, now: Date): CustomerBuybackStatus;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function buybackQueries(documents: DocumentStore, collection: BuybackCollections): BuybackQueries {
  /** Every match, a page at a time: ties break by id, so paging neither repeats nor skips. */
  async function findAll<D extends Document>(name: string, query: Query): Promise<D[]> {
    const all: D[] = [];
    for (let offset = 0; ; offset += AG_GRID_MAX_ROWS) {
      const page = await documents.find<D>(name, { ...query, offset, limit: AG_GRID_MAX_ROWS });
      all.push(...page.items.map((item) => item.document));
      if (page.items.length < AG_GRID_MAX_ROWS || all.length >= page.total) return all;
    }
  }

  return {
    async byNumber(buyoutNumber) {
      if (buyoutNumber === '') return null;
      return documents.get<BuybackDocument>(await collection(BUYBACKS_PROJECTION), buyoutNumber);
    },

    async grid(request, now) {
      const query = buybackGrid.toQuery(request);
      const page = await documents.find<BuybackDocument>(await collection(BUYBACKS_PROJECTION), query);
      return { rows: page.items.map((item) => buybackGridRow(item.document, now)), lastRow: page.total };
    },

    async bySubject(subjectId) {
      return findAll<BuybackDocument>(await collection(BUYBACKS_PROJECTION), {
        filters: [{ field: 'subject_id', op: 'equals', value: subjectId }],
        sort: [{ field: 'created_at', direction: 'desc' }],
      });
    },

    async revisedOffersExpiredBy(nowIso) {
      if (parseIsoDate(nowIso) === undefined)
        throw new ValidationError('validation.failed', { now: ['validation.date_invalid'] }, `Not a time: ${nowIso}`);
      return findAll<BuybackDocument>(await collection(BUYBACKS_PROJECTION), {
        filters: [
          { field: 'status', op: 'equals', value: 'revised' },
          { field: 'expires_at', op: 'range', lte: nowIso },
        ],
        sort: [{ field: 'expires_at', direction: 'asc' }],
      });
    },

    async paidBy(paidByIso) {
      if (parseIsoDate(paidByIso) === undefined)
        throw new ValidationError('validation.failed', { paidBy: ['validation.date_invalid'] }, `Not a time: ${paidByIso}`);
      return findAll<BuybackDocument>(await collection(BUYBACKS_PROJECTION), {
        filters: [
          { field: 'status', op: 'equals', value: 'paid' },
          { field: 'status_since', op: 'range', lte: paidByIso },
        ],
        sort: [{ field: 'status_since', direction: 'asc' }],
      });
    },

    async dailyCounts(fromDay, toDay) {
      const from = DAY.test(fromDay) ? parseIsoDate(fromDay) : undefined;
      const to = DAY.test(toDay) ? parseIsoDate(toDay) : undefined;
      const errors: Record<string, string[]> = {};
      if (from === undefined) errors.from = ['validation.date_invalid'];
      if (to === undefined) errors.to = ['validation.date_invalid'];
      else if (from !== undefined && (to < from || (to - from) / DAY_MS + 1 > DAILY_COUNTS_MAX_DAYS))
        errors.to = ['validation.invalid_value'];
      if (from === undefined || to === undefined || Object.keys(errors).length > 0)
        throw new ValidationError('validation.failed', errors, `Invalid day range ${fromDay}..${toDay}`);

      const counts = await findAll<BuybackDailyCount>(await collection(BUYBACK_DAILY_COUNTS_PROJECTION), {
        filters: [{ field: 'day', op: 'range', gte: fromDay, lte: toDay }],
        sort: [{ field: 'day', direction: 'asc' }],
      });
      const byDay = new Map<string, Partial<Record<BuybackDocumentStatus, number>>>();
      for (const count of counts) byDay.set(count.day, { ...byDay.get(count.day), [count.status]: count.count });
      const days: BuybackDayCounts[] = [];
      for (let ms = from; ms <= to; ms += DAY_MS) {
        const day = new Date(ms).toISOString().slice(0, 10);
        days.push({ day, counts: byDay.get(day) ?? {} });
      }
      return days;
    },

    customerStatus,
  };
}

function unhandled(value: never): never {
  throw new Error(`Unhandled buy-back event ${JSON.stringify(value)}`);
}
