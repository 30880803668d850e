import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyConflict, NotFound, ValidationError } from '@buyloop/kit';
import type { CollectionDefinition, Document, DocumentStore, Filter, Query, WriteOperation } from './port';

/**
 * The document store contract: every adapter runs exactly this suite. It
 * never assumes an empty database (servers are shared), so every collection
 * it creates carries this run's random prefix.
 */
export interface DocumentStoreSubject {
  readonly store: DocumentStore;
  readonly cleanup?: () => Promise<void>;
}

async function expectRejects<E extends Error>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}

/** The field errors of a ValidationError, so a test can say which input was named. */
async function fieldErrorsOf(promise: Promise<unknown>): Promise<string[]> {
  const error = await expectRejects(promise, ValidationError);
  return Object.keys(error.fieldErrors);
}

const customerFields = {
  firstName: { path: 'customer.firstName', type: 'string' },
  lastName: { path: 'customer.lastName', type: 'string' },
  status: { path: 'status', type: 'string' },
  market: { path: 'market', type: 'string' },
  total: { path: 'total.amount', type: 'number' },
  createdAt: { path: 'createdAt', type: 'date' },
  paid: { path: 'paid', type: 'boolean' },
} as const;

const customer = (
  firstName: string | null,
  lastName: string | null,
  rest: { status?: string; market?: string; total?: number | null; createdAt?: string | null; paid?: boolean | null } = {},
): Document => ({
  ...(firstName === null && lastName === null ? {} : { customer: { firstName, lastName } }),
  ...(rest.status !== undefined ? { status: rest.status } : {}),
  ...(rest.market !== undefined ? { market: rest.market } : {}),
  ...(rest.total !== undefined ? { total: rest.total === null ? null : { amount: rest.total, currency: 'CZK' } } : {}),
  ...(rest.createdAt !== undefined ? { createdAt: rest.createdAt } : {}),
  ...(rest.paid !== undefined ? { paid: rest.paid } : {}),
});

/** The grid's data set: names a Czech and a Romanian back office search for, edge values on every field. */
const people: ReadonlyArray<readonly [string, Document]> = [
  [
    'p01',
    customer('Jan', 'Křížek', { status: 'paid', market: 'cz', total: 12990, createdAt: '2024-03-01T09:15:00Z', paid: true }),
  ],
  [
    'p02',
    customer('Jana', 'Nováková', {
      status: 'paid',
      market: 'cz',
      total: 4990,
      createdAt: '2024-03-02T10:00:00+01:00',
      paid: true,
    }),
  ],
  // Ș and ț with comma below, the correct Romanian letters.
  [
    'p03',
    customer('Andrei', 'Ștefănescu', { status: 'shipped', market: 'ro', total: 25999, createdAt: '2024-02-28', paid: false }),
  ],
  // Ş with cedilla, what older keyboards and systems still produce.
  ['p04', customer('Ioana', 'Ştefănescu', { status: 'cancelled', market: 'ro', total: 0, createdAt: null })],
  // 23:30 at UTC-1 is already 6 March in UTC.
  ['p05', customer('Petr', 'Novák', { status: 'Paid', market: 'cz', createdAt: '2024-03-05T23:30:00-01:00', paid: null })],
  ['p06', customer('Mihai', 'Țăranu', { status: 'paid', market: 'ro', total: 1.5, createdAt: '2024-03-03T12:00:00.250Z' })],
  ['p07', customer(null, null, { status: 'new', market: 'cz', total: null })],
];

