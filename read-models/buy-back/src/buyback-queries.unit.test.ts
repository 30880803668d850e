import { describe, expect, it } from 'vitest';
import type { BuybackEvent } from '@buyloop/buy-back';
import { buybackAt, buybackHistory as h, scratchedDisplay } from '@buyloop/buy-back/testing';
import type { DocumentStore } from '@buyloop/document-store';
import { ValidationError, type Actor, type RecordedEvent } from '@buyloop/kit';
import { project } from '@buyloop/projector/spec';
import { buybackFlags, buybackGridRow, buybackQueries, buybackStatusLabel, customerStatus } from './buyback-queries';
import { buybacksProjection, type BuybackDocument } from './buybacks-projection';

const customer: Actor = { userId: 'customer-7', role: 'customer' };
const system: Actor = { userId: 'system', role: 'system' };
const staff: Actor = { userId: 'staff-wh', role: 'warehouse' };

function buyback(steps: ReadonlyArray<readonly [BuybackEvent, Actor]>): BuybackDocument {
  const events: RecordedEvent[] = steps.map(([event, actor], i) => ({
    id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    type: event.type,
    data: event.data,
    schemaVersion: 1,
    stream: 'buyback-B-1001',
    streamVersion: BigInt(i + 1),
    globalPosition: BigInt(i + 1),
    recordedAt: new Date(event.data.at),
    metadata: { correlationId: 'c', causationId: null, actor, market: 'cz' },
    checkpoint: `1/${i + 1}`,
  }));
  return project(buybacksProjection, events).get('B-1001')!;
}

const minutesAfter = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000);
const sold = h.submitted('courier');
const soldAt = buybackAt(0);
const upToRevised = [
  [sold, customer],
  [h.pickupOrdered, system],
  [h.received, staff],
  [h.inspected([scratchedDisplay], 'B'), staff],
  [h.revised, staff],
] as const;
// The revised offer of the fixtures expires on day 19 at 10:00 UTC, 11:00 in Prague.
const revisedExpiry = buybackAt(19);

describe('buy-back grid rows and flags', () => {
  it('flags a sale nobody on the staff touched once it is more than 30 minutes old', () => {
    const fresh = buyback([[sold, customer]]);
    expect(buybackFlags(fresh, minutesAfter(soldAt, 30))).toEqual([]);
    expect(buybackFlags(fresh, minutesAfter(soldAt, 31))).toEqual(['untouched_30_min']);
    // A courier the system ordered is still nobody looking after it.
    expect(
      buybackFlags(
        buyback([
          [sold, customer],
          [h.pickupOrdered, system],
        ]),
        minutesAfter(soldAt, 31),
      ),
    ).toEqual(['untouched_30_min']);
    expect(
      buybackFlags(
        buyback([
          [sold, customer],
          [h.pickupOrdered, staff],
        ]),
        minutesAfter(soldAt, 31),
      ),
    ).toEqual([]);
    expect(
      buybackFlags(
        buyback([
          [sold, customer],
          [h.pickupOrdered, system],
          [h.received, system],
        ]),
        minutesAfter(soldAt, 999),
      ),
    ).toEqual([]);
  });

  it('starts the 30 minutes at the sale, not at an offer e-mailed days before it', () => {
    const offeredEarlier = { ...h.offerEmailed, data: { ...h.offerEmailed.data, at: buybackAt(-5) } } as BuybackEvent;
    const doc = buyback([
      [offeredEarlier, customer],
      [sold, customer],
    ]);
    expect(buybackFlags(doc, minutesAfter(soldAt, 10))).toEqual([]);
    expect(buybackFlags(doc, minutesAfter(soldAt, 40))).toEqual(['untouched_30_min']);
  });

  it('flags a revised offer within two days of its expiry, and a quarantine', () => {
    const revised = buyback(upToRevised);
    expect(buybackFlags(revised, minutesAfter(revisedExpiry, -(2 * 24 * 60 + 1)))).toEqual([]);
    expect(buybackFlags(revised, minutesAfter(revisedExpiry, -(2 * 24 * 60)))).toEqual(['revised_offer_expiring']);
    const quarantined = buyback([
      [h.submitted('centre'), customer],
      [h.received, staff],
      [h.quarantined, staff],
    ]);
    expect(buybackFlags(quarantined, new Date(buybackAt(5)))).toEqual(['quarantined']);
  });

  it('answers the grid row with whole days in the status and the sealed customer data for the route to open', () => {
    const row = buybackGridRow(buyback(upToRevised), minutesAfter(buybackAt(7), 23 * 60 + 59));
    expect(row).toEqual({
      buyout_number: 'B-1001',
      stream_version: 5,
      created_at: soldAt,
      status: 'revised',
      status_since: buybackAt(5),
      days_in_status: 2,
      device_label: 'iPhone 13 128 GB, Midnight',
      imei: '356789012345678',
      declared_quality: 'A',
      inspected_quality: 'B',
      offered_price: 9000,
      current_price: 9000,
      final_price: null,
      currency: 'CZK',
      pickup: 'courier',
      expires_at: revisedExpiry,
      subject_id: 'subject-1',
      sealed_customer: { subjectId: 'subject-1', algorithm: 'aes-256-gcm', iv: 'AAAAAAAAAAAAAAAA', ciphertext: 'c2VhbGVk' },
      personal_data_erased: false,
      flags: [],
    });
  });

  it('labels statuses for the back office in every language', () => {
    expect(buybackStatusLabel('awaiting_device', 'cs')).toBe('Čeká se na zařízení');
    expect(buybackStatusLabel('awaiting_device', 'ro')).toBe('Se așteaptă dispozitivul');
    expect(buybackStatusLabel('payout_ordered', 'en')).toBe('Payment ordered');
  });
});

