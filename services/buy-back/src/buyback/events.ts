import type { Currency } from '@buyloop/kit';
import type { Quality } from '../catalogue/types';
import type { SealedPersonalData } from '../personal-data/sealed';
import type { PickupMethod, QuarantineReason } from '@buyloop/contracts';

/** How the device travels and why it is held: the API's own words (shared/contracts). */
export type { PickupMethod, QuarantineReason };

/**
 * The buy-back stream (`buyback-<buyout_number>`, issue 5 point 4): one
 * trade-in from the e-mailed offer to the money in the bank. Every step is
 * an event with its time (`at`); the acting person travels in the event
 * metadata, so data names a person (`by`) only where the decision needs it
 * (the supervisor check of a payout). Personal data is not here: the customer
 * is an opaque `subjectId` whose details another part stores encrypted.
 */
export interface SubmittedDevice {
  readonly modelId: string;
  readonly colorId: string;
  /** The device as the customer saw it when selling ("iPhone 13 128 GB, Blue"): history keeps what was agreed. */
  readonly label: string;
  readonly imei: string;
  readonly serialNumber: string | null;
  readonly note: string | null;
}

/** What the inspection found for one condition question. */
export interface Finding {
  readonly questionId: string;
  readonly expectedChoice: string;
  readonly foundChoice: string;
  readonly reason: string;
}

export interface ImeiCheck {
  readonly found: string;
  readonly matchesSubmitted: boolean;
  readonly blacklisted: boolean;
}

/** The reason for a lower price, one per differing finding. */
export interface RevisionReason {
  readonly questionId: string;
  readonly reason: string;
}

/**
 * A granted supervisor check (identity's `approval-<id>` stream), as the
 * caller found it: who approved, who asked, and the amount and currency the
 * request named (null when it named none), which must be the amount paid.
 */
export interface PayoutApproval {
  readonly approvalId: string;
  readonly approvedBy: string;
  readonly requestedBy: string;
  readonly amount: number | null;
  readonly currency: string | null;
}

export type BuybackEvent =
  | {
      type: 'OfferEmailed';
      data: {
        buyoutNumber: string;
        modelId: string;
        colorId: string;
        deviceLabel: string;
        declaredQuality: Quality;
        declaredChoices: string[];
        price: number;
        currency: Currency;
        priceListVersion: number;
        subjectId: string;
        /** The e-mail address and note, encrypted with the subject's key. */
        contact: SealedPersonalData;
        /** sha256 of the access token the customer got by e-mail (the token itself is never stored). */
        accessTokenHash: string;
        at: string;
      };
    }
  | {
      type: 'Submitted';
      data: {
        buyoutNumber: string;
        device: SubmittedDevice;
        declaredQuality: Quality;
        declaredChoices: string[];
        price: number;
        currency: Currency;
        priceListVersion: number;
        subjectId: string;
        /** customer_data and pickup_address, encrypted with the subject's key. */
        customer: SealedPersonalData;
        accessTokenHash: string;
        /** The signed-in customer who sold it, who may follow it without the token. */
        ownerUserId: string | null;
        pickup: PickupMethod;
        at: string;
      };
    }
  | { type: 'PickupOrdered'; data: { carrier: string; pickupReference: string; at: string } }
  | { type: 'DeviceReceived'; data: { where: string; at: string } }
  | { type: 'PriceGuaranteeLost'; data: { submittedAt: string; receivedAt: string; guaranteeDays: number; at: string } }
  | { type: 'Repriced'; data: { previousPrice: number; price: number; priceListVersion: number; at: string } }
  | { type: 'DeviceInspected'; data: { qualityFound: Quality; findings: Finding[]; imei: ImeiCheck; at: string } }
  | { type: 'Quarantined'; data: { reasons: QuarantineReason[]; at: string } }
  | { type: 'QuarantineReleased'; data: { reason: string; at: string } }
  | { type: 'QuarantineReported'; data: { authority: string; reference: string | null; at: string } }
  | { type: 'Approved'; data: { price: number; at: string } }
  | {
      type: 'OfferRevised';
      data: { previousPrice: number; price: number; reasons: RevisionReason[]; expiresAt: string; at: string };
    }
  | { type: 'RevisedOfferAccepted'; data: { price: number; at: string } }
  | { type: 'RevisedOfferRejected'; data: { at: string } }
  | { type: 'RevisedOfferExpired'; data: { revisedAt: string; at: string } }
  | { type: 'DeviceReturned'; data: { shipmentReference: string | null; freeOfCharge: true; at: string } }
  | {
      type: 'PayoutOrdered';
      data: {
        amount: number;
        currency: Currency;
        payoutLimit: number;
        orderedBy: string;
        approval: PayoutApproval | null;
        at: string;
      };
    }
  | { type: 'Paid'; data: { amount: number; currency: Currency; paymentReference: string; at: string } }
  | { type: 'Completed'; data: { at: string } }
  | { type: 'Cancelled'; data: { by: 'customer' | 'staff'; reason: string | null; deviceHeld: boolean; at: string } }
  /** The subject's key was destroyed: the sealed personal data of this buy-back can no longer be read. */
  | { type: 'PersonalDataErased'; data: { subjectId: string; at: string } };

export const BUYBACK_EVENT_TYPES = [
  'OfferEmailed',
  'Submitted',
  'PickupOrdered',
  'DeviceReceived',
  'PriceGuaranteeLost',
  'Repriced',
  'DeviceInspected',
  'Quarantined',
  'QuarantineReleased',
  'QuarantineReported',
  'Approved',
  'OfferRevised',
  'RevisedOfferAccepted',
  'RevisedOfferRejected',
  'RevisedOfferExpired',
  'DeviceReturned',
  'PayoutOrdered',
  'Paid',
  'Completed',
  'Cancelled',
  'PersonalDataErased',
] as const satisfies readonly BuybackEvent['type'][];
