import { describe, expect, it } from 'vitest';
import { NotFound } from '@buyloop/kit';
import type { DocumentStore, Query } from '@buyloop/document-store';
import { project, recorded } from '@buyloop/projector/spec';
import {
  imeiBlacklistProjection,
  isBlacklisted,
  listImeiBlacklist,
  type ImeiBlacklistDocument,
} from './imei-blacklist-projection';

const STOLEN = '352099001761481';
const DISTRUSTED = '490154203237518';
const stream = (imei: string) => `imei-blacklist-${imei}`;

const listed = (imei: string, at: string, source = 'police', reason = 'Reported stolen') =>
  recorded('ImeiBlacklisted', { imei, reason, source, at }, stream(imei));
const cleared = (imei: string, at: string, reason = 'Owner found it') =>
  recorded('ImeiCleared', { imei, reason, at }, stream(imei));

const documents = project(imeiBlacklistProjection, [
  listed(STOLEN, '2026-11-01T10:00:00.000Z'),
  listed(DISTRUSTED, '2026-11-01T11:00:00.000Z', 'staff', 'Seal broken, IMEI scratched'),
  cleared(STOLEN, '2026-11-03T09:00:00.000Z'),
  listed(STOLEN, '2026-11-05T08:00:00.000Z', 'gsma', 'GSMA registry: lost'),
  cleared(DISTRUSTED, '2026-11-06T12:00:00.000Z', 'Checked with the manufacturer'),
  // Another stream type never reaches a blacklist document.
  recorded('ImeiCleared', { imei: STOLEN, reason: 'x', at: '2026-11-07T00:00:00.000Z' }, 'buyback-B-1001'),
]);

/** The documents above behind the store's `get`, as the projector would have written them. */
const store: Pick<DocumentStore, 'get'> = {
  get: async <D>(collection: string, id: string) => {
    if (collection !== 'imei_blacklist_v1') throw new NotFound('documents.collection_missing', collection);
    return (documents.get(id) ?? null) as D | null;
  },
};

describe('IMEI blacklist projection', () => {
  it('keeps one document per IMEI: the latest listing, whether it holds, and the whole history', () => {
    expect([...documents.keys()].sort()).toEqual([STOLEN, DISTRUSTED].sort());
    expect(documents.get(STOLEN)).toEqual({
      imei: STOLEN,
      listed: true,
      reason: 'GSMA registry: lost',
      source: 'gsma',
      listed_at: '2026-11-05T08:00:00.000Z',
      cleared_at: null,
      history: [
        { action: 'listed', reason: 'Reported stolen', source: 'police', at: '2026-11-01T10:00:00.000Z' },
        { action: 'cleared', reason: 'Owner found it', at: '2026-11-03T09:00:00.000Z' },
        { action: 'listed', reason: 'GSMA registry: lost', source: 'gsma', at: '2026-11-05T08:00:00.000Z' },
      ],
    } satisfies ImeiBlacklistDocument);
    expect(documents.get(DISTRUSTED)).toMatchObject({
      listed: false,
      reason: 'Seal broken, IMEI scratched',
      source: 'staff',
      listed_at: '2026-11-01T11:00:00.000Z',
      cleared_at: '2026-11-06T12:00:00.000Z',
    });
  });

  it('a clearing without a listing leaves no document', () => {
    expect(project(imeiBlacklistProjection, [cleared(STOLEN, '2026-11-03T09:00:00.000Z')]).size).toBe(0);
  });

  it('declares the fields the grid filters and sorts on', () => {
    expect(imeiBlacklistProjection.collection.fields).toEqual({
      imei: { path: 'imei', type: 'string' },
      listed: { path: 'listed', type: 'boolean' },
      listed_at: { path: 'listed_at', type: 'date' },
    });
    expect(imeiBlacklistProjection.handles).toEqual(['ImeiBlacklisted', 'ImeiCleared']);
  });

  it('isBlacklisted: only a listing that holds, however the IMEI is typed; a store failure is no answer', async () => {
    await expect(isBlacklisted(store, 'imei_blacklist_v1', STOLEN)).resolves.toBe(true);
    await expect(isBlacklisted(store, 'imei_blacklist_v1', '35 209900 176148 1')).resolves.toBe(true);
    await expect(isBlacklisted(store, 'imei_blacklist_v1', DISTRUSTED)).resolves.toBe(false);
    await expect(isBlacklisted(store, 'imei_blacklist_v1', '356938035643809')).resolves.toBe(false);
    await expect(isBlacklisted(store, 'imei_blacklist_v0', STOLEN)).rejects.toBeInstanceOf(NotFound);
  });

  it('listImeiBlacklist asks for the newest listings first, filtered as the back office asks', async () => {
    const asked: Query[] = [];
    const finder: Pick<DocumentStore, 'find'> = {
      find: async (_collection, query = {}) => {
        asked.push(query);
        return { items: [], total: 0 };
      },
    };
    await listImeiBlacklist(finder, 'imei_blacklist_v1');
    await listImeiBlacklist(finder, 'imei_blacklist_v1', { listed: true, imei: '35 2099', offset: 20, limit: 10 });
    await listImeiBlacklist(finder, 'imei_blacklist_v1', { listed: false, imei: ' ' });
    const newestFirst = [{ field: 'listed_at', direction: 'desc' }];
    expect(asked).toEqual([
      { filters: [], sort: newestFirst },
      {
        filters: [
          { field: 'listed', op: 'equals', value: true },
          { field: 'imei', op: 'contains', value: '352099' },
        ],
        sort: newestFirst,
        offset: 20,
        limit: 10,
      },
      { filters: [{ field: 'listed', op: 'equals', value: false }], sort: newestFirst },
    ]);
  });
});
