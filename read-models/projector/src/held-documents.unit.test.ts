import { describe, expect, it } from 'vitest';
import { HeldDocuments } from './held-documents';

describe('HeldDocuments', () => {
  it('keeps the batch of the first change held and moves the last change forward', () => {
    const held = new HeldDocuments<{ n: number }>();
    held.change('a', { n: 1 }, 0);
    held.change('a', { n: 2 }, 3);
    expect(held.get('a')).toEqual({ document: { n: 2 }, since: 0, last: 3 });
    expect(held.size).toBe(1);
  });

  it('answers the documents held since a batch, oldest first, and the quiet ones by their last change', () => {
    const held = new HeldDocuments<string>();
    held.change('a', 'a0', 0);
    held.change('b', 'b0', 0);
    held.change('c', 'c1', 1);
    held.change('a', 'a2', 2);
    held.change('d', 'd2', 2);
    expect([...held.heldSince(0)]).toEqual(['a', 'b']);
    expect([...held.heldSince()]).toEqual(['a', 'b', 'c', 'd']);
    // a changed again in batch 2: no longer quiet since batch 1.
    expect([...held.quietSince(1)]).toEqual(['b', 'c']);
    expect([...held.quietSince(2)]).toEqual(['b', 'c', 'a', 'd']);
  });

  it('names the oldest change held apart from the documents about to be written, and forgets released ones', () => {
    const held = new HeldDocuments<string>();
    held.change('a', 'a0', 0);
    held.change('b', null, 1);
    held.change('c', 'c2', 2);
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
    expect([...held.quietSince(5)]).toEqual(['a', 'c']);
    held.clear();
    expect(held.size).toBe(0);
    expect([...held.heldSince()]).toEqual([]);
  });
});
