import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { pgClient, type SqlClient } from '@buyloop/event-store';
import type { CollectionDefinition, Query } from '../port';
import { PostgresDocumentStore } from './postgres-document-store';
import type { PostgresSubject } from './test-subject';

/**
 * What the PostgreSQL adapter promises beyond the port: writes inside the
 * caller's transaction (the projector's checkpoint), a catalog shared by
 * every process, index use, and safe schema evolution.
 */
export function postgresAdapterSuite(engine: string, open: () => Promise<PostgresSubject>): void {
  describe(`postgres document store: ${engine}`, () => {
    let subject: PostgresSubject;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(async () => {
      await subject?.store.close();
      await subject?.cleanup();
    });

    const orders = (name: string): CollectionDefinition => ({
      name,
      fields: {
        status: { path: 'status', type: 'string' },
        createdAt: { path: 'createdAt', type: 'date' },
        total: { path: 'total', type: 'number' },
      },
      indexes: [['status', 'createdAt'], 'total'],
    });

    it('writeWithin commits and rolls back with the caller’s transaction', async () => {
      const { store, sql } = subject;
      await store.ensureCollection(orders('within'));
      await sql.exec(`create table "${subject.schema}".checkpoints (name text primary key, position bigint not null)`);
      await sql.transaction(async (query) => {
        await store.writeWithin(query, [{ type: 'upsert', collection: 'within', id: 'o1', document: { status: 'paid' } }]);
        await query(`insert into "${subject.schema}".checkpoints values ('orders', 1)`);
      });
      const failed = await sql
        .transaction(async (query) => {
          await store.writeWithin(query, [
            { type: 'delete', collection: 'within', id: 'o1' },
            { type: 'upsert', collection: 'within', id: 'o2', document: { status: 'new' } },
          ]);
          await query(`update "${subject.schema}".checkpoints set position = 2`);
          throw new Error('projection failed after writing');
        })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(failed).toBeInstanceOf(Error);
      expect((await store.find('within')).items).toEqual([{ id: 'o1', document: { status: 'paid' } }]);
      expect(await sql.query(`select position::int as position from "${subject.schema}".checkpoints`)).toEqual([{ position: 1 }]);
    });

    it('another process finds collections through the catalog, and NotFound once they are dropped', async () => {
      const { store } = subject;
      await store.ensureCollection(orders('shared'));
      await store.upsert('shared', 'o1', { status: 'paid', createdAt: '2024-03-01T10:00:00+01:00' });
      const other = await subject.openAnother();
      expect(
        (await other.find('shared', { filters: [{ field: 'createdAt', op: 'range', lt: '2024-03-01T09:30:00Z' }] })).total,
      ).toBe(1);
      // A rebuild in another process swapped the collection out from under this one.
      await other.dropCollection('shared');
      await expect(store.find('shared')).rejects.toBeInstanceOf(NotFound);
      await other.ensureCollection(orders('shared'));
      expect((await store.find('shared')).total).toBe(0);
    });

    it('collections can be ensured by several processes at once', async () => {
      const stores = await Promise.all(Array.from({ length: 4 }, () => subject.openAnother()));
      await Promise.all(stores.map((s) => s.ensureCollection(orders('raced'))));
      await Promise.all(stores.map((s, i) => s.upsert('raced', `o${i}`, { status: 'new' })));
      expect((await subject.store.find('raced')).total).toBe(4);
    });

    it('declared indexes serve equality filters and sorts', async () => {
      const recorded: Array<{ text: string; params: readonly unknown[] }> = [];
      const recording: SqlClient = {
        ...subject.sql,
        engine: subject.sql.engine,
        query: (text, params = [], name) => {
          recorded.push({ text, params });
          return subject.sql.query(text, params, name);
        },
      };
      const store = await PostgresDocumentStore.create(recording, { schema: subject.schema });
      await store.ensureCollection(orders('indexed'));
      await store.write(
        Array.from({ length: 300 }, (_, i) => ({
          type: 'upsert' as const,
          collection: 'indexed',
          id: `o${i}`,
          document: {
            status: ['new', 'paid', 'shipped'][i % 3]!,
            createdAt: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
            total: i,
          },
        })),
      );
      const plan = async (query: Query): Promise<string> => {
        recorded.length = 0;
        await store.find('indexed', query);
        const { text, params } = recorded.at(-1)!;
        return subject.sql.transaction(async (q) => {
          // Tiny tables are scanned whatever the indexes; forbid that to see which index the planner can use.
          await q('set local enable_seqscan = off');
          const rows = await q<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        });
      };
      const byStatus = await plan({
        filters: [{ field: 'status', op: 'equals', value: 'paid' }],
        sort: [{ field: 'createdAt', direction: 'asc' }],
      });
      // Which scan the planner picks depends on statistics; that it can use the index at all
      // depends on the query repeating the index's expression exactly, which is what can break.
      const usesIndex = /(Index (Only )?Scan using|Bitmap Index Scan on) "?indexed__/;
      expect(byStatus).toMatch(usesIndex);
      expect(byStatus).not.toMatch(/Seq Scan/);
      const byTotal = await plan({ filters: [{ field: 'total', op: 'range', gte: 10, lt: 20 }] });
      expect(byTotal).toMatch(usesIndex);
      expect(byTotal).not.toMatch(/Seq Scan/);
      const inStatus = await plan({ filters: [{ field: 'status', op: 'in', values: ['new', 'paid'] }] });
      expect(inStatus).toMatch(usesIndex);
    });

    it('changing the declared indexes creates the new ones and drops the stale ones', async () => {
      const { store, sql, schema } = subject;
      const indexNames = async () =>
        (
          await sql.query<{ indexname: string }>(
            `select indexname from pg_indexes where schemaname = $1 and tablename = 'evolving' order by indexname`,
            [schema],
          )
        ).map((r) => r.indexname);
      await store.ensureCollection(orders('evolving'));
      const before = await indexNames();
      expect(before).toHaveLength(3);
      await store.ensureCollection({ ...orders('evolving'), indexes: ['total'] });
      const after = await indexNames();
      expect(after).toHaveLength(2);
      expect(after.filter((n) => !before.includes(n))).toEqual([]);
    });

    it('refuses a definition the stored documents do not fit, keeping the old one', async () => {
      const { store } = subject;
      await store.ensureCollection({ name: 'strict', fields: { status: { path: 'status', type: 'string' } } });
      await store.upsert('strict', 'o1', { status: 'paid', total: 'not a number' });
      const refused = await store
        .ensureCollection({
          name: 'strict',
          fields: { status: { path: 'status', type: 'string' }, total: { path: 'total', type: 'number' } },
        })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(refused).toBeInstanceOf(ValidationError);
      expect((refused as ValidationError).code).toBe('documentstore.definition_incompatible');
      const other = await subject.openAnother();
      await expect(other.find('strict', { sort: [{ field: 'total', direction: 'asc' }] })).rejects.toBeInstanceOf(
        ValidationError,
      );
      expect((await other.find('strict', { filters: [{ field: 'status', op: 'equals', value: 'paid' }] })).total).toBe(1);
    });

    it('leases: one holder per name, given back on release, and many leases on a small pool', async () => {
      const { store } = subject;
      const first = await store.tryLease('lease-a');
      expect(first).not.toBeNull();
      // In the same process, on the same client: still one holder (session locks are re-entrant, the store is not).
      expect(await store.tryLease('lease-a')).toBeNull();
      await first!.release();
      const again = await store.tryLease('lease-a');
      expect(again).not.toBeNull();
      await again!.release();
      if (engine !== 'postgres') return;
      // A process runs a lease per projection and process manager: far more than its pool has connections.
      const small = pgClient({ connectionString: process.env.DATABASE_URL!, maxConnections: 3 });
      const other = await PostgresDocumentStore.create(small, { schema: subject.schema });
      try {
        const leases = await Promise.all(Array.from({ length: 25 }, (_, i) => other.tryLease(`many-${i}`)));
        expect(leases.every((lease) => lease !== null)).toBe(true);
        // Another process (this store's own client) cannot take a name the small pool's session holds …
        expect(await store.tryLease('many-3')).toBeNull();
        // … and the pool still serves queries beside them.
        await other.ensureCollection(orders('beside_leases'));
        expect((await other.find('beside_leases')).total).toBe(0);
        await Promise.all(leases.map((lease) => lease!.release()));
        const taken = await store.tryLease('many-3');
        expect(taken).not.toBeNull();
        await taken!.release();
      } finally {
        await other.close();
        await small.close();
      }
    });

    it('a closed store refuses work instead of using a released client', async () => {
      const other = await subject.openAnother();
      await other.close();
      await expect(other.find('shared')).rejects.toBeInstanceOf(IllegalState);
      await expect(other.upsert('shared', 'o1', {})).rejects.toBeInstanceOf(IllegalState);
    });

    it('refuses a schema name that is not a plain identifier', async () => {
      await expect(PostgresDocumentStore.create(subject.sql, { schema: 'read-models"; drop' })).rejects.toBeInstanceOf(
        ValidationError,
      );
    });
  });
}
