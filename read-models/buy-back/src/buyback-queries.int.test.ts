import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuybackEvent } from '@buyloop/buy-back';
import { buybackHistory as h, sealedFor } from '@buyloop/buy-back/testing';
import { PostgresDocumentStore } from '@buyloop/document-store';
import type { Actor, AppendResult } from '@buyloop/kit';
import { Projector } from '@buyloop/projector';
// This package does not list @buyloop/event-store among its dependencies yet; its source is the same either way.
import { PostgresEventStore, pgliteClient, type SqlClient } from '@buyloop/event-store';
import { buybackDailyCountsProjection } from './buyback-daily-counts-projection';
import { buybackQueries, type BuybackGridRow, type BuybackQueries } from './buyback-queries';
import { buybacksProjection } from './buybacks-projection';

const customer: Actor = { userId: 'visitor:198.51.100.4', role: 'visitor' };
const system: Actor = { userId: 'system', role: 'system' };
const warehouse: Actor = { userId: 'staff-wh', role: 'warehouse' };

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-10T08:00:00.000Z');
const NOW = new Date(T0 + 4 * 60 * MINUTE);
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * 24 sales ten minutes apart from 08:00 UTC, each left at another step: i % 4 = 0 sold, 1 courier
 * ordered by the system, 2 courier ordered by the warehouse, 3 received. Every third belongs to
 * subject-A. Three older ones carry revised offers: expiring within a day, expired an hour ago,
 * and open for ten more days.
 */
const sales = Array.from({ length: 24 }, (_, i) => ({
  number: `B-${2001 + i}`,
  imei: `35${String(9_000_000_000_000 - i * 7_919).padStart(13, '0')}`,
  at: T0 + i * 10 * MINUTE,
  subject: i % 3 === 0 ? 'subject-A' : `subject-${i}`,
  step: i % 4,
}));
const revisedOffers = [
  { number: 'B-3001', expiresAt: iso(NOW.getTime() + 24 * 60 * MINUTE) },
  { number: 'B-3002', expiresAt: iso(NOW.getTime() - 60 * MINUTE) },
  { number: 'B-3003', expiresAt: iso(NOW.getTime() + 10 * 24 * 60 * MINUTE) },
];

const sale = (
  number: string,
  imei: string,
  subject: string,
  at: number,
  pickup: 'courier' | 'centre' = 'courier',
): BuybackEvent => {
  const event = h.submitted(pickup) as Extract<BuybackEvent, { type: 'Submitted' }>;
  return {
    type: 'Submitted',
    data: {
      ...event.data,
      buyoutNumber: number,
      device: { ...event.data.device, imei },
      subjectId: subject,
      customer: sealedFor(subject),
      at: iso(at),
    },
  };
};
const timed = (event: BuybackEvent, at: number): BuybackEvent =>
  ({ ...event, data: { ...event.data, at: iso(at) } }) as BuybackEvent;

let sql: SqlClient;
let events: PostgresEventStore;
let projector: Projector;
let queries: BuybackQueries;
const lastAppend = new Map<string, AppendResult>();

async function record(number: string, event: BuybackEvent, actor: Actor): Promise<void> {
  lastAppend.set(number, await events.append(`buyback-${number}`, [event], { actor, market: 'cz' }));
}

