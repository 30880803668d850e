import {
  BUYBACK_EVENT_TYPES,
  evolveBuyback,
  initialBuybackState,
  qualityWeight,
  type BuybackEvent,
  type BuybackStatus,
  type PickupMethod,
  type Quality,
  type QuarantineReason,
  type SealedPersonalData,
} from '@buyloop/buy-back';
import { isStaffRole } from '@buyloop/contracts';
import type { Currency, RecordedEvent } from '@buyloop/kit';
import type { Projection } from '@buyloop/projector';

/** Every status a buy-back can be in once its stream has an event (`new` is a stream without any). */
export type BuybackDocumentStatus = Exclude<BuybackStatus, 'new'>;

// A record rather than a list, so adding a status to the domain fails to compile here until it is listed.
const statusSet: Readonly<Record<BuybackDocumentStatus, true>> = {
  offered: true,
  submitted: true,
  awaiting_device: true,
  received: true,
  inspected: true,
  quarantined: true,
  revised: true,
  approved: true,
  payout_ordered: true,
  paid: true,
  completed: true,
  returning: true,
  returned: true,
  cancelled: true,
  reported: true,
};

/** Every status a buy-back document can hold, in the order a buy-back usually passes them. */
export const BUYBACK_DOCUMENT_STATUSES = Object.keys(statusSet) as readonly BuybackDocumentStatus[];

export type BuybackEventType = BuybackEvent['type'];

/** A few facts per step that a person reading the history needs; never a name, address, contact or token. */
export type TimelineDetails = Readonly<Record<string, string | number | boolean | null | readonly string[]>>;

export interface BuybackTimelineEntry {
  readonly type: BuybackEventType;
  /** When it happened (the event's own time). */
  readonly at: string;
  /** When the store recorded it. */
  readonly recorded_at: string;
  readonly actor: { readonly user_id: string; readonly role: string };
  readonly stream_version: number;
  readonly details: TimelineDetails;
}

export interface BuybackFinding {
  readonly question_id: string;
  readonly expected_choice: string;
  readonly found_choice: string;
  readonly reason: string;
}

export interface BuybackRevisedOffer {
  readonly previous_price: number;
  readonly price: number;
  readonly reasons: ReadonlyArray<{ readonly question_id: string; readonly reason: string }>;
  readonly revised_at: string;
  readonly expires_at: string;
  readonly outcome: 'open' | 'accepted' | 'rejected' | 'expired';
}

export interface BuybackPayout {
  readonly amount: number;
  readonly ordered_by: string;
  readonly ordered_at: string;
  readonly payout_limit: number;
  readonly approval: { readonly approval_id: string; readonly approved_by: string; readonly requested_by: string } | null;
  readonly payment_reference: string | null;
  readonly paid_at: string | null;
}

/**
 * One buy-back as the back office's grid and detail and the customer's
 * status page read it: everything the routes answer with, so a query never
 * folds the stream again. Personal data stays sealed (`sealed_customer`) and
 * is decrypted at query time, so erasing the subject's key erases it here too.
 */
export interface BuybackDocument extends Record<string, unknown> {
  readonly buyout_number: string;
  /** The last applied event's stream version: the ETag a command's If-Match must carry. */
  readonly stream_version: number;
  readonly status: BuybackDocumentStatus;
  readonly status_since: string;
  /** The first event's time: the e-mailed offer, or the sale when nothing was e-mailed first. */
  readonly created_at: string;
  readonly submitted_at: string | null;
  readonly updated_at: string;
  readonly model_id: string;
  readonly color_id: string;
  readonly device_label: string;
  /** As the customer submitted it; the inspection's reading is in `imei_check`. */
  readonly imei: string | null;
  readonly serial_number: string | null;
  readonly declared_quality: Quality;
  /** A+ weighs 5, D 1: grids sort qualities by weight (spec 9), not alphabetically. */
  readonly declared_quality_weight: number;
  readonly declared_choices: readonly string[];
  readonly inspected_quality: Quality | null;
  readonly inspected_quality_weight: number | null;
  readonly findings: readonly BuybackFinding[];
  readonly imei_check: { readonly found: string; readonly matches_submitted: boolean; readonly blacklisted: boolean } | null;
  readonly quarantine_reasons: readonly QuarantineReason[];
  /** The price agreed when the device was sold (or offered by e-mail). */
  readonly offered_price: number;
  /** The price that holds now: after repricing, approval or an accepted revised offer. */
  readonly current_price: number;
  /** What is paid out, once the payout is ordered (the paid amount once paid). */
  readonly final_price: number | null;
  readonly currency: Currency;
  readonly price_list_version: number;
  readonly price_guarantee_lost: boolean;
  readonly pickup: PickupMethod | null;
  readonly pickup_order: { readonly carrier: string; readonly reference: string; readonly ordered_at: string } | null;
  readonly received_at: string | null;
  readonly subject_id: string;
  readonly sealed_customer: SealedPersonalData | null;
  readonly access_token_hash: string;
  readonly owner_user_id: string | null;
  readonly revised_offer: BuybackRevisedOffer | null;
  readonly payout: BuybackPayout | null;
  readonly cancellation: { readonly by: 'customer' | 'staff'; readonly reason: string | null; readonly at: string } | null;
  readonly personal_data_erased: boolean;
  /** True once someone on the staff acted after the sale: untouched sales older than 30 minutes are flagged (spec 9). */
  readonly staff_touched: boolean;
  readonly timeline: readonly BuybackTimelineEntry[];
}

