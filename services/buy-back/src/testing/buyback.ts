import { fold, ValidationError } from '@buyloop/kit';
import { buybackDecider, type BuybackCommand } from '../buyback/decider';
import type { BuybackEvent, Finding } from '../buyback/events';
import type { SealedPersonalData } from '../personal-data/sealed';

/** Stands for encrypted personal data in specs: deciders never look inside. */
export const sealedFor = (subjectId: string): SealedPersonalData => ({
  subjectId,
  algorithm: 'aes-256-gcm',
  iv: 'AAAAAAAAAAAAAAAA',
  ciphertext: 'c2VhbGVk',
});

/** A buy-back history for specs: one step per event, each a day after the sale unless told otherwise. */
export const buybackAt = (day: number, time = '10:00:00.000'): string =>
  new Date(Date.parse(`2026-11-01T${time}Z`) + day * 86_400_000).toISOString();

export const BUYBACK_IMEI = '356789012345678';

const ev = (event: BuybackEvent): BuybackEvent => event;

export const history = {
  offerEmailed: ev({
    type: 'OfferEmailed',
    data: {
      buyoutNumber: 'B-1001',
      modelId: 'iphone-13',
      colorId: 'iphone-13-midnight',
      deviceLabel: 'iPhone 13 128 GB, Midnight',
      declaredQuality: 'A',
      declaredChoices: ['display-perfect', 'body-perfect'],
      price: 9000,
      currency: 'CZK',
      priceListVersion: 3,
      subjectId: 'subject-1',
      contact: sealedFor('subject-1'),
      accessTokenHash: 'token-hash-1',
      at: buybackAt(0, '09:00:00.000'),
    },
  }),
  submitted: (pickup: 'courier' | 'centre' = 'courier'): BuybackEvent => ({
    type: 'Submitted',
    data: {
      buyoutNumber: 'B-1001',
      device: {
        modelId: 'iphone-13',
        colorId: 'iphone-13-midnight',
        label: 'iPhone 13 128 GB, Midnight',
        imei: BUYBACK_IMEI,
        serialNumber: 'F2LXK1',
        note: null,
      },
      declaredQuality: 'A',
      declaredChoices: ['display-perfect', 'body-perfect'],
      price: 9000,
      currency: 'CZK',
      priceListVersion: 3,
      subjectId: 'subject-1',
      customer: sealedFor('subject-1'),
      accessTokenHash: 'token-hash-1',
      ownerUserId: null,
      pickup,
      at: buybackAt(0),
    },
  }),
  pickupOrdered: ev({ type: 'PickupOrdered', data: { carrier: 'ppl', pickupReference: 'PPL-1', at: buybackAt(1) } }),
  received: ev({ type: 'DeviceReceived', data: { where: 'centre-praha', at: buybackAt(3) } }),
  inspected: (findings: Finding[] = [], qualityFound: 'A+' | 'A' | 'B' | 'C' | 'D' = 'A'): BuybackEvent => ({
    type: 'DeviceInspected',
    data: { qualityFound, findings, imei: { found: BUYBACK_IMEI, matchesSubmitted: true, blacklisted: false }, at: buybackAt(4) },
  }),
  quarantined: ev({ type: 'Quarantined', data: { reasons: ['imei_blacklisted'], at: buybackAt(4) } }),
  released: ev({ type: 'QuarantineReleased', data: { reason: 'false hit', at: buybackAt(5) } }),
  approved: ev({ type: 'Approved', data: { price: 9000, at: buybackAt(5) } }),
  revised: ev({
    type: 'OfferRevised',
    data: {
      previousPrice: 9000,
      price: 7000,
      reasons: [{ questionId: 'display', reason: 'Scratched display' }],
      expiresAt: buybackAt(19),
      at: buybackAt(5),
    },
  }),
  revisedAccepted: ev({ type: 'RevisedOfferAccepted', data: { price: 7000, at: buybackAt(6) } }),
  payoutOrdered: ev({
    type: 'PayoutOrdered',
    data: { amount: 9000, currency: 'CZK', payoutLimit: 20000, orderedBy: 'staff-1', approval: null, at: buybackAt(6) },
  }),
  paid: ev({ type: 'Paid', data: { amount: 9000, currency: 'CZK', paymentReference: 'BANK-1', at: buybackAt(7) } }),
  completed: ev({ type: 'Completed', data: { at: buybackAt(8) } }),
  erased: ev({ type: 'PersonalDataErased', data: { subjectId: 'subject-1', at: buybackAt(9) } }),
};

/** A finding that differs from the declaration: the display is scratched. */
export const scratchedDisplay: Finding = {
  questionId: 'display',
  expectedChoice: 'display-perfect',
  foundChoice: 'display-scratched',
  reason: 'Deep scratches on the display',
};

/**
 * The field errors the buy-back decider refuses `command` with after `events`,
 * for specs that pin which field and code a ValidationError names; throws when
 * the command is not refused with a ValidationError.
 */
export function buybackFieldErrors(
  events: readonly BuybackEvent[],
  command: BuybackCommand,
): Readonly<Record<string, readonly string[]>> {
  try {
    buybackDecider.decide(command, fold(buybackDecider, events));
  } catch (error) {
    if (error instanceof ValidationError) return { ...error.fieldErrors };
    throw error;
  }
  throw new Error(`expected ${command.type} to be refused with a ValidationError, but it was decided`);
}