async function until(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the projections did not catch up in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  sql = await pgliteClient();
  events = await PostgresEventStore.create(sql, { schema: 'event_store', ownsClient: false, pollIntervalMs: 20 });
  const documents = await PostgresDocumentStore.create(sql, { schema: 'read_models', ownsClient: false });

  for (const { number, imei, at, subject, step } of sales) {
    await record(number, sale(number, imei, subject, at), customer);
    if (step >= 1) await record(number, timed(h.pickupOrdered, at + MINUTE), step === 1 ? system : warehouse);
    if (step === 3) await record(number, timed(h.received, at + 2 * MINUTE), warehouse);
  }
  for (const [k, { number, expiresAt }] of revisedOffers.entries()) {
    const at = T0 - (10 - k) * 24 * 60 * MINUTE;
    await record(number, sale(number, `4900000000000${k}0`, 'subject-A', at, 'centre'), customer);
    await record(number, timed(h.received, at + 60 * MINUTE), warehouse);
    await record(number, timed(h.inspected(), at + 90 * MINUTE), warehouse);
    const revised = h.revised as Extract<BuybackEvent, { type: 'OfferRevised' }>;
    await record(number, { type: 'OfferRevised', data: { ...revised.data, expiresAt, at: iso(at + 120 * MINUTE) } }, warehouse);
  }
  await events.append('buyback-catalogue-cz', [{ type: 'CataloguePublished', data: { market: 'cz' } }], {
    actor: system,
    market: 'cz',
  });

  projector = new Projector(events, documents, [buybacksProjection, buybackDailyCountsProjection], { batchSize: 25 });
  await projector.start();
  const head = (await events.headPosition()).toString();
  await until(async () => (await projector.status()).every((report) => report.position === head));
  queries = buybackQueries(documents, (name) => projector.readCollection(name));
});

afterAll(async () => {
  await projector?.stop();
  await events?.close();
  await sql?.close();
});

const numbers = (rows: readonly BuybackGridRow[]) => rows.map((row) => row.buyout_number);
const statusOf = (step: number) => ['submitted', 'awaiting_device', 'awaiting_device', 'received'][step];

