import { describe, expect, it } from 'vitest';
import type { BuybackEvent } from '@buyloop/buy-back';
import { buybackAt, buybackHistory as h } from '@buyloop/buy-back/testing';
import type { RecordedEvent } from '@buyloop/kit';
import { project } from '@buyloop/projector/spec';
import { buybackDailyCountsProjection } from './buyback-daily-counts-projection';

let position = 0n;
const recorded = (stream: string, event: BuybackEvent): RecordedEvent => {
  position += 1n;
  return {
    id: `00000000-0000-4000-8000-${position.toString().padStart(12, '0')}`,
    type: event.type,
    data: event.data,
    schemaVersion: 1,
    stream,
    streamVersion: position,
    globalPosition: position,
    recordedAt: new Date(event.data.at),
    metadata: { correlationId: 'c', causationId: null, actor: { userId: 'system', role: 'system' }, market: 'cz' },
    checkpoint: `1/${position}`,
  };
};

const at = <E extends BuybackEvent>(event: E, time: string): BuybackEvent =>
  ({ ...event, data: { ...event.data, at: time } }) as BuybackEvent;

describe('buyback daily counts projection', () => {
  it('counts, per UTC day, the buy-backs that entered each status; events that change no status count nothing', () => {
    const day1 = buybackAt(0);
    // Days are UTC days: 22:30 UTC (23:30 in Prague) is day 1, 00:15 UTC the next one.
    const lateDay1 = buybackAt(0, '22:30:00.000');
    const day2 = buybackAt(1, '00:15:00.000');
    const documents = project(buybackDailyCountsProjection, [
      recorded('buyback-B-1', at(h.submitted('courier'), day1)),
      recorded('buyback-B-2', at(h.submitted('courier'), lateDay1)),
      recorded('buyback-B-3', at(h.submitted('centre'), day1)),
      recorded('buyback-B-1', at(h.pickupOrdered, day2)),
      recorded('buyback-B-1', {
        type: 'Repriced',
        data: { previousPrice: 9000, price: 8000, priceListVersion: 4, at: day2 },
      }),
      recorded('buyback-B-3', at(h.received, day2)),
      recorded('buyback-B-3', {
        type: 'Cancelled',
        data: { by: 'staff', reason: 'Duplicate', deviceHeld: true, at: day2 },
      }),
      recorded('buyback-B-2', at(h.erased, day2)),
      // The catalogue shares the stream prefix and is no buy-back.
      recorded('buyback-catalogue-cz', at(h.submitted('courier'), day2)),
    ]);
    expect(Object.fromEntries(documents)).toEqual({
      '2026-11-01:submitted': { day: '2026-11-01', status: 'submitted', count: 2 },
      '2026-11-01:awaiting_device': { day: '2026-11-01', status: 'awaiting_device', count: 1 },
      '2026-11-02:awaiting_device': { day: '2026-11-02', status: 'awaiting_device', count: 1 },
      '2026-11-02:received': { day: '2026-11-02', status: 'received', count: 1 },
      '2026-11-02:returning': { day: '2026-11-02', status: 'returning', count: 1 },
    });
  });

  it('counts a status entered again (a released quarantine is inspected anew)', () => {
    const documents = project(buybackDailyCountsProjection, [
      recorded('buyback-B-1', h.inspected()),
      recorded('buyback-B-1', at(h.quarantined, buybackAt(4, '11:00:00.000'))),
      recorded('buyback-B-1', at(h.released, buybackAt(4, '12:00:00.000'))),
    ]);
    expect(documents.get('2026-11-05:inspected')).toEqual({ day: '2026-11-05', status: 'inspected', count: 2 });
    expect(documents.get('2026-11-05:quarantined')?.count).toBe(1);
  });
});