const STREAM_PREFIX = 'buyback-';
// The catalogue shares the prefix: `buyback-catalogue-cz` is no buy-back.
const CATALOGUE_PREFIX = 'buyback-catalogue-';

/** The buyout number of a buy-back stream; null for any other stream. */
export const buyoutNumberOf = (stream: string): string | null =>
  stream.startsWith(STREAM_PREFIX) && !stream.startsWith(CATALOGUE_PREFIX) && stream.length > STREAM_PREFIX.length
    ? stream.slice(STREAM_PREFIX.length)
    : null;

/**
 * The status a buy-back enters with this event, or null when the event
 * leaves it where it was (a repricing, erasure, a lost guarantee). Asked of
 * the write side's own evolve, so a read model can never disagree with the
 * decider about where a buy-back stands: every status-changing event names
 * its status by itself, without looking at the state before it.
 */
export function enteredStatus(event: BuybackEvent): BuybackDocumentStatus | null {
  const before = initialBuybackState();
  const after = evolveBuyback(before, event).status;
  return after === before.status || after === 'new' ? null : after;
}

/** Reads a recorded event as the buy-back event it is (the projection only receives BUYBACK_EVENT_TYPES). */
export const asBuybackEvent = (recorded: RecordedEvent): BuybackEvent =>
  ({ type: recorded.type, data: recorded.data }) as BuybackEvent;

// A visitor's actor id carries the client's address, which is personal data the read model has no use for.
const actorOf = (recorded: RecordedEvent): BuybackTimelineEntry['actor'] => {
  const { userId, role } = recorded.metadata.actor;
  return { user_id: role === 'visitor' || userId.startsWith('visitor:') ? 'visitor' : userId, role };
};

export function timelineDetails(event: BuybackEvent): TimelineDetails {
  switch (event.type) {
    case 'OfferEmailed':
      return {
        price: event.data.price,
        currency: event.data.currency,
        price_list_version: event.data.priceListVersion,
        declared_quality: event.data.declaredQuality,
      };
    case 'Submitted':
      return {
        price: event.data.price,
        currency: event.data.currency,
        price_list_version: event.data.priceListVersion,
        declared_quality: event.data.declaredQuality,
        pickup: event.data.pickup,
      };
    case 'PickupOrdered':
      return { carrier: event.data.carrier, pickup_reference: event.data.pickupReference };
    case 'DeviceReceived':
      return { where: event.data.where };
    case 'PriceGuaranteeLost':
      return {
        submitted_at: event.data.submittedAt,
        received_at: event.data.receivedAt,
        guarantee_days: event.data.guaranteeDays,
      };
    case 'Repriced':
      return {
        previous_price: event.data.previousPrice,
        price: event.data.price,
        price_list_version: event.data.priceListVersion,
      };
    case 'DeviceInspected':
      return {
        quality_found: event.data.qualityFound,
        findings: event.data.findings.map((finding) => finding.reason),
        imei_matches_submitted: event.data.imei.matchesSubmitted,
        imei_blacklisted: event.data.imei.blacklisted,
      };
    case 'Quarantined':
      return { reasons: event.data.reasons };
    case 'QuarantineReleased':
      return { reason: event.data.reason };
    case 'QuarantineReported':
      return { authority: event.data.authority, reference: event.data.reference };
    case 'Approved':
      return { price: event.data.price };
    case 'OfferRevised':
      return {
        previous_price: event.data.previousPrice,
        price: event.data.price,
        reasons: event.data.reasons.map((reason) => reason.reason),
        expires_at: event.data.expiresAt,
      };
    case 'RevisedOfferAccepted':
      return { price: event.data.price };
    case 'RevisedOfferRejected':
      return {};
    case 'RevisedOfferExpired':
      return { revised_at: event.data.revisedAt };
    case 'DeviceReturned':
      return { shipment_reference: event.data.shipmentReference };
    case 'PayoutOrdered':
      return {
        amount: event.data.amount,
        currency: event.data.currency,
        payout_limit: event.data.payoutLimit,
        approved_by: event.data.approval?.approvedBy ?? null,
      };
    case 'Paid':
      return { amount: event.data.amount, currency: event.data.currency, payment_reference: event.data.paymentReference };
    case 'Completed':
      return {};
    case 'Cancelled':
      return { by: event.data.by, reason: event.data.reason, device_held: event.data.deviceHeld };
    case 'PersonalDataErased':
      return {};
    default:
      return neverEvent(event);
  }
}

