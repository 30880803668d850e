import { describe, expect, it } from 'vitest';
import { HeldDocuments } from './held-documents';

/** Every id a visit reaches, in order. */
const visited = (visit: (visitor: (id: string) => boolean) => void): string[] => {
  const ids: string[] = [];
  visit((id) => {
    ids.push(id);
    return true;
  });
  return ids;
};

describe('HeldDocuments', () => {
  it('keeps the batch of the first change held and moves the last change forward', () => {
    const held = new HeldDocuments<{ n: number }>();
    const a = held.add('a', { n: 1 }, 0);
    held.change(a, 'a', { n: 2 }, 3);
    expect(held.get('a')).toEqual({ document: { n: 2 }, since: 0, last: 3 });
    expect(held.size).toBe(1);
  });

  it('visits the documents held since a batch, oldest first, and the quiet ones by their last change', () => {
    const held = new HeldDocuments<string>();
    const a = held.add('a', 'a0', 0);
    held.add('b', 'b0', 0);
    held.add('c', 'c1', 1);
    held.change(a, 'a', 'a2', 2);
    held.add('d', 'd2', 2);
    expect(visited((v) => held.visitHeldSince(0, v))).toEqual(['a', 'b']);
    expect(visited((v) => held.visitHeldSince(Number.POSITIVE_INFINITY, v))).toEqual(['a', 'b', 'c', 'd']);
    // a changed again in batch 2: no longer quiet since batch 1.
    expect(visited((v) => held.visitQuietSince(1, v))).toEqual(['b', 'c']);
    expect(visited((v) => held.visitQuietSince(2, v))).toEqual(['b', 'c', 'a', 'd']);
  });

  it('stops a visit when asked to', () => {
    const held = new HeldDocuments<string>();
    for (const id of ['a', 'b', 'c']) held.add(id, id, 0);
    const ids: string[] = [];
    held.visitHeldSince(0, (id) => ids.push(id) < 2);
    expect(ids).toEqual(['a', 'b']);
  });

  it('names the oldest change held apart from the documents about to be written, and forgets released ones', () => {
    const held = new HeldDocuments<string>();
    held.add('a', 'a0', 0);
    held.add('b', null, 1);
    held.add('c', 'c2', 2);
    expect(held.oldestExcept(new Map())).toBe(0);
    expect(held.oldestExcept(new Map([['a', true]]))).toBe(1);
    expect(
      held.oldestExcept(
        new Map([
          ['a', true],
          ['b', true],
          ['c', true],
        ]),
      ),
    ).toBeUndefined();
    expect(held.release('b')).toEqual({ document: null, since: 1, last: 1 });
    expect(held.release('b')).toBeUndefined();
    expect(held.oldestExcept(new Map([['a', true]]))).toBe(2);
    expect(visited((v) => held.visitQuietSince(5, v))).toEqual(['a', 'c']);
    // Held again later: listed under its new batch only.
    held.add('b', 'b7', 7);
    expect(visited((v) => held.visitHeldSince(Number.POSITIVE_INFINITY, v))).toEqual(['a', 'c', 'b']);
    held.clear();
    expect(held.size).toBe(0);
    expect(visited((v) => held.visitHeldSince(Number.POSITIVE_INFINITY, v))).toEqual([]);
  });
});
