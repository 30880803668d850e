import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLocations, STOCK_ERRORS, stockStream, StockService, type StockEvent } from '@buyloop/catalogue';
import { dropSchemas, PostgresEventStore, pgClient, pgliteClient, type SqlClient } from '@buyloop/event-store';
import { IllegalState, systemActor, type Clock } from '@buyloop/kit';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const BUYERS = 64;
const PIECES = 8;
const ROUNDS = 5;
const clock: Clock = () => new Date('2026-11-22T09:00:00.000Z');
const expiresAt = '2026-11-22T09:30:00.000Z';
const ctx = { actor: systemActor };

/**
 * Many buyers at once on the last pieces, on the real event store: the
 * stream per product and location with expected versions is the only lock,
 * and no buyer may get a piece that is not there.
 */
describe.each(engines)('stock race on %s', (engine) => {
  const schema = `t_race_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  let sql: SqlClient;
  let events: PostgresEventStore;
  let stock: StockService;

  beforeAll(async () => {
    sql =
      engine === 'pglite' ? await pgliteClient() : pgClient({ connectionString: process.env.DATABASE_URL!, maxConnections: 20 });
    events = await PostgresEventStore.create(sql, { schema, ownsClient: false });
    stock = new StockService({ events, market: 'cz', clock });
    await stock.defineLocations(demoLocations('cz'), ctx);
  });
  afterAll(async () => {
    await events?.close();
    if (engine === 'postgres') await dropSchemas(sql, [schema]);
    await sql?.close();
  });

  const product = async (code: string) => {
    await events.append(
      `product-${code}`,
      [{ type: 'CatalogueProductCreated', data: { code, masterProductId: 'race', at: clock().toISOString() } }],
      {
        expectedVersion: 'no_stream',
        actor: systemActor,
        market: 'cz',
      },
    );
  };

  it(`${BUYERS} buyers reserving the last ${PIECES} pieces at once: exactly ${PIECES} win, every round, never oversold`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const code = `RACE-${round}-${randomUUID().slice(0, 8).toUpperCase()}`;
      await product(code);
      await stock.receive({ code, location: 'cz-central', quantity: PIECES }, ctx);
      const outcomes = await Promise.allSettled(
        Array.from({ length: BUYERS }, (_, buyer) =>
          stock.reserve(
            { reservationId: `r${round}-${buyer}`, items: [{ code, location: 'cz-central', quantity: 1 }], expiresAt },
            ctx,
          ),
        ),
      );
      const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const lost = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      expect(won).toHaveLength(PIECES);
      // Every loser was refused for want of stock, as a typed error: none failed on a conflict it could not resolve.
      for (const outcome of lost) {
        expect(outcome.reason).toBeInstanceOf(IllegalState);
        expect((outcome.reason as IllegalState).code).toBe(STOCK_ERRORS.insufficient);
      }
      const level = await stock.level(code, 'cz-central');
      expect(level).toMatchObject({ on_hand: PIECES, reserved: PIECES, available: 0 });
      const stored = (await events.readStream(stockStream(code, 'cz-central'))) as unknown as StockEvent[];
      expect(stored.filter((event) => event.type === 'StockReserved')).toHaveLength(PIECES);
    }
  });

  it('buyers of two products at once, all or nothing: nobody keeps half a reservation and neither product is oversold', async () => {
    const phone = `RACE-PHONE-${randomUUID().slice(0, 8).toUpperCase()}`;
    const cover = `RACE-COVER-${randomUUID().slice(0, 8).toUpperCase()}`;
    await product(phone);
    await product(cover);
    await stock.receive({ code: phone, location: 'cz-central', quantity: 6 }, ctx);
    await stock.receive({ code: cover, location: 'cz-praha', quantity: 4 }, ctx);
    // Half the buyers list the cover first: the fixed order inside reserve() keeps them from holding each other up.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 24 }, (_, buyer) => {
        const items = [
          { code: phone, location: 'cz-central', quantity: 1 },
          { code: cover, location: 'cz-praha', quantity: 1 },
        ];
        return stock.reserve({ reservationId: `both-${buyer}`, items: buyer % 2 ? items.reverse() : items, expiresAt }, ctx);
      }),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(4);
    expect(await stock.level(phone, 'cz-central')).toMatchObject({ on_hand: 6, reserved: 4, available: 2 });
    expect(await stock.level(cover, 'cz-praha')).toMatchObject({ on_hand: 4, reserved: 4, available: 0 });
    const phoneEvents = (await events.readStream(stockStream(phone, 'cz-central'))) as unknown as StockEvent[];
    const rolledBack = phoneEvents.filter(
      (event) => event.type === 'StockReservationReleased' && event.data.reason === 'rolled_back',
    );
    const reserved = phoneEvents.filter((event) => event.type === 'StockReserved');
    // Whatever a refused buyer took on the phone was given back.
    expect(reserved.length - rolledBack.length).toBe(4);
  });

  it('two processes on one store: a state one of them remembers goes stale harmlessly', async () => {
    const code = `RACE-TWO-${randomUUID().slice(0, 8).toUpperCase()}`;
    await product(code);
    const other = new StockService({ events, market: 'cz', clock });
    await stock.receive({ code, location: 'cz-central', quantity: 2 }, ctx);
    // The other process takes both pieces; this one still remembers two available.
    await other.reserve({ reservationId: 'two-a', items: [{ code, location: 'cz-central', quantity: 2 }], expiresAt }, ctx);
    await expect(
      stock.reserve({ reservationId: 'two-b', items: [{ code, location: 'cz-central', quantity: 1 }], expiresAt }, ctx),
    ).rejects.toMatchObject({ code: STOCK_ERRORS.insufficient });
    // And a refusal on a remembered state is confirmed on the store: stock received elsewhere is seen.
    await other.receive({ code, location: 'cz-central', quantity: 1 }, ctx);
    await stock.reserve({ reservationId: 'two-c', items: [{ code, location: 'cz-central', quantity: 1 }], expiresAt }, ctx);
    expect(await other.level(code, 'cz-central')).toMatchObject({ on_hand: 3, reserved: 3, available: 0 });
  });

  it('a reservation retried after a crash is written once; one that was rolled back cannot be revived', async () => {
    const code = `RACE-RETRY-${randomUUID().slice(0, 8).toUpperCase()}`;
    await product(code);
    await stock.receive({ code, location: 'cz-central', quantity: 2 }, ctx);
    const request = { reservationId: 'retry-1', items: [{ code, location: 'cz-central', quantity: 2 }], expiresAt };
    await Promise.all([stock.reserve(request, ctx), stock.reserve(request, ctx), stock.reserve(request, ctx)]);
    const stored = (await events.readStream(stockStream(code, 'cz-central'))) as unknown as StockEvent[];
    expect(stored.filter((event) => event.type === 'StockReserved')).toHaveLength(1);
    await stock.release('retry-1', [{ code, location: 'cz-central' }], ctx);
    await expect(stock.reserve(request, ctx)).rejects.toMatchObject({ code: STOCK_ERRORS.reservationClosed });
  });
});