/** The fields an event changes, beyond status, times, staff_touched and the timeline that every event updates alike. */
function applyEvent(document: BuybackDocument | null, event: BuybackEvent): Partial<BuybackDocument> {
  switch (event.type) {
    case 'OfferEmailed': {
      const d = event.data;
      return {
        buyout_number: d.buyoutNumber,
        model_id: d.modelId,
        color_id: d.colorId,
        device_label: d.deviceLabel,
        declared_quality: d.declaredQuality,
        declared_quality_weight: qualityWeight(d.declaredQuality),
        declared_choices: d.declaredChoices,
        offered_price: d.price,
        current_price: d.price,
        currency: d.currency,
        price_list_version: d.priceListVersion,
        subject_id: d.subjectId,
        sealed_customer: d.contact,
        access_token_hash: d.accessTokenHash,
      };
    }
    case 'Submitted': {
      const d = event.data;
      return {
        buyout_number: d.buyoutNumber,
        submitted_at: d.at,
        model_id: d.device.modelId,
        color_id: d.device.colorId,
        device_label: d.device.label,
        imei: d.device.imei,
        serial_number: d.device.serialNumber,
        declared_quality: d.declaredQuality,
        declared_quality_weight: qualityWeight(d.declaredQuality),
        declared_choices: d.declaredChoices,
        offered_price: d.price,
        current_price: d.price,
        currency: d.currency,
        price_list_version: d.priceListVersion,
        pickup: d.pickup,
        subject_id: d.subjectId,
        // The sale's sealed customer data supersedes the e-mailed offer's contact.
        sealed_customer: d.customer,
        access_token_hash: d.accessTokenHash,
        owner_user_id: d.ownerUserId,
      };
    }
    case 'PickupOrdered':
      return { pickup_order: { carrier: event.data.carrier, reference: event.data.pickupReference, ordered_at: event.data.at } };
    case 'DeviceReceived':
      return { received_at: event.data.at };
    case 'PriceGuaranteeLost':
      return { price_guarantee_lost: true };
    case 'Repriced':
      return { current_price: event.data.price, price_list_version: event.data.priceListVersion };
    case 'DeviceInspected': {
      const { qualityFound, findings, imei } = event.data;
      return {
        inspected_quality: qualityFound,
        inspected_quality_weight: qualityWeight(qualityFound),
        findings: findings.map((f) => ({
          question_id: f.questionId,
          expected_choice: f.expectedChoice,
          found_choice: f.foundChoice,
          reason: f.reason,
        })),
        imei_check: { found: imei.found, matches_submitted: imei.matchesSubmitted, blacklisted: imei.blacklisted },
      };
    }
    case 'Quarantined':
      return { quarantine_reasons: event.data.reasons };
    case 'QuarantineReleased':
      return { quarantine_reasons: [] };
    case 'QuarantineReported':
      return {};
    case 'Approved':
      return { current_price: event.data.price };
    case 'OfferRevised': {
      const { previousPrice, price, reasons, expiresAt, at } = event.data;
      return {
        revised_offer: {
          previous_price: previousPrice,
          price,
          reasons: reasons.map((r) => ({ question_id: r.questionId, reason: r.reason })),
          revised_at: at,
          expires_at: expiresAt,
          outcome: 'open',
        },
      };
    }
    case 'RevisedOfferAccepted':
      return { current_price: event.data.price, revised_offer: closeRevisedOffer(document, 'accepted') };
    case 'RevisedOfferRejected':
      return { revised_offer: closeRevisedOffer(document, 'rejected') };
    case 'RevisedOfferExpired':
      return { revised_offer: closeRevisedOffer(document, 'expired') };
    case 'DeviceReturned':
      return {};
    case 'PayoutOrdered': {
      const { amount, orderedBy, payoutLimit, approval, at } = event.data;
      return {
        final_price: amount,
        payout: {
          amount,
          ordered_by: orderedBy,
          ordered_at: at,
          payout_limit: payoutLimit,
          approval: approval
            ? { approval_id: approval.approvalId, approved_by: approval.approvedBy, requested_by: approval.requestedBy }
            : null,
          payment_reference: null,
          paid_at: null,
        },
      };
    }
    case 'Paid': {
      const { amount, paymentReference, at } = event.data;
      const ordered = document?.payout ?? null;
      return {
        final_price: amount,
        payout: ordered && { ...ordered, amount, payment_reference: paymentReference, paid_at: at },
      };
    }
    case 'Completed':
      return {};
    case 'Cancelled':
      return { cancellation: { by: event.data.by, reason: event.data.reason, at: event.data.at } };
    case 'PersonalDataErased':
      // The subject's key is gone: the sealed blob can never be opened again, so it is not kept either.
      return { personal_data_erased: true, sealed_customer: null };
    default:
      return neverEvent(event);
  }
}

