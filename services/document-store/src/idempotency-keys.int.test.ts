import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteClient, type SqlClient } from '@buyloop/event-store';
import { PostgresDocumentStore } from './postgres/postgres-document-store';
import { RequestRefused, ValidationError } from '@buyloop/kit';
import { idFromKey, IdempotencyKeys, parseIdempotencyKey } from './idempotency-keys';

describe('idempotency keys', () => {
  let sql: SqlClient;
  let documents: PostgresDocumentStore;

  beforeAll(async () => {
    sql = await pgliteClient();
    documents = await PostgresDocumentStore.create(sql, { schema: `t_idem_${randomUUID().slice(0, 8)}`, ownsClient: false });
  });
  afterAll(async () => sql?.close());

  it('the first request decides; a repeat with the same body gets that decision', async () => {
    const keys = new IdempotencyKeys(documents);
    const first = await keys.claim('sell', 'key-0001', { a: 1 }, { number: 'N1' });
    expect(first).toEqual({ value: { number: 'N1' }, repeated: false, takenOver: false });
    const again = await keys.claim('sell', 'key-0001', { a: 1 }, { number: 'N2' });
    expect(again).toEqual({ value: { number: 'N1' }, repeated: true, takenOver: false });
    // Another scope is another key.
    expect((await keys.claim('email', 'key-0001', { a: 1 }, { number: 'N3' })).repeated).toBe(false);
  });

  it('refuses the same key with another body', async () => {
    const keys = new IdempotencyKeys(documents);
    await keys.claim('sell', 'key-0002', { a: 1 }, { number: 'N1' });
    await expect(keys.claim('sell', 'key-0002', { a: 2 }, { number: 'N2' })).rejects.toBeInstanceOf(RequestRefused);
  });

  it('parallel first requests agree on one decision', async () => {
    const keys = new IdempotencyKeys(documents);
    const results = await Promise.all(
      ['A', 'B', 'C', 'D'].map((n) => new IdempotencyKeys(documents).claim('sell', 'key-0003', { a: 1 }, { number: n })),
    );
    expect(new Set(results.map((r) => r.value.number)).size).toBe(1);
    expect(results.filter((r) => !r.repeated)).toHaveLength(1);
    expect((await keys.claim('sell', 'key-0003', { a: 1 }, { number: 'Z' })).value.number).toBe(results[0]!.value.number);
  });

  it('moves a claim to another decision once, and gives a key back', async () => {
    const keys = new IdempotencyKeys(documents);
    await keys.claim('sell', 'key-0004', { a: 1 }, { number: 'N1' });
    expect(await keys.rebind('sell', 'key-0004', { number: 'N1' }, { number: 'N2' })).toEqual({ number: 'N2' });
    // A second mover that still thinks N1 finds N2 and keeps it.
    expect(await keys.rebind('sell', 'key-0004', { number: 'N1' }, { number: 'N3' })).toEqual({ number: 'N2' });
    expect(await keys.claim('sell', 'key-0004', { a: 1 }, { number: 'N9' })).toEqual({
      value: { number: 'N2' },
      repeated: true,
      takenOver: false,
    });
    await keys.release('sell', 'key-0004');
    expect(await keys.claim('sell', 'key-0004', { a: 2 }, { number: 'N5' })).toEqual({
      value: { number: 'N5' },
      repeated: false,
      takenOver: false,
    });
  });

  describe('a claim whose request died', () => {
    // A clock the test moves: the lease is about time passing between two requests, not about waiting.
    const clockAt = (start: string): { now: () => Date; advance: (ms: number) => void } => {
      let at = Date.parse(start);
      return { now: () => new Date(at), advance: (ms) => (at += ms) };
    };

    it('stays in progress for the lease, then the next repeat takes it over once, keeping the decision', async () => {
      const clock = clockAt('2026-03-01T10:00:00Z');
      const keys = new IdempotencyKeys(documents, clock.now);
      await keys.claim('finish', 'key-0101', { a: 1 }, { number: 'N1' });
      clock.advance(59_999);
      expect(await keys.claim('finish', 'key-0101', { a: 1 }, { number: 'N2' })).toEqual({
        value: { number: 'N1' },
        repeated: true,
        takenOver: false,
      });
      clock.advance(1);
      expect(await keys.claim('finish', 'key-0101', { a: 1 }, { number: 'N3' })).toEqual({
        value: { number: 'N1' },
        repeated: true,
        takenOver: true,
      });
      // The taker holds a fresh lease: a repeat right after it is in progress again, not a second takeover.
      clock.advance(30_000);
      expect((await keys.claim('finish', 'key-0101', { a: 1 }, { number: 'N4' })).takenOver).toBe(false);
      clock.advance(30_000);
      expect(await keys.claim('finish', 'key-0101', { a: 1 }, { number: 'N5' })).toEqual({
        value: { number: 'N1' },
        repeated: true,
        takenOver: true,
      });
    });

    it('an expired claim still refuses another body', async () => {
      const clock = clockAt('2026-03-01T10:00:00Z');
      const keys = new IdempotencyKeys(documents, clock.now);
      await keys.claim('finish', 'key-0102', { a: 1 }, { number: 'N1' });
      clock.advance(3_600_000);
      await expect(keys.claim('finish', 'key-0102', { a: 2 }, { number: 'N2' })).rejects.toBeInstanceOf(RequestRefused);
    });

    it('of repeats racing for an expired claim exactly one takes it over', async () => {
      const clock = clockAt('2026-03-01T10:00:00Z');
      await new IdempotencyKeys(documents, clock.now).claim('finish', 'key-0103', { a: 1 }, { number: 'N1' });
      clock.advance(61_000);
      const results = await Promise.all(
        ['A', 'B', 'C', 'D', 'E'].map((n) =>
          new IdempotencyKeys(documents, clock.now).claim('finish', 'key-0103', { a: 1 }, { number: n }),
        ),
      );
      expect(results.filter((r) => r.takenOver)).toHaveLength(1);
      expect(results.every((r) => r.repeated && r.value.number === 'N1')).toBe(true);
    });

    it('takes the configured lease', async () => {
      const clock = clockAt('2026-03-01T10:00:00Z');
      const keys = new IdempotencyKeys(documents, clock.now, { leaseMs: 5_000 });
      await keys.claim('finish', 'key-0104', { a: 1 }, { number: 'N1' });
      clock.advance(4_999);
      expect((await keys.claim('finish', 'key-0104', { a: 1 }, { number: 'N2' })).takenOver).toBe(false);
      clock.advance(1);
      expect((await keys.claim('finish', 'key-0104', { a: 1 }, { number: 'N2' })).takenOver).toBe(true);
      expect(() => new IdempotencyKeys(documents, clock.now, { leaseMs: 0 })).toThrow();
    });

    it('a claim moved to another decision is taken over with that decision', async () => {
      const clock = clockAt('2026-03-01T10:00:00Z');
      const keys = new IdempotencyKeys(documents, clock.now);
      await keys.claim('finish', 'key-0105', { a: 1 }, { number: 'N1' });
      await keys.rebind('finish', 'key-0105', { number: 'N1' }, { number: 'N2' });
      clock.advance(60_000);
      expect(await keys.claim('finish', 'key-0105', { a: 1 }, { number: 'N3' })).toEqual({
        value: { number: 'N2' },
        repeated: true,
        takenOver: true,
      });
    });
  });

  it('checks the header and derives stable UUIDs from a key', () => {
    expect(parseIdempotencyKey(undefined)).toBeNull();
    expect(parseIdempotencyKey('a-good-key-123')).toBe('a-good-key-123');
    expect(() => parseIdempotencyKey('short')).toThrow(ValidationError);
    expect(() => parseIdempotencyKey('has space inside')).toThrow(ValidationError);
    const id = idFromKey('sell', 'key', 0);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(idFromKey('sell', 'key', 0)).toBe(id);
    expect(idFromKey('sell', 'key', 1)).not.toBe(id);
  });
});