describe('buy-back queries over the projected read model (PGlite)', () => {
  it('pages the grid in the asked order and tells AG Grid where the rows end', async () => {
    const inOrder = [...revisedOffers.map((offer) => offer.number), ...sales.map((s) => s.number)];
    const first = await queries.grid({ startRow: 0, endRow: 10, sortModel: [{ colId: 'created_at', sort: 'asc' }] }, NOW);
    expect(numbers(first.rows)).toEqual(inOrder.slice(0, 10));
    expect(first.lastRow).toBe(27);
    const last = await queries.grid({ startRow: 20, endRow: 40, sortModel: [{ colId: 'created_at', sort: 'asc' }] }, NOW);
    expect(numbers(last.rows)).toEqual(inOrder.slice(20));
    expect(last.lastRow).toBe(27);

    const newestFirst = await queries.grid({ startRow: 0, endRow: 3 }, NOW);
    expect(numbers(newestFirst.rows)).toEqual(['B-2024', 'B-2023', 'B-2022']);
  });

  it('filters by a set of statuses and by part of an IMEI', async () => {
    const submitted = await queries.grid(
      {
        startRow: 0,
        endRow: 100,
        sortModel: [{ colId: 'buyout_number', sort: 'desc' }],
        filterModel: { status: { filterType: 'set', values: ['submitted', 'received'] } },
      },
      NOW,
    );
    const expected = sales.filter((s) => s.step === 0 || s.step === 3).map((s) => s.number);
    expect(numbers(submitted.rows)).toEqual([...expected].reverse());
    expect(submitted.lastRow).toBe(expected.length);
    expect(new Set(submitted.rows.map((row) => row.status))).toEqual(new Set(['submitted', 'received']));

    const target = sales[7]!;
    const byImei = await queries.grid(
      {
        startRow: 0,
        endRow: 100,
        filterModel: { imei: { filterType: 'text', type: 'contains', filter: target.imei.slice(8, 14) } },
      },
      NOW,
    );
    expect(numbers(byImei.rows)).toEqual([target.number]);
    expect(byImei.rows[0]).toMatchObject({
      imei: target.imei,
      status: statusOf(target.step),
      currency: 'CZK',
      offered_price: 9000,
    });

    const quick = await queries.grid({ startRow: 0, endRow: 100, quick: 'b-3002' }, NOW);
    expect(numbers(quick.rows)).toEqual(['B-3002']);
  });

  it('flags sales nobody on the staff touched for more than 30 minutes, as of the given time', async () => {
    const page = await queries.grid(
      {
        startRow: 0,
        endRow: 100,
        sortModel: [{ colId: 'created_at', sort: 'asc' }],
        filterModel: { status: { filterType: 'set', values: ['submitted', 'awaiting_device'] } },
      },
      NOW,
    );
    const flagged = page.rows.filter((row) => row.flags.includes('untouched_30_min')).map((row) => row.buyout_number);
    // Sold, or picked up by the system only, and sold before 11:30 (i = 21 was sold exactly 30 minutes before now).
    expect(flagged).toEqual(sales.filter((s, i) => s.step <= 1 && i <= 20).map((s) => s.number));
    const earlier = await queries.grid(
      { startRow: 0, endRow: 100, filterModel: { status: { filterType: 'set', values: ['submitted'] } } },
      new Date(T0 + 35 * MINUTE),
    );
    expect(earlier.rows.filter((row) => row.flags.length > 0).map((row) => row.buyout_number)).toEqual(['B-2001']);
  });

  it('flags revised offers about to expire and finds those the scheduler must expire', async () => {
    const revised = await queries.grid(
      {
        startRow: 0,
        endRow: 100,
        sortModel: [{ colId: 'expires_at', sort: 'asc' }],
        filterModel: { status: { filterType: 'set', values: ['revised'] } },
      },
      NOW,
    );
    expect(revised.rows.map((row) => [row.buyout_number, row.flags, row.days_in_status])).toEqual([
      ['B-3002', ['revised_offer_expiring'], 9],
      ['B-3001', ['revised_offer_expiring'], 10],
      ['B-3003', [], 8],
    ]);
    expect((await queries.revisedOffersExpiredBy(NOW.toISOString())).map((doc) => doc.buyout_number)).toEqual(['B-3002']);
    expect((await queries.revisedOffersExpiredBy(revisedOffers[0]!.expiresAt)).map((doc) => doc.buyout_number)).toEqual([
      'B-3002',
      'B-3001',
    ]);
  });

  it('reads one buy-back with the stream version a command must send, and a subject’s buy-backs newest first', async () => {
    const doc = await queries.byNumber('B-3001');
    expect(doc).toMatchObject({ status: 'revised', stream_version: Number(lastAppend.get('B-3001')!.streamVersion) });
    expect(doc!.timeline.map((entry) => [entry.stream_version, entry.actor])).toEqual([
      [1, { user_id: 'visitor', role: 'visitor' }],
      [2, { user_id: 'staff-wh', role: 'warehouse' }],
      [3, { user_id: 'staff-wh', role: 'warehouse' }],
      [4, { user_id: 'staff-wh', role: 'warehouse' }],
    ]);
    expect(await queries.byNumber('B-9999')).toBeNull();
    expect(await queries.byNumber('catalogue-cz')).toBeNull();

    const ofA = await queries.bySubject('subject-A');
    const expected = [
      ...sales
        .filter((s) => s.subject === 'subject-A')
        .map((s) => s.number)
        .reverse(),
      'B-3003',
      'B-3002',
      'B-3001',
    ];
    expect(ofA.map((d) => d.buyout_number)).toEqual(expected);

    const view = queries.customerStatus(doc!, 'en', NOW);
    expect(view).toMatchObject({ status_label: 'Revised offer', can_accept_revised_offer: true, can_cancel: false });
  });

  it('counts the statuses entered per day, every day of the range present', async () => {
    const days = await queries.dailyCounts('2026-10-31', '2026-11-10');
    expect(days.map((d) => d.day)).toEqual([
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
      '2026-11-09',
      '2026-11-10',
    ]);
    // The buy-backs with revised offers were sold, received, inspected and revised within one morning each, 10, 9 and 8 days before.
    for (const day of days.slice(0, 3)) expect(day.counts).toEqual({ awaiting_device: 1, received: 1, inspected: 1, revised: 1 });
    expect(days.slice(3, 10).every((day) => Object.keys(day.counts).length === 0)).toBe(true);
    expect(days[10]).toEqual({ day: '2026-11-10', counts: { submitted: 24, awaiting_device: 18, received: 6 } });
  });
});