const closeRevisedOffer = (document: BuybackDocument | null, outcome: BuybackRevisedOffer['outcome']) =>
  document?.revised_offer ? { ...document.revised_offer, outcome } : null;

/** What a buy-back holds before the fields its first event sets: the ones a first event may leave unset. */
const EMPTY: Omit<
  BuybackDocument,
  | 'buyout_number'
  | 'stream_version'
  | 'status'
  | 'status_since'
  | 'created_at'
  | 'updated_at'
  | 'model_id'
  | 'color_id'
  | 'device_label'
  | 'declared_quality'
  | 'declared_quality_weight'
  | 'declared_choices'
  | 'offered_price'
  | 'current_price'
  | 'currency'
  | 'price_list_version'
  | 'subject_id'
  | 'access_token_hash'
  | 'timeline'
> = {
  submitted_at: null,
  imei: null,
  serial_number: null,
  inspected_quality: null,
  inspected_quality_weight: null,
  findings: [],
  imei_check: null,
  quarantine_reasons: [],
  final_price: null,
  price_guarantee_lost: false,
  pickup: null,
  pickup_order: null,
  received_at: null,
  sealed_customer: null,
  owner_user_id: null,
  revised_offer: null,
  payout: null,
  cancellation: null,
  personal_data_erased: false,
  staff_touched: false,
};

export const BUYBACKS_PROJECTION = 'buybacks';

export const buybacksProjection: Projection<BuybackDocument> = {
  name: BUYBACKS_PROJECTION,
  version: 1,
  handles: BUYBACK_EVENT_TYPES,
  collection: {
    fields: {
      buyout_number: { path: 'buyout_number', type: 'string' },
      status: { path: 'status', type: 'string' },
      created_at: { path: 'created_at', type: 'date' },
      submitted_at: { path: 'submitted_at', type: 'date' },
      status_since: { path: 'status_since', type: 'date' },
      device_label: { path: 'device_label', type: 'string' },
      imei: { path: 'imei', type: 'string' },
      declared_quality: { path: 'declared_quality', type: 'string' },
      declared_quality_weight: { path: 'declared_quality_weight', type: 'number' },
      inspected_quality: { path: 'inspected_quality', type: 'string' },
      inspected_quality_weight: { path: 'inspected_quality_weight', type: 'number' },
      offered_price: { path: 'offered_price', type: 'number' },
      current_price: { path: 'current_price', type: 'number' },
      final_price: { path: 'final_price', type: 'number' },
      subject_id: { path: 'subject_id', type: 'string' },
      expires_at: { path: 'revised_offer.expires_at', type: 'date' },
      pickup: { path: 'pickup', type: 'string' },
      staff_touched: { path: 'staff_touched', type: 'boolean' },
    },
    indexes: ['status', 'created_at', 'subject_id'],
    textFields: ['buyout_number', 'imei', 'device_label'],
  },
  key: (event) => buyoutNumberOf(event.stream),
  evolve(document, recorded) {
    const event = asBuybackEvent(recorded);
    const starts = event.type === 'OfferEmailed' || event.type === 'Submitted';
    // A stream always starts with an offer or a sale (the decider sees to it); anything else first has nothing to amend.
    if (!document && !starts) return null;
    const changes = applyEvent(document, event);
    const at = event.data.at;
    const status = enteredStatus(event) ?? document?.status;
    if (!status) return document;
    const afterSale = document?.submitted_at != null;
    const entry: BuybackTimelineEntry = {
      type: event.type,
      at,
      recorded_at: recorded.recordedAt.toISOString(),
      actor: actorOf(recorded),
      stream_version: Number(recorded.streamVersion),
      details: timelineDetails(event),
    };
    return {
      ...EMPTY,
      ...document,
      ...changes,
      stream_version: entry.stream_version,
      status,
      status_since: document && document.status === status ? document.status_since : at,
      created_at: document?.created_at ?? at,
      updated_at: at,
      staff_touched: (document?.staff_touched ?? false) || (afterSale && isStaffRole(recorded.metadata.actor.role)),
      timeline: [...(document?.timeline ?? []), entry],
    } as BuybackDocument;
  },
};

function neverEvent(event: never): never {
  throw new Error(`Unhandled buy-back event ${JSON.stringify(event)}`);
}