export function documentStoreContract(engine: string, open: () => Promise<DocumentStoreSubject>): void {
  describe(`document store contract: ${engine}`, () => {
    let subject: DocumentStoreSubject;
    let store: DocumentStore;
    const prefix = `c${randomUUID().replaceAll('-', '').slice(0, 8)}`;
    let counter = 0;
    /** A fresh collection of this run, created through the store. */
    const collection = async (definition: Omit<CollectionDefinition, 'name'> = { fields: customerFields }): Promise<string> => {
      const name = `${prefix}_${++counter}`;
      await store.ensureCollection({ name, ...definition });
      return name;
    };
    const ids = async (name: string, query: Query): Promise<string[]> =>
      (await store.find(name, { limit: 1000, ...query })).items.map((item) => item.id);

    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(async () => {
      await subject?.store.close();
      await subject?.cleanup?.();
    });

    describe('documents by id', () => {
      it('upserts, replaces whole documents, gets and deletes', async () => {
        const name = await collection();
        expect(await store.get(name, 'o-1')).toBeNull();
        await store.upsert(name, 'o-1', { status: 'new', lines: [{ sku: 'IPH15', qty: 1 }] });
        expect(await store.get(name, 'o-1')).toEqual({ status: 'new', lines: [{ sku: 'IPH15', qty: 1 }] });
        // A projection writes the whole document; nothing of the previous one may survive.
        await store.upsert(name, 'o-1', { status: 'paid' });
        expect(await store.get(name, 'o-1')).toEqual({ status: 'paid' });
        expect(await store.delete(name, 'o-1')).toBe(true);
        expect(await store.get(name, 'o-1')).toBeNull();
        expect(await store.delete(name, 'o-1')).toBe(false);
      });

      it('round-trips Czech and Romanian text and every JSON shape exactly', async () => {
        const name = await collection();
        const document = {
          customer: { firstName: 'Čeněk', lastName: 'Řeřicha-Ščepánová', city: 'Ústí nad Labem' },
          ro: { name: 'Ștefan Țărănescu', legacy: 'Şerban Ţepeş', vowels: 'ăâî ĂÂÎ', street: 'Strada Mărășești' },
          poznámka: 'klíč s diakritikou',
          quoting: `"dvojité" 'jednoduché' \\ zpětné lomítko\nnový řádek\ttab \u2028 — emoji 📱`,
          numbers: [0, 1.5, -12990, 0.1, 9007199254740991, 1e-7],
          nested: { empty: {}, list: [], flags: [true, false, null] },
        };
        await store.upsert(name, 'objednávka/2024-001', document);
        expect(await store.get(name, 'objednávka/2024-001')).toEqual(document);
        const page = await store.find(name, { filters: [{ field: 'firstName', op: 'equals', value: 'Čeněk' }] });
        expect(page.items).toEqual([{ id: 'objednávka/2024-001', document }]);
      });

      it('getMany answers the documents that exist, once each', async () => {
        const name = await collection();
        await store.write([
          { type: 'upsert', collection: name, id: 'a', document: { n: 1 } },
          { type: 'upsert', collection: name, id: 'b', document: { n: 2 } },
        ]);
        const found = await store.getMany(name, ['a', 'missing', 'b', 'a']);
        expect([...found.entries()].sort()).toEqual([
          ['a', { n: 1 }],
          ['b', { n: 2 }],
        ]);
        expect((await store.getMany(name, [])).size).toBe(0);
      });

      it('keeps a stamp beside the document, never inside it; a write without one clears it', async () => {
        const name = await collection();
        await store.write([
          { type: 'upsert', collection: name, id: 'a', document: { n: 1 }, stamp: '0000000000000000042/0000000000000000007' },
          { type: 'upsert', collection: name, id: 'b', document: { n: 2 } },
        ]);
        expect(await store.get(name, 'a')).toEqual({ n: 1 });
        const stamped = await store.getStamped(name, ['a', 'b', 'missing']);
        expect([...stamped.entries()].sort()).toEqual([
          ['a', { document: { n: 1 }, stamp: '0000000000000000042/0000000000000000007' }],
          ['b', { document: { n: 2 }, stamp: null }],
        ]);
        await store.write([{ type: 'upsert', collection: name, id: 'a', document: { n: 3 } }]);
        expect(await store.getStamped(name, ['a'])).toEqual(new Map([['a', { document: { n: 3 }, stamp: null }]]));
        const refused = await fieldErrorsOf(
          store.write([
            { type: 'upsert', collection: name, id: 'a', document: { n: 4 }, stamp: 'ok' },
            { type: 'upsert', collection: name, id: 'b', document: { n: 5 }, stamp: '' },
            { type: 'upsert', collection: name, id: 'c', document: { n: 6 }, stamp: 7 as unknown as string },
          ]),
        );
        expect(refused.sort()).toEqual(['operations[1].stamp', 'operations[2].stamp']);
        expect(await store.get(name, 'a')).toEqual({ n: 3 });
      });

      it('fences a write on a stamp: written only while the stamp is what the writer expects, else nothing at all', async () => {
        const name = await collection();
        await store.write([{ type: 'upsert', collection: name, id: 'state', document: { at: 1 }, stamp: 'runner-a' }], {
          expectStamp: { collection: name, id: 'state', stamp: null },
        });
        await store.write(
          [
            { type: 'upsert', collection: name, id: 'doc', document: { n: 1 } },
            { type: 'upsert', collection: name, id: 'state', document: { at: 2 }, stamp: 'runner-a' },
          ],
          { expectStamp: { collection: name, id: 'state', stamp: 'runner-a' } },
        );
        // Another runner took over and stamped the state with its own token.
        await store.write([{ type: 'upsert', collection: name, id: 'state', document: { at: 2 }, stamp: 'runner-b' }]);
        await expectRejects(
          store.write(
            [
              { type: 'upsert', collection: name, id: 'doc', document: { n: 99 } },
              { type: 'upsert', collection: name, id: 'state', document: { at: 3 }, stamp: 'runner-a' },
            ],
            { expectStamp: { collection: name, id: 'state', stamp: 'runner-a' } },
          ),
          ConcurrencyConflict,
        );
        expect(await store.get(name, 'doc')).toEqual({ n: 1 });
        expect(await store.getStamped(name, ['state'])).toEqual(new Map([['state', { document: { at: 2 }, stamp: 'runner-b' }]]));
      });

      it('refuses what a JSON round trip would change, and stores nothing', async () => {
        const name = await collection();
        const refused: unknown[] = [
          { when: new Date() },
          { missing: undefined },
          { amount: Number.NaN },
          { amount: Number.POSITIVE_INFINITY },
          { big: 1n },
          { lines: new Map() },
          { note: 'a\u0000b' },
          { ['a\u0000b']: 1 },
          { note: 'half a pair \ud83d' },
          ['an', 'array'],
          null,
          'text',
        ];
        for (const [i, document] of refused.entries()) {
          await expectRejects(store.upsert(name, `bad-${i}`, document as Document), ValidationError);
        }
        expect((await store.find(name)).total).toBe(0);
      });

      it('refuses empty, over-long and control-character ids', async () => {
        const name = await collection();
        for (const id of ['', 'a\u0000b', 'line\nbreak', 'x'.repeat(1001)]) {
          await expectRejects(store.upsert(name, id, { ok: true }), ValidationError);
          await expectRejects(store.get(name, id), ValidationError);
        }
        expect((await store.find(name)).total).toBe(0);
      });

      it('refuses a declared field holding the wrong type, naming its path', async () => {
        const name = await collection();
        expect(await fieldErrorsOf(store.upsert(name, 'x', { total: { amount: '12990' } }))).toEqual(['document.total.amount']);
        expect(await fieldErrorsOf(store.upsert(name, 'x', { createdAt: '01.03.2024' }))).toEqual(['document.createdAt']);
        // A time without an offset is a different instant in every time zone.
        expect(await fieldErrorsOf(store.upsert(name, 'x', { createdAt: '2024-03-01T10:00:00' }))).toEqual([
          'document.createdAt',
        ]);
        expect(await fieldErrorsOf(store.upsert(name, 'x', { createdAt: '2024-02-30' }))).toEqual(['document.createdAt']);
        expect(await fieldErrorsOf(store.upsert(name, 'x', { paid: 'yes' }))).toEqual(['document.paid']);
        expect(await fieldErrorsOf(store.upsert(name, 'x', { customer: { lastName: 42 } }))).toEqual([
          'document.customer.lastName',
        ]);
        expect(await store.get(name, 'x')).toBeNull();
      });
    });

    describe('batched writes', () => {
      it('applies a batch across collections in order: the last operation on a document wins', async () => {
        const orders = await collection();
        const picks = await collection();
        await store.upsert(orders, 'gone', { status: 'new' });
        await store.write([
          { type: 'upsert', collection: orders, id: 'o1', document: { status: 'new' } },
          { type: 'upsert', collection: picks, id: 'k1', document: { status: 'open' } },
          { type: 'upsert', collection: orders, id: 'o1', document: { status: 'paid' } },
          { type: 'delete', collection: orders, id: 'gone' },
          { type: 'upsert', collection: orders, id: 'o2', document: { status: 'new' } },
          { type: 'delete', collection: orders, id: 'o2' },
          { type: 'delete', collection: picks, id: 'k2' },
          { type: 'delete', collection: orders, id: 'o3' },
          { type: 'upsert', collection: orders, id: 'o3', document: { status: 'shipped' } },
        ]);
        expect((await store.find(orders)).items).toEqual([
          { id: 'o1', document: { status: 'paid' } },
          { id: 'o3', document: { status: 'shipped' } },
        ]);
        expect((await store.find(picks)).items).toEqual([{ id: 'k1', document: { status: 'open' } }]);
        await store.write([]);
        expect((await store.find(orders)).total).toBe(2);
      });

      it('writes nothing of a batch with an invalid operation', async () => {
        const name = await collection();
        await store.upsert(name, 'keep', { status: 'paid' });
        const before = await store.find(name);
        const notJson = await fieldErrorsOf(
          store.write([
            { type: 'upsert', collection: name, id: 'new-1', document: { status: 'new' } },
            { type: 'delete', collection: name, id: 'keep' },
            { type: 'upsert', collection: name, id: 'new-2', document: { status: 'new', at: new Date() } },
          ]),
        );
        expect(notJson).toEqual(['operations[2].document.at']);
        const wrongType = await fieldErrorsOf(
          store.write([
            { type: 'delete', collection: name, id: 'keep' },
            { type: 'upsert', collection: name, id: 'new-3', document: { total: { amount: 'a lot' } } },
          ]),
        );
        expect(wrongType).toEqual(['operations[1].document.total.amount']);
        await expectRejects(
          store.write([
            { type: 'upsert', collection: name, id: 'new-4', document: { status: 'new' } },
            { type: 'delete', collection: name, id: 'keep' },
            { type: 'upsert', collection: `${prefix}_never_ensured`, id: 'x', document: {} },
          ]),
          NotFound,
        );
        await expectRejects(
          store.write([
            { type: 'delete', collection: name, id: 'keep' },
            { type: 'upsert', collection: name, id: '', document: {} },
          ]),
          ValidationError,
        );
        expect(await store.find(name)).toEqual(before);
      });

      it('concurrent batches over the same documents all succeed', async () => {
        const name = await collection();
        const docIds = Array.from({ length: 40 }, (_, i) => `d${String(i).padStart(2, '0')}`);
        // Each writer touches the same documents in a different order: a store that locks in
        // arrival order would deadlock here.
        const batches = Array.from({ length: 8 }, (_, w) =>
          [...docIds]
            .sort(() => (w % 2 === 0 ? 1 : -1) * (Math.random() - 0.3))
            .map((id): WriteOperation => ({ type: 'upsert', collection: name, id, document: { writer: w } })),
        );
        await Promise.all(batches.map((batch) => store.write(batch)));
        const page = await store.find(name, { limit: 1000 });
        expect(page.items.map((i) => i.id)).toEqual(docIds);
      });
    });

    describe('filters', () => {
      let name: string;
      beforeAll(async () => {
        name = await collection({
          fields: customerFields,
          indexes: ['status', ['market', 'createdAt'], 'lastName'],
          textFields: ['firstName', 'lastName'],
        });
        await store.write(people.map(([id, document]) => ({ type: 'upsert', collection: name, id, document })));
      });
      const where = (...filters: Filter[]) => ids(name, { filters });

      it('contains ignores case and accents: krizek finds Křížek, stefanescu finds both spellings of Ștefănescu', async () => {
        expect(await where({ field: 'lastName', op: 'contains', value: 'krizek' })).toEqual(['p01']);
        expect(await where({ field: 'lastName', op: 'contains', value: 'KŘÍŽ' })).toEqual(['p01']);
        expect(await where({ field: 'lastName', op: 'contains', value: 'stefanescu' })).toEqual(['p03', 'p04']);
        expect(await where({ field: 'lastName', op: 'contains', value: 'ŞTEFĂN' })).toEqual(['p03', 'p04']);
        expect(await where({ field: 'lastName', op: 'contains', value: 'taranu' })).toEqual(['p06']);
        expect(await where({ field: 'lastName', op: 'contains', value: 'novak' })).toEqual(['p02', 'p05']);
        expect(await where({ field: 'lastName', op: 'contains', value: 'ková' })).toEqual(['p02']);
      });

      it('text needs every word somewhere in the text fields', async () => {
        expect(await where({ op: 'text', value: 'jan krizek' })).toEqual(['p01']);
        expect(await where({ op: 'text', value: 'Jan' })).toEqual(['p01', 'p02']);
        expect(await where({ op: 'text', value: '  ioana   ȘTEFĂNESCU ' })).toEqual(['p04']);
        expect(await where({ op: 'text', value: 'andrei taranu' })).toEqual([]);
        // A word never matches across two fields ("ioana" + "stefanescu" is not "anast").
        expect(await where({ op: 'text', value: 'anast' })).toEqual([]);
        expect(await where({ op: 'text', value: '' })).toHaveLength(people.length);
      });

      it('equals is exact for strings and typed for numbers, booleans and dates', async () => {
        expect(await where({ field: 'status', op: 'equals', value: 'paid' })).toEqual(['p01', 'p02', 'p06']);
        expect(await where({ field: 'status', op: 'equals', value: 'Paid' })).toEqual(['p05']);
        expect(await where({ field: 'lastName', op: 'equals', value: 'Novak' })).toEqual([]);
        expect(await where({ field: 'total', op: 'equals', value: 4990 })).toEqual(['p02']);
        expect(await where({ field: 'total', op: 'equals', value: 1.5 })).toEqual(['p06']);
        expect(await where({ field: 'paid', op: 'equals', value: true })).toEqual(['p01', 'p02']);
        expect(await where({ field: 'paid', op: 'equals', value: false })).toEqual(['p03']);
        // The same instant written with another offset.
        expect(await where({ field: 'createdAt', op: 'equals', value: '2024-03-01T10:15:00+01:00' })).toEqual(['p01']);
        expect(await where({ field: 'createdAt', op: 'equals', value: '2024-03-03T12:00:00.250Z' })).toEqual(['p06']);
      });

      it('equals null finds documents where the field is null or missing', async () => {
        expect(await where({ field: 'lastName', op: 'equals', value: null })).toEqual(['p07']);
        expect(await where({ field: 'total', op: 'equals', value: null })).toEqual(['p05', 'p07']);
        expect(await where({ field: 'paid', op: 'equals', value: null })).toEqual(['p04', 'p05', 'p06', 'p07']);
        expect(await where({ field: 'createdAt', op: 'equals', value: null })).toEqual(['p04', 'p07']);
      });

      it('in matches any of the values', async () => {
        expect(await where({ field: 'status', op: 'in', values: ['paid', 'shipped'] })).toEqual(['p01', 'p02', 'p03', 'p06']);
        expect(await where({ field: 'total', op: 'in', values: [0, 4990, 777] })).toEqual(['p02', 'p04']);
        expect(await where({ field: 'paid', op: 'in', values: [false] })).toEqual(['p03']);
        expect(await where({ field: 'createdAt', op: 'in', values: ['2024-02-28', '2024-03-02T09:00:00Z'] })).toEqual([
          'p02',
          'p03',
        ]);
        // An AG Grid set filter with nothing ticked shows nothing.
        expect(await where({ field: 'status', op: 'in', values: [] })).toEqual([]);
      });

      it('range compares numbers and dates as values, with inclusive and exclusive bounds', async () => {
        expect(await where({ field: 'total', op: 'range', gte: 4990, lt: 25999 })).toEqual(['p01', 'p02']);
        expect(await where({ field: 'total', op: 'range', gt: 4990, lte: 25999 })).toEqual(['p01', 'p03']);
        expect(await where({ field: 'total', op: 'range', lt: 2 })).toEqual(['p04', 'p06']);
        expect(await where({ field: 'createdAt', op: 'range', gte: '2024-03-01', lt: '2024-03-06' })).toEqual([
          'p01',
          'p02',
          'p06',
        ]);
        expect(
          await where({ field: 'createdAt', op: 'range', gt: '2024-03-05T23:00:00Z', lte: '2024-03-06T01:30:00+01:00' }),
        ).toEqual(['p05']);
        expect(await where({ field: 'createdAt', op: 'range', lt: '2024-03-01' })).toEqual(['p03']);
      });

      it('several filters must all hold', async () => {
        expect(
          await where({ field: 'status', op: 'equals', value: 'paid' }, { field: 'market', op: 'equals', value: 'cz' }),
        ).toEqual(['p01', 'p02']);
        expect(
          await where(
            { field: 'market', op: 'equals', value: 'ro' },
            { op: 'text', value: 'stefanescu' },
            { field: 'total', op: 'range', gt: 0 },
          ),
        ).toEqual(['p03']);
      });

      it('names an undeclared or misused field and refuses values of the wrong type', async () => {
        expect(await fieldErrorsOf(where({ field: 'email', op: 'equals', value: 'x' }))).toEqual(['filters[0].field']);
        expect(
          await fieldErrorsOf(
            where({ field: 'status', op: 'equals', value: 'paid' }, { field: 'customer.lastName', op: 'contains', value: 'x' }),
          ),
        ).toEqual(['filters[1].field']);
        expect(await fieldErrorsOf(where({ field: 'total', op: 'contains', value: '12' }))).toEqual(['filters[0].op']);
        expect(await fieldErrorsOf(where({ field: 'status', op: 'range', gte: 1 }))).toEqual(['filters[0].op']);
        expect(await fieldErrorsOf(where({ field: 'total', op: 'equals', value: '4990' }))).toEqual(['filters[0].value']);
        expect(await fieldErrorsOf(where({ field: 'total', op: 'in', values: [1, '2'] }))).toEqual(['filters[0].values']);
        expect(await fieldErrorsOf(where({ field: 'createdAt', op: 'range', gte: '01.03.2024' }))).toEqual(['filters[0].gte']);
        expect(await fieldErrorsOf(where({ field: 'total', op: 'range' }))).toEqual(['filters[0]']);
        expect(await fieldErrorsOf(where({ field: 'status', op: 'like', value: 'p%' } as unknown as Filter))).toEqual([
          'filters[0].op',
        ]);
        const plain = await collection();
        expect(await fieldErrorsOf(store.find(plain, { filters: [{ op: 'text', value: 'jan' }] }))).toEqual(['filters[0].op']);
      });
    });

    describe('user input is data, never SQL or a pattern', () => {
      const nasty = `'); drop table x; --`;
      let name: string;
      beforeAll(async () => {
        name = await collection({ fields: customerFields, textFields: ['lastName'] });
        const names = ['100% bio', 'a_b', 'back\\slash', nasty, 'abc', 'a%b_c\\d'];
        await store.write(
          names.map((lastName, i) => ({ type: 'upsert', collection: name, id: `n${i}`, document: { customer: { lastName } } })),
        );
      });
      const contains = (value: string) => ids(name, { filters: [{ field: 'lastName', op: 'contains', value }] });

      it('contains treats %, _ and \\ as the characters themselves', async () => {
        expect(await contains('%')).toEqual(['n0', 'n5']);
        expect(await contains('_')).toEqual(['n1', 'n5']);
        expect(await contains('\\')).toEqual(['n2', 'n5']);
        expect(await contains('a%b_c\\')).toEqual(['n5']);
        expect(await contains('a_')).toEqual(['n1']);
        expect(await ids(name, { filters: [{ op: 'text', value: '%' }] })).toEqual(['n0', 'n5']);
      });

      it('quotes and SQL in values, ids and search are plain text', async () => {
        expect(await contains(nasty)).toEqual(['n3']);
        expect(await ids(name, { filters: [{ field: 'lastName', op: 'equals', value: nasty }] })).toEqual(['n3']);
        expect(await ids(name, { filters: [{ field: 'lastName', op: 'in', values: [nasty, `x'||'`] }] })).toEqual(['n3']);
        expect(await ids(name, { filters: [{ op: 'text', value: `drop table` }] })).toEqual(['n3']);
        expect(await store.get(name, nasty)).toBeNull();
        await store.upsert(name, nasty, { customer: { lastName: nasty } });
        expect(await store.get(name, nasty)).toEqual({ customer: { lastName: nasty } });
        expect(await store.delete(name, nasty)).toBe(true);
        expect((await store.find(name)).total).toBe(6);
      });
    });

    describe('sorting and paging', () => {
      it('sorts strings ignoring case and accents, ties by spelling, nulls last both ways', async () => {
        const name = await collection();
        const lastNames: Array<[string, string | null]> = [
          ['s1', 'Zeman'],
          ['s2', 'adam'],
          ['s3', 'Čech'],
          ['s4', 'Cibulka'],
          ['s5', 'novák'],
          ['s6', 'Novak'],
          ['s7', null],
          ['s8', 'Šimek'],
          ['s9', 'Svoboda'],
          ['s0', null],
        ];
        await store.write(
          lastNames.map(([id, lastName]) => ({
            type: 'upsert',
            collection: name,
            id,
            document: lastName === null ? { status: 'x' } : { customer: { lastName } },
          })),
        );
        const sorted = async (direction: 'asc' | 'desc') =>
          (await store.find(name, { sort: [{ field: 'lastName', direction }] })).items.map(
            (i) => (i.document.customer as { lastName: string } | undefined)?.lastName ?? i.id,
          );
        expect(await sorted('asc')).toEqual([
          'adam',
          'Čech',
          'Cibulka',
          'Novak',
          'novák',
          'Šimek',
          'Svoboda',
          'Zeman',
          's0',
          's7',
        ]);
        expect(await sorted('desc')).toEqual([
          'Zeman',
          'Svoboda',
          'Šimek',
          'novák',
          'Novak',
          'Cibulka',
          'Čech',
          'adam',
          's0',
          's7',
        ]);
      });

      it('sorts numbers and dates by value, ties by id, nulls last both ways', async () => {
        const name = await collection();
        const rows: Array<[string, number | null, string | null]> = [
          ['a', 5, '2024-01-01T00:30:00+01:00'],
          ['b', -1, '2023-12-31T23:45:00Z'],
          ['c', 10.5, null],
          ['d', null, '2024-01-01'],
          ['e', 2, '2023-12-31T23:45:00Z'],
          ['f', 2, '2024-06-01T08:00:00+02:00'],
          ['g', 100, '2023-12-31T23:59:59.999Z'],
        ];
        await store.write(
          rows.map(([id, amount, createdAt]) => ({
            type: 'upsert',
            collection: name,
            id,
            document: { total: amount === null ? null : { amount }, createdAt },
          })),
        );
        const order = (field: string, direction: 'asc' | 'desc') => ids(name, { sort: [{ field, direction }] });
        // 10 sorts after 5 and 100 after 10: values, not text.
        expect(await order('total', 'asc')).toEqual(['b', 'e', 'f', 'a', 'c', 'g', 'd']);
        expect(await order('total', 'desc')).toEqual(['g', 'c', 'a', 'e', 'f', 'b', 'd']);
        // 00:30 at +01:00 is 23:30 UTC, before 23:45 UTC although its text sorts after it.
        expect(await order('createdAt', 'asc')).toEqual(['a', 'b', 'e', 'g', 'd', 'f', 'c']);
        expect(await order('createdAt', 'desc')).toEqual(['f', 'd', 'g', 'b', 'e', 'a', 'c']);
        expect(
          await ids(name, {
            sort: [
              { field: 'total', direction: 'asc' },
              { field: 'createdAt', direction: 'desc' },
            ],
          }),
        ).toEqual(['b', 'f', 'e', 'a', 'c', 'g', 'd']);
      });

      it('pages through a sort with many ties without losing or repeating a document', async () => {
        const name = await collection();
        const statuses = ['paid', 'new', 'shipped'];
        const docs = Array.from({ length: 25 }, (_, i) => ({
          id: `o${String((i * 7) % 25).padStart(2, '0')}`,
          document: { status: statuses[i % 3]!, total: { amount: i % 4 } },
        }));
        await store.write(docs.map((d) => ({ type: 'upsert', collection: name, ...d })));
        for (const sort of [
          [{ field: 'status', direction: 'asc' }],
          [{ field: 'status', direction: 'desc' }],
          [{ field: 'total', direction: 'desc' }],
        ] as const) {
          const all = await ids(name, { sort });
          expect(all).toHaveLength(25);
          const paged: string[] = [];
          for (let offset = 0; offset < 25; offset += 7) {
            const page = await store.find(name, { sort, offset, limit: 7 });
            expect(page.total).toBe(25);
            paged.push(...page.items.map((i) => i.id));
          }
          expect(paged).toEqual(all);
          expect(new Set(paged).size).toBe(25);
        }
        const byStatus = await ids(name, { sort: [{ field: 'status', direction: 'asc' }] });
        const expected = [...docs].sort((x, y) =>
          x.document.status === y.document.status ? (x.id < y.id ? -1 : 1) : x.document.status < y.document.status ? -1 : 1,
        );
        expect(byStatus).toEqual(expected.map((d) => d.id));
      });

      it('counts every match regardless of offset and limit, even past the end', async () => {
        const name = await collection();
        await store.write(
          Array.from({ length: 130 }, (_, i) => ({
            type: 'upsert' as const,
            collection: name,
            id: `d${String(i).padStart(3, '0')}`,
            document: { status: i % 2 === 0 ? 'even' : 'odd' },
          })),
        );
        const first = await store.find(name);
        expect(first.items).toHaveLength(100);
        expect(first.total).toBe(130);
        expect((await store.find(name, { limit: 1000 })).items).toHaveLength(130);
        const evens: Filter[] = [{ field: 'status', op: 'equals', value: 'even' }];
        const last = await store.find(name, { filters: evens, offset: 60, limit: 10 });
        expect(last.items.map((i) => i.id)).toEqual(['d120', 'd122', 'd124', 'd126', 'd128']);
        expect(last.total).toBe(65);
        expect(await store.find(name, { filters: evens, offset: 500, limit: 10 })).toEqual({ items: [], total: 65 });
        expect(await store.find(name, { filters: [{ field: 'status', op: 'equals', value: 'none' }], offset: 0 })).toEqual({
          items: [],
          total: 0,
        });
      });

      it('refuses undeclared sort fields and limits outside 1…1000', async () => {
        const name = await collection();
        expect(await fieldErrorsOf(store.find(name, { sort: [{ field: 'email', direction: 'asc' }] }))).toEqual([
          'sort[0].field',
        ]);
        expect(await fieldErrorsOf(store.find(name, { sort: [{ field: 'status', direction: 'up' as 'asc' }] }))).toEqual([
          'sort[0].direction',
        ]);
        for (const limit of [0, 5000, 1.5, -1]) expect(await fieldErrorsOf(store.find(name, { limit }))).toEqual(['limit']);
        for (const offset of [-1, 0.5]) expect(await fieldErrorsOf(store.find(name, { offset }))).toEqual(['offset']);
      });
    });

    describe('collections', () => {
      it('ensureCollection is idempotent and keeps the documents', async () => {
        const name = await collection();
        await store.upsert(name, 'a', { status: 'paid' });
        await store.ensureCollection({ name, fields: customerFields });
        expect(await store.get(name, 'a')).toEqual({ status: 'paid' });
      });

      it('a changed definition applies to documents stored before it', async () => {
        const name = await collection({ fields: { status: { path: 'status', type: 'string' } } });
        await store.upsert(name, 'a', { status: 'paid', customer: { lastName: 'Křížek' }, total: { amount: 10 } });
        await store.upsert(name, 'b', { status: 'paid', customer: { lastName: 'Ștefănescu' }, total: { amount: 20 } });
        await store.ensureCollection({ name, fields: customerFields, indexes: ['total'], textFields: ['lastName'] });
        expect(await ids(name, { filters: [{ field: 'lastName', op: 'contains', value: 'krizek' }] })).toEqual(['a']);
        expect(await ids(name, { filters: [{ op: 'text', value: 'stefanescu' }] })).toEqual(['b']);
        expect(await ids(name, { sort: [{ field: 'total', direction: 'desc' }] })).toEqual(['b', 'a']);
      });

      it('refuses invalid definitions', async () => {
        const invalid: CollectionDefinition[] = [
          { name: 'Orders', fields: {} },
          { name: `${prefix}-orders`, fields: {} },
          { name: `${prefix}"; drop table x; --`, fields: {} },
          { name: `${prefix}_${'x'.repeat(60)}`, fields: {} },
          { name: `${prefix}_bad`, fields: { 'a"b': { path: 'a', type: 'string' } } },
          { name: `${prefix}_bad`, fields: { a: { path: '', type: 'string' } } },
          { name: `${prefix}_bad`, fields: { a: { path: 'a', type: 'text' as 'string' } } },
          { name: `${prefix}_bad`, fields: { a: { path: 'a', type: 'string' } }, indexes: ['b'] },
          { name: `${prefix}_bad`, fields: { a: { path: 'a', type: 'number' } }, textFields: ['a'] },
        ];
        for (const definition of invalid) await expectRejects(store.ensureCollection(definition), ValidationError);
        await expectRejects(store.find(`${prefix}_bad`), NotFound);
      });

      it('an unknown collection is NotFound, and dropping one forgets it and its documents', async () => {
        const missing = `${prefix}_missing`;
        await expectRejects(store.get(missing, 'a'), NotFound);
        await expectRejects(store.getMany(missing, ['a']), NotFound);
        await expectRejects(store.find(missing), NotFound);
        await expectRejects(store.delete(missing, 'a'), NotFound);
        await expectRejects(store.upsert(missing, 'a', {}), NotFound);
        await expectRejects(store.get('Bad Name', 'a'), ValidationError);

        const name = await collection();
        await store.upsert(name, 'a', { status: 'paid' });
        await store.dropCollection(name);
        await expectRejects(store.get(name, 'a'), NotFound);
        await store.dropCollection(name);
        await store.ensureCollection({ name, fields: customerFields });
        expect(await store.find(name)).toEqual({ items: [], total: 0 });
      });
    });
  });
}
