import { describe, expect, it } from 'vitest';
import type { BuybackEvent } from '@buyloop/buy-back';
import { BUYBACK_IMEI, buybackAt, buybackHistory as h, scratchedDisplay, sealedFor } from '@buyloop/buy-back/testing';
import type { Actor, RecordedEvent } from '@buyloop/kit';
import { project } from '@buyloop/projector/spec';
import { buybacksProjection, buyoutNumberOf, enteredStatus, type BuybackDocument } from './buybacks-projection';

const customer: Actor = { userId: 'visitor:203.0.113.7', role: 'visitor' };
const system: Actor = { userId: 'system', role: 'system' };
const warehouse: Actor = { userId: 'staff-wh', role: 'warehouse' };
const technician: Actor = { userId: 'staff-tech', role: 'buyback_technician' };
const finance: Actor = { userId: 'staff-fin', role: 'finance' };
const support: Actor = { userId: 'staff-sup', role: 'customer_support' };

/** Events as the store records them: per-stream versions from 1, with the actor each step had. */
function stream(steps: ReadonlyArray<readonly [BuybackEvent, Actor]>, name = 'buyback-B-1001'): RecordedEvent[] {
  return steps.map(([event, actor], i) => ({
    id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    type: event.type,
    data: event.data,
    schemaVersion: 1,
    stream: name,
    streamVersion: BigInt(i + 1),
    globalPosition: BigInt(100 + i),
    recordedAt: new Date(Date.parse(event.data.at) + 1000),
    metadata: { correlationId: 'c', causationId: null, actor, market: 'cz' },
    checkpoint: `1/${100 + i}`,
  }));
}

const only = (events: RecordedEvent[]): BuybackDocument => {
  const documents = project(buybacksProjection, events);
  expect([...documents.keys()]).toEqual(['B-1001']);
  return documents.get('B-1001')!;
};