describe('the customer’s view of a buy-back', () => {
  it('tells a Czech customer what happened and what comes next, and lets them cancel before the device arrives', () => {
    const view = customerStatus(
      buyback([
        [sold, customer],
        [h.pickupOrdered, system],
      ]),
      'cs',
      new Date(buybackAt(1)),
    );
    expect(view).toMatchObject({
      buyout_number: 'B-1001',
      status: 'awaiting_device',
      status_label: 'Čeká se na zařízení',
      price: 9000,
      price_text: '9\u00a0000\u00a0Kč',
      next_step: 'Předejte zařízení kurýrovi. Jakmile k nám dorazí, zkontrolujeme ho.',
      can_cancel: true,
      can_accept_revised_offer: false,
      can_reject_revised_offer: false,
      revised_offer: null,
    });
    expect(view.timeline).toEqual([
      {
        type: 'Submitted',
        at: soldAt,
        title: 'Zařízení prodáno',
        text: 'Prodali jste nám iPhone 13 128 GB, Midnight za 9\u00a0000\u00a0Kč.',
      },
      {
        type: 'PickupOrdered',
        at: buybackAt(1),
        title: 'Kurýr objednán',
        text: 'Kurýr společnosti ppl si u vás zařízení vyzvedne. Číslo zásilky: PPL-1.',
      },
    ]);
  });

  it('asks for an answer to an open revised offer by its deadline in the market’s time, then stops offering it', () => {
    const revised = buyback(upToRevised);
    const open = customerStatus(revised, 'cs', new Date(buybackAt(6)));
    expect(open).toMatchObject({
      status: 'revised',
      status_label: 'Upravená nabídka',
      can_accept_revised_offer: true,
      can_reject_revised_offer: true,
      can_cancel: false,
      revised_offer: {
        previous_price: 9000,
        price: 7000,
        reasons: ['Scratched display'],
        expires_at: revisedExpiry,
        outcome: 'open',
      },
      next_step:
        'Přijměte nebo odmítněte prosím upravenou nabídku do 20.11.2026 11:00. Pokud neodpovíte, zařízení vám bezplatně vrátíme.',
    });
    expect(open.timeline.at(-1)).toEqual({
      type: 'OfferRevised',
      at: buybackAt(5),
      title: 'Upravená nabídka',
      text: 'Zařízení se liší od vašeho popisu. Nabízíme 7\u00a0000\u00a0Kč místo 9\u00a0000\u00a0Kč. Odpovězte prosím do 20.11.2026 11:00.',
    });
    expect(open.timeline[3]!.text).toBe('Vaše zařízení jsme zkontrolovali. Zjištěný stav: B.');

    const late = customerStatus(revised, 'en', new Date(revisedExpiry));
    expect(late).toMatchObject({
      can_accept_revised_offer: false,
      can_reject_revised_offer: false,
      next_step: 'The time to reply to the revised offer has run out. We will return the device to you free of charge.',
    });
  });

  it('speaks Romanian with lei, and tells who cancelled', () => {
    const inLei = (event: BuybackEvent): BuybackEvent =>
      ({ ...event, data: { ...event.data, currency: 'RON', price: 2500 } }) as BuybackEvent;
    const doc = buyback([
      [inLei(h.submitted('centre')), customer],
      [{ type: 'Cancelled', data: { by: 'customer', reason: null, deviceHeld: false, at: buybackAt(1) } }, customer],
    ]);
    const view = customerStatus(doc, 'ro', new Date(buybackAt(2)));
    expect(view).toMatchObject({
      status: 'cancelled',
      status_label: 'Anulat',
      price_text: '2.500\u00a0lei',
      can_cancel: false,
      next_step: 'Răscumpărarea a fost anulată. Nu mai este nimic de făcut.',
    });
    expect(view.timeline.map((entry) => entry.text)).toEqual([
      'Ne-ați vândut iPhone 13 128 GB, Midnight pentru 2.500\u00a0lei.',
      'Ați anulat răscumpărarea.',
    ]);
  });

  it('uses plural forms for the lost price guarantee and a centre’s own next step', () => {
    const doc = buyback([
      [h.submitted('centre'), customer],
      [
        {
          type: 'PriceGuaranteeLost',
          data: { submittedAt: soldAt, receivedAt: buybackAt(20), guaranteeDays: 14, at: buybackAt(20) },
        },
        system,
      ],
    ]);
    const cs = customerStatus(doc, 'cs', new Date(buybackAt(20)));
    expect(cs.timeline[1]!.text).toBe('Zařízení dorazilo později než 14 dní po prodeji, proto nabídnutá cena již neplatí.');
    expect(cs.next_step).toBe('Přineste zařízení do našeho výkupního centra. Jakmile ho převezmeme, zkontrolujeme ho.');
    expect(customerStatus(doc, 'ro', new Date(buybackAt(20))).timeline[1]!.text).toContain('mai mult de 14 zile');
  });

  it('gives every step a translated title and text, and shows the customer nothing internal', () => {
    const doc = buyback([
      ...upToRevised,
      [{ type: 'RevisedOfferAccepted', data: { price: 7000, at: buybackAt(6) } }, customer],
      [{ ...h.payoutOrdered, data: { ...h.payoutOrdered.data, amount: 7000 } } as BuybackEvent, staff],
      [{ ...h.paid, data: { ...h.paid.data, amount: 7000 } } as BuybackEvent, staff],
      [h.completed, system],
      [h.erased, system],
    ]);
    for (const language of ['cs', 'ro', 'en'] as const) {
      const view = customerStatus(doc, language, new Date(buybackAt(10)));
      for (const entry of view.timeline) {
        expect(entry.title).not.toMatch(/^buyback\./);
        expect(entry.text).not.toMatch(/^buyback\.|\{\{/);
      }
      expect(view.next_step).not.toMatch(/^buyback\./);
      const shown = JSON.stringify(view);
      for (const internal of ['staff-wh', 'staff-1', 'BANK-1', 'subject-1', 'token-hash-1', 'c2VhbGVk', 'customer-7'])
        expect(shown).not.toContain(internal);
    }
    expect(
      customerStatus(doc, 'en', new Date(buybackAt(10)))
        .timeline.slice(-4)
        .map((entry) => entry.text),
    ).toEqual([
      'We have ordered the payment of CZK\u00a07,000 to your bank account.',
      'CZK\u00a07,000 has been sent to your bank account.',
      'The buy-back is complete. Thank you for selling your device to us.',
      'Your personal data in this buy-back has been erased.',
    ]);
  });
});

describe('buybackQueries input checks', () => {
  // Refused before the store is asked anything.
  const untouchable = new Proxy({} as DocumentStore, {
    get() {
      throw new Error('the store must not be asked');
    },
  });
  const queries = buybackQueries(untouchable, () => Promise.reject(new Error('no collection needed')));

  it.each([
    ['2026-11-31', '2026-12-01', { from: ['validation.date_invalid'] }],
    ['2026-11-01', '1.12.2026', { to: ['validation.date_invalid'] }],
    ['2026-11-05', '2026-11-01', { to: ['validation.invalid_value'] }],
    ['2025-01-01', '2026-01-02', { to: ['validation.invalid_value'] }],
  ])('dailyCounts(%s, %s) is refused', async (from, to, errors) => {
    const refusal = await queries.dailyCounts(from, to).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ValidationError);
    expect((refusal as ValidationError).fieldErrors).toEqual(errors);
  });

  it('refuses a scheduler time that is none, and a grid request before reading anything', async () => {
    await expect(queries.revisedOffersExpiredBy('tomorrow')).rejects.toBeInstanceOf(ValidationError);
    const refusal = await queries
      .grid({ startRow: 0, endRow: 100, sortModel: [{ colId: 'sealed_customer', sort: 'asc' }] }, new Date())
      .catch((error: unknown) => error);
    expect((refusal as ValidationError).fieldErrors).toEqual({ 'sortModel[0].colId': ['validation.invalid_value'] });
  });
});
