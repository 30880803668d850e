import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, PostgresEventStore, pgClient, pgliteClient, type SqlClient } from '@buyloop/event-store';
import { IllegalState, systemActor } from '@buyloop/kit';
import { DiscountClaims } from '../discount-service';
import { discountCodeStream } from '../events';
import { AT, ID } from '../testing';

/*
 * Issue 15: "a single-use code is used by exactly one order even when many
 * checkouts submit it at once" — proven where the SQL runs, on PGlite and on
 * the PostgreSQL server when DATABASE_URL names one.
 */

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(engines)('single-use code claims on %s', (engine) => {
  let store: PostgresEventStore;
  let sql: SqlClient;
  const schema = `t_claims_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

  beforeAll(async () => {
    sql = engine === 'pglite' ? await pgliteClient() : pgClient({ connectionString: process.env.DATABASE_URL! });
    store = await PostgresEventStore.create(sql, { schema, ownsClient: false });
  });
  afterAll(async () => {
    await store?.close();
    if (engine === 'postgres') await dropSchemas(sql, [schema]);
    await sql?.close();
  });

  const issue = async (code: string) =>
    store.append(discountCodeStream(code), [{ type: 'DiscountCodeIssued', data: { code, discount_id: ID, at: AT } }], {
      expectedVersion: 'no_stream',
      actor: systemActor,
      market: 'cz',
    });
  const claimsOf = async (code: string) =>
    (await store.readStream(discountCodeStream(code))).filter((event) => event.type === 'DiscountCodeClaimed');

  it('20 orders claiming one code at once: exactly one wins, 19 are refused with discount.code_used', async () => {
    const claims = new DiscountClaims({ events: store, market: 'cz' });
    const code = 'Race0Code1';
    await issue(code);
    const orders = Array.from({ length: 20 }, (_, index) => `26${String(index).padStart(8, '0')}`);
    const outcomes = await Promise.allSettled(
      orders.map((order_number) => claims.claim({ codes: [code], order_number, at: AT })),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const outcome of refused) {
      expect(outcome.reason).toBeInstanceOf(IllegalState);
      expect((outcome.reason as IllegalState).code).toBe('discount.code_used');
    }
    const stored = await claimsOf(code);
    expect(stored).toHaveLength(1);
    const winner = orders[outcomes.findIndex((outcome) => outcome.status === 'fulfilled')];
    expect((stored[0]!.data as { order_number: string }).order_number).toBe(winner);
  });

  it('claims again for the same order without a second event; a release frees the code for another order', async () => {
    const claims = new DiscountClaims({ events: store, market: 'cz' });
    const code = 'Again0Code';
    await issue(code);
    await claims.claim({ codes: [code], order_number: '2600000001', at: AT });
    await claims.claim({ codes: [code], order_number: '2600000001', at: AT });
    expect(await claimsOf(code)).toHaveLength(1);
    await expect(claims.claim({ codes: [code], order_number: '2600000002', at: AT })).rejects.toThrow(IllegalState);
    await claims.release({ codes: [code], order_number: '2600000001', at: AT });
    await claims.claim({ codes: [code], order_number: '2600000002', at: AT });
    expect(await claimsOf(code)).toHaveLength(2);
  });

  it('is all or nothing: when one code is taken, the codes this call claimed are released; shared codes need no claim', async () => {
    const claims = new DiscountClaims({ events: store, market: 'cz' });
    await issue('FirstCode1');
    await issue('TakenCode1');
    await claims.claim({ codes: ['TakenCode1'], order_number: '2600000010', at: AT });
    await expect(
      claims.claim({ codes: ['VITEJTE10', 'FirstCode1', 'TakenCode1'], order_number: '2600000011', at: AT }),
    ).rejects.toThrow(IllegalState);
    const first = await store.readStream(discountCodeStream('FirstCode1'));
    expect(first.map((event) => event.type)).toEqual(['DiscountCodeIssued', 'DiscountCodeClaimed', 'DiscountCodeReleased']);
    // The shared code has no stream and got none.
    expect(await store.readStream(discountCodeStream('VITEJTE10'))).toEqual([]);
    await claims.claim({ codes: ['FirstCode1'], order_number: '2600000012', at: AT });
  });
});
