import type { Currency } from '@buyloop/kit';
import type { BuybackStatus as ContractBuybackStatus } from '@buyloop/contracts';
import type { Quality } from '../catalogue/types';
import type { BuybackEvent, Finding, ImeiCheck, PickupMethod, QuarantineReason, RevisionReason, SubmittedDevice } from './events';

/**
 * Where a buy-back stands. `new` is a stream without events. Terminal:
 * completed, returned, cancelled (before the device arrived) and reported
 * (a quarantined device handed to the authorities).
 */
export type BuybackStatus = 'new' | ContractBuybackStatus;

export interface Inspection {
  readonly qualityFound: Quality;
  readonly findings: readonly Finding[];
  readonly imei: ImeiCheck;
  readonly at: string;
}

export interface RevisedOffer {
  readonly previousPrice: number;
  readonly price: number;
  readonly reasons: readonly RevisionReason[];
  readonly revisedAt: string;
  readonly expiresAt: string;
  readonly outcome: 'open' | 'accepted' | 'rejected' | 'expired';
}

export interface BuybackState {
  readonly status: BuybackStatus;
  readonly buyoutNumber: string | null;
  readonly subjectId: string | null;
  readonly modelId: string | null;
  readonly colorId: string | null;
  readonly device: SubmittedDevice | null;
  readonly declaredQuality: Quality | null;
  readonly declaredChoices: readonly string[];
  readonly pickup: PickupMethod | null;
  readonly pickupOrdered: boolean;
  /** The price offered to the customer now: the submitted one, the repriced one, then the revised one once accepted. */
  readonly price: number | null;
  readonly currency: Currency | null;
  readonly priceListVersion: number | null;
  readonly offeredAt: string | null;
  readonly submittedAt: string | null;
  readonly receivedAt: string | null;
  readonly priceGuaranteeLost: boolean;
  readonly inspection: Inspection | null;
  readonly quarantine: readonly QuarantineReason[];
  readonly revisedOffer: RevisedOffer | null;
  readonly approvedAt: string | null;
  readonly payoutAmount: number | null;
  readonly paidAt: string | null;
  readonly returnedAt: string | null;
  readonly cancelledAt: string | null;
  readonly accessTokenHash: string | null;
  readonly ownerUserId: string | null;
  readonly personalDataErased: boolean;
}

export const initialBuybackState = (): BuybackState => ({
  status: 'new',
  buyoutNumber: null,
  subjectId: null,
  modelId: null,
  colorId: null,
  device: null,
  declaredQuality: null,
  declaredChoices: [],
  pickup: null,
  pickupOrdered: false,
  price: null,
  currency: null,
  priceListVersion: null,
  offeredAt: null,
  submittedAt: null,
  receivedAt: null,
  priceGuaranteeLost: false,
  inspection: null,
  quarantine: [],
  revisedOffer: null,
  approvedAt: null,
  payoutAmount: null,
  paidAt: null,
  returnedAt: null,
  cancelledAt: null,
  accessTokenHash: null,
  ownerUserId: null,
  personalDataErased: false,
});

const closeRevisedOffer = (state: BuybackState, outcome: RevisedOffer['outcome']): RevisedOffer | null =>
  state.revisedOffer ? { ...state.revisedOffer, outcome } : null;

/** What an e-mailed offer and a sale both fix: the number, the declared condition and the price offered. */
const offerTerms = (data: Extract<BuybackEvent, { type: 'OfferEmailed' | 'Submitted' }>['data']) => ({
  buyoutNumber: data.buyoutNumber,
  declaredQuality: data.declaredQuality,
  declaredChoices: data.declaredChoices,
  price: data.price,
  currency: data.currency,
  priceListVersion: data.priceListVersion,
  subjectId: data.subjectId,
  accessTokenHash: data.accessTokenHash,
});

export function evolveBuyback(state: BuybackState, event: BuybackEvent): BuybackState {
  switch (event.type) {
    case 'OfferEmailed':
      return {
        ...state,
        ...offerTerms(event.data),
        status: 'offered',
        modelId: event.data.modelId,
        colorId: event.data.colorId,
        offeredAt: event.data.at,
      };
    case 'Submitted': {
      const { device, pickup, at } = event.data;
      return {
        ...state,
        ...offerTerms(event.data),
        // A device brought to a centre is awaited at once; a courier first has to be ordered.
        status: pickup === 'centre' ? 'awaiting_device' : 'submitted',
        modelId: device.modelId,
        colorId: device.colorId,
        device,
        pickup,
        ownerUserId: event.data.ownerUserId,
        submittedAt: at,
        offeredAt: state.offeredAt ?? at,
      };
    }
    case 'PickupOrdered':
      return { ...state, status: 'awaiting_device', pickupOrdered: true };
    case 'DeviceReceived':
      return { ...state, status: 'received', receivedAt: event.data.at };
    case 'PriceGuaranteeLost':
      return { ...state, priceGuaranteeLost: true };
    case 'Repriced':
      return { ...state, price: event.data.price, priceListVersion: event.data.priceListVersion };
    case 'DeviceInspected': {
      const { qualityFound, findings, imei, at } = event.data;
      return { ...state, status: 'inspected', inspection: { qualityFound, findings, imei, at } };
    }
    case 'Quarantined':
      return { ...state, status: 'quarantined', quarantine: event.data.reasons };
    case 'QuarantineReleased':
      return { ...state, status: 'inspected', quarantine: [] };
    case 'QuarantineReported':
      return { ...state, status: 'reported' };
    case 'Approved':
      return { ...state, status: 'approved', approvedAt: event.data.at };
    case 'OfferRevised': {
      const { previousPrice, price, reasons, expiresAt, at } = event.data;
      return {
        ...state,
        status: 'revised',
        revisedOffer: { previousPrice, price, reasons, expiresAt, revisedAt: at, outcome: 'open' },
      };
    }
    case 'RevisedOfferAccepted':
      return {
        ...state,
        status: 'approved',
        price: event.data.price,
        approvedAt: event.data.at,
        revisedOffer: closeRevisedOffer(state, 'accepted'),
      };
    case 'RevisedOfferRejected':
      return { ...state, status: 'returning', revisedOffer: closeRevisedOffer(state, 'rejected') };
    case 'RevisedOfferExpired':
      return { ...state, status: 'returning', revisedOffer: closeRevisedOffer(state, 'expired') };
    case 'DeviceReturned':
      return { ...state, status: 'returned', returnedAt: event.data.at };
    case 'PayoutOrdered':
      return { ...state, status: 'payout_ordered', payoutAmount: event.data.amount };
    case 'Paid':
      return { ...state, status: 'paid', paidAt: event.data.at };
    case 'Completed':
      return { ...state, status: 'completed' };
    case 'Cancelled':
      // A cancelled buy-back whose device is already here sends it back first.
      return { ...state, status: event.data.deviceHeld ? 'returning' : 'cancelled', cancelledAt: event.data.at };
    case 'PersonalDataErased':
      return { ...state, personalDataErased: true };
    default:
      return neverEvent(event);
  }
}

function neverEvent(event: never): never {
  throw new Error(`Unhandled buy-back event ${JSON.stringify(event)}`);
}