describe('buybacks projection', () => {
  it('given a courier sale through to completion, one document with prices, payout and a timeline of who did what', () => {
    const doc = only(
      stream([
        [h.submitted('courier'), customer],
        [h.pickupOrdered, system],
        [h.received, warehouse],
        [h.inspected(), technician],
        [h.approved, technician],
        [h.payoutOrdered, finance],
        [h.paid, finance],
        [h.completed, system],
      ]),
    );
    expect(doc).toMatchObject({
      buyout_number: 'B-1001',
      stream_version: 8,
      status: 'completed',
      status_since: buybackAt(8),
      created_at: buybackAt(0),
      submitted_at: buybackAt(0),
      updated_at: buybackAt(8),
      model_id: 'iphone-13',
      color_id: 'iphone-13-midnight',
      device_label: 'iPhone 13 128 GB, Midnight',
      imei: BUYBACK_IMEI,
      serial_number: 'F2LXK1',
      declared_quality: 'A',
      declared_quality_weight: 4,
      declared_choices: ['display-perfect', 'body-perfect'],
      inspected_quality: 'A',
      inspected_quality_weight: 4,
      findings: [],
      imei_check: { found: BUYBACK_IMEI, matches_submitted: true, blacklisted: false },
      offered_price: 9000,
      current_price: 9000,
      final_price: 9000,
      currency: 'CZK',
      price_list_version: 3,
      pickup: 'courier',
      pickup_order: { carrier: 'ppl', reference: 'PPL-1', ordered_at: buybackAt(1) },
      received_at: buybackAt(3),
      subject_id: 'subject-1',
      sealed_customer: sealedFor('subject-1'),
      access_token_hash: 'token-hash-1',
      owner_user_id: null,
      revised_offer: null,
      payout: {
        amount: 9000,
        ordered_by: 'staff-1',
        ordered_at: buybackAt(6),
        payout_limit: 20000,
        approval: null,
        payment_reference: 'BANK-1',
        paid_at: buybackAt(7),
      },
      personal_data_erased: false,
      staff_touched: true,
    });
    expect(doc.timeline.map((entry) => [entry.type, entry.stream_version, entry.actor.user_id, entry.actor.role])).toEqual([
      ['Submitted', 1, 'visitor', 'visitor'],
      ['PickupOrdered', 2, 'system', 'system'],
      ['DeviceReceived', 3, 'staff-wh', 'warehouse'],
      ['DeviceInspected', 4, 'staff-tech', 'buyback_technician'],
      ['Approved', 5, 'staff-tech', 'buyback_technician'],
      ['PayoutOrdered', 6, 'staff-fin', 'finance'],
      ['Paid', 7, 'staff-fin', 'finance'],
      ['Completed', 8, 'system', 'system'],
    ]);
    expect(doc.timeline[1]).toEqual({
      type: 'PickupOrdered',
      at: buybackAt(1),
      recorded_at: new Date(Date.parse(buybackAt(1)) + 1000).toISOString(),
      actor: { user_id: 'system', role: 'system' },
      stream_version: 2,
      details: { carrier: 'ppl', pickup_reference: 'PPL-1' },
    });
    expect(doc.timeline[6]!.details).toEqual({ amount: 9000, currency: 'CZK', payment_reference: 'BANK-1' });
  });

  it('keeps personal data out of the timeline: no sealed data, subject, token or visitor address', () => {
    const doc = only(
      stream([
        [h.offerEmailed, customer],
        [h.submitted('courier'), customer],
        [h.pickupOrdered, system],
        [h.received, warehouse],
        [h.inspected([scratchedDisplay], 'B'), technician],
      ]),
    );
    const timeline = JSON.stringify(doc.timeline);
    for (const secret of ['c2VhbGVk', 'subject-1', 'token-hash-1', '203.0.113.7', BUYBACK_IMEI])
      expect(timeline).not.toContain(secret);
    expect(doc.timeline[4]!.details).toEqual({
      quality_found: 'B',
      findings: ['Deep scratches on the display'],
      imei_matches_submitted: true,
      imei_blacklisted: false,
    });
  });

  it('starts at the e-mailed offer: created then, the contact sealed until the sale brings the customer data', () => {
    const offered = only(stream([[h.offerEmailed, customer]]));
    expect(offered).toMatchObject({
      status: 'offered',
      created_at: buybackAt(0, '09:00:00.000'),
      submitted_at: null,
      imei: null,
      pickup: null,
      sealed_customer: sealedFor('subject-1'),
      offered_price: 9000,
      stream_version: 1,
    });

    const customerData = { ...sealedFor('subject-1'), ciphertext: 'Y3VzdG9tZXI=' };
    const submitted: BuybackEvent = {
      ...h.submitted('centre'),
      data: { ...h.submitted('centre').data, customer: customerData },
    } as BuybackEvent;
    const sold = only(
      stream([
        [h.offerEmailed, support],
        [submitted, customer],
      ]),
    );
    expect(sold).toMatchObject({
      status: 'awaiting_device',
      status_since: buybackAt(0),
      created_at: buybackAt(0, '09:00:00.000'),
      submitted_at: buybackAt(0),
      sealed_customer: customerData,
      pickup: 'centre',
      imei: BUYBACK_IMEI,
      // Staff e-mailing the offer is not looking after the sale.
      staff_touched: false,
    });
  });

  it('counts staff as touching a sale only after it was submitted, and never the system', () => {
    const events = stream([
      [h.submitted('courier'), customer],
      [h.pickupOrdered, system],
      [h.received, warehouse],
    ]);
    expect(only(events.slice(0, 2)).staff_touched).toBe(false);
    expect(only(events).staff_touched).toBe(true);
  });

  it('repricing after a lost price guarantee changes the current price, not the offered one nor the status', () => {
    const doc = only(
      stream([
        [h.submitted('courier'), customer],
        [h.pickupOrdered, system],
        [h.received, warehouse],
        [
          {
            type: 'PriceGuaranteeLost',
            data: { submittedAt: buybackAt(0), receivedAt: buybackAt(20), guaranteeDays: 14, at: buybackAt(20) },
          },
          system,
        ],
        [{ type: 'Repriced', data: { previousPrice: 9000, price: 8200, priceListVersion: 4, at: buybackAt(20) } }, system],
      ]),
    );
    expect(doc).toMatchObject({
      status: 'received',
      status_since: buybackAt(3),
      offered_price: 9000,
      current_price: 8200,
      price_list_version: 4,
      price_guarantee_lost: true,
      stream_version: 5,
      updated_at: buybackAt(20),
    });
    expect(doc.timeline.at(-1)).toMatchObject({
      type: 'Repriced',
      stream_version: 5,
      details: { previous_price: 9000, price: 8200, price_list_version: 4 },
    });
  });

  it('a revised offer the customer accepts becomes the current and, once ordered, the final price', () => {
    const steps = [
      [h.submitted('courier'), customer],
      [h.pickupOrdered, system],
      [h.received, warehouse],
      [h.inspected([scratchedDisplay], 'B'), technician],
      [h.revised, technician],
    ] as const;
    const revised = only(stream(steps));
    expect(revised).toMatchObject({
      status: 'revised',
      status_since: buybackAt(5),
      current_price: 9000,
      findings: [
        {
          question_id: 'display',
          expected_choice: 'display-perfect',
          found_choice: 'display-scratched',
          reason: 'Deep scratches on the display',
        },
      ],
      revised_offer: {
        previous_price: 9000,
        price: 7000,
        reasons: [{ question_id: 'display', reason: 'Scratched display' }],
        revised_at: buybackAt(5),
        expires_at: buybackAt(19),
        outcome: 'open',
      },
    });

    const accepted = only(
      stream([
        ...steps,
        [{ type: 'RevisedOfferAccepted', data: { price: 7000, at: buybackAt(6) } }, customer],
        [{ ...h.payoutOrdered, data: { ...h.payoutOrdered.data, amount: 7000 } } as BuybackEvent, finance],
      ]),
    );
    expect(accepted).toMatchObject({
      status: 'payout_ordered',
      offered_price: 9000,
      current_price: 7000,
      final_price: 7000,
      revised_offer: { price: 7000, outcome: 'accepted' },
      stream_version: 7,
    });
    expect(accepted.timeline[5]).toMatchObject({
      type: 'RevisedOfferAccepted',
      actor: { user_id: 'visitor' },
      details: { price: 7000 },
    });
  });

  it('a rejected or expired revised offer sends the device back', () => {
    const steps = [
      [h.submitted('courier'), customer],
      [h.pickupOrdered, system],
      [h.received, warehouse],
      [h.inspected([scratchedDisplay], 'B'), technician],
      [h.revised, technician],
    ] as const;
    const rejected = only(
      stream([
        ...steps,
        [{ type: 'RevisedOfferRejected', data: { at: buybackAt(6) } }, customer],
        [{ type: 'DeviceReturned', data: { shipmentReference: 'RET-1', freeOfCharge: true, at: buybackAt(8) } }, warehouse],
      ]),
    );
    expect(rejected).toMatchObject({ status: 'returned', current_price: 9000, revised_offer: { outcome: 'rejected' } });
    const expired = only(
      stream([...steps, [{ type: 'RevisedOfferExpired', data: { revisedAt: buybackAt(5), at: buybackAt(19) } }, system]]),
    );
    expect(expired).toMatchObject({ status: 'returning', status_since: buybackAt(19), revised_offer: { outcome: 'expired' } });
  });

  it('quarantine keeps its reasons until released', () => {
    const steps = [
      [h.submitted('centre'), customer],
      [h.received, warehouse],
      [h.quarantined, technician],
    ] as const;
    expect(only(stream(steps))).toMatchObject({ status: 'quarantined', quarantine_reasons: ['imei_blacklisted'] });
    expect(only(stream([...steps, [h.released, technician]]))).toMatchObject({ status: 'inspected', quarantine_reasons: [] });
  });

  it('a staff cancellation after receipt returns the device and records who cancelled', () => {
    const doc = only(
      stream([
        [h.submitted('centre'), customer],
        [h.received, warehouse],
        [
          { type: 'Cancelled', data: { by: 'staff', reason: 'Customer asked by phone', deviceHeld: true, at: buybackAt(4) } },
          support,
        ],
      ]),
    );
    expect(doc).toMatchObject({
      status: 'returning',
      cancellation: { by: 'staff', reason: 'Customer asked by phone', at: buybackAt(4) },
    });
  });

  it('erasing personal data drops the sealed customer data and says so, keeping the rest', () => {
    const doc = only(
      stream([
        [h.submitted('courier'), customer],
        [h.pickupOrdered, system],
        [h.received, warehouse],
        [h.inspected(), technician],
        [h.approved, technician],
        [h.payoutOrdered, finance],
        [h.paid, finance],
        [h.completed, system],
        [h.erased, system],
      ]),
    );
    expect(doc).toMatchObject({
      status: 'completed',
      status_since: buybackAt(8),
      personal_data_erased: true,
      sealed_customer: null,
      subject_id: 'subject-1',
      final_price: 9000,
      stream_version: 9,
    });
    expect(doc.timeline.at(-1)).toMatchObject({ type: 'PersonalDataErased', details: {} });
  });

  it('keys by the buyout number and ignores the catalogue stream and streams without a start', () => {
    expect(buyoutNumberOf('buyback-B-1001')).toBe('B-1001');
    expect(buyoutNumberOf('buyback-catalogue-cz')).toBeNull();
    expect(buyoutNumberOf('buyback-')).toBeNull();
    expect(buyoutNumberOf('user-1')).toBeNull();
    const documents = project(buybacksProjection, [
      ...stream([[h.submitted('courier'), customer]], 'buyback-catalogue-cz'),
      ...stream([[h.received, warehouse]], 'buyback-B-2002'),
      ...stream([[h.submitted('courier'), customer]], 'buyback-B-1001'),
    ]);
    expect([...documents.keys()]).toEqual(['B-1001']);
  });

  it('derives the status an event enters exactly as the decider’s evolve does', () => {
    expect(enteredStatus(h.submitted('courier'))).toBe('submitted');
    expect(enteredStatus(h.submitted('centre'))).toBe('awaiting_device');
    expect(enteredStatus(h.released)).toBe('inspected');
    expect(
      enteredStatus({ type: 'Cancelled', data: { by: 'customer', reason: null, deviceHeld: false, at: buybackAt(1) } }),
    ).toBe('cancelled');
    expect(enteredStatus(h.erased)).toBeNull();
    expect(
      enteredStatus({ type: 'Repriced', data: { previousPrice: 1, price: 1, priceListVersion: 1, at: buybackAt(1) } }),
    ).toBeNull();
  });
});
