import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@buyloop/kit';
import { bonusClawbackProcess, clawbackWorkOf } from './clawback-process';

const recorded = (stream: string, type: string, data: Record<string, unknown>): RecordedEvent =>
  ({
    id: `${stream}-${type}`,
    stream,
    type,
    data,
    streamVersion: 3n,
    position: 10n,
    recordedAt: new Date('2026-11-25T10:00:00.000Z'),
    metadata: { actor: { userId: 'tech', role: 'buyback_technician' } },
  }) as unknown as RecordedEvent;

const AT = '2026-11-25T09:59:00.000Z';

describe('the buy-back bonus claw-back process manager', () => {
  it('asks for a claw-back at the new price when the offer is revised or repriced', () => {
    const revised = recorded('buyback-261124000001', 'OfferRevised', {
      previousPrice: 8_800,
      price: 6_400,
      reasons: [],
      expiresAt: AT,
      at: AT,
    });
    expect(clawbackWorkOf(revised)).toEqual({ buyback_number: '261124000001', price: 6_400, reason: 'offer_revised', at: AT });
    expect(bonusClawbackProcess.react(revised, {} as never)).toEqual([
      { id: revised.id, payload: { buyback_number: '261124000001', price: 6_400, reason: 'offer_revised', at: AT } },
    ]);
    const repriced = recorded('buyback-261124000001', 'Repriced', {
      previousPrice: 8_800,
      price: 7_000,
      priceListVersion: 4,
      at: AT,
    });
    expect(clawbackWorkOf(repriced)).toMatchObject({ price: 7_000, reason: 'repriced' });
  });

  it('asks for the whole bonus back when the buy-back falls through', () => {
    for (const [type, reason] of [
      ['Cancelled', 'cancelled'],
      ['RevisedOfferRejected', 'revised_offer_rejected'],
      ['RevisedOfferExpired', 'revised_offer_expired'],
      ['DeviceReturned', 'returned'],
    ] as const)
      expect(clawbackWorkOf(recorded('buyback-261124000001', type, { at: AT }))).toEqual({
        buyback_number: '261124000001',
        price: null,
        reason,
        at: AT,
      });
  });

  it('ignores other streams, the buy-back catalogue, other events and data it cannot read', () => {
    expect(clawbackWorkOf(recorded('order-6123456789', 'Cancelled', { at: AT }))).toBeNull();
    expect(clawbackWorkOf(recorded('buyback-catalogue-cz', 'Cancelled', { at: AT }))).toBeNull();
    expect(clawbackWorkOf(recorded('buyback-261124000001', 'Approved', { price: 100, at: AT }))).toBeNull();
    expect(clawbackWorkOf(recorded('buyback-261124000001', 'OfferRevised', { price: 'cheap' }))).toBeNull();
    expect(bonusClawbackProcess.react(recorded('buyback-261124000001', 'Paid', { at: AT }), {} as never)).toEqual([]);
  });
});
