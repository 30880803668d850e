import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** A write the test finishes by hand, so it can add batches while one is in flight. */
function controlledWrites() {
  const written: number[][] = [];
  const waiting: Array<{ batch: number[]; finish: (error?: Error) => void }> = [];
  const write = (batch: number[]) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({
        batch,
        finish: (error) => {
          if (error) return reject(error);
          written.push(batch);
          resolve();
        },
      });
    });
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { written, waiting, write, tick };
}

const merge = (a: number[], b: number[]) => [...a, ...b];

describe('GroupCommit', () => {
  it('writes the first batch at once and merges the batches added while it is in flight into the next write', async () => {
    const w = controlledWrites();
    const commit = new GroupCommit(w.write, merge, 100);
    await commit.add([1], 1);
    expect(w.waiting.map((x) => x.batch)).toEqual([[1]]);
    await commit.add([2], 1);
    await commit.add([3], 1);
    w.waiting.shift()!.finish();
    await w.tick();
    expect(w.waiting.map((x) => x.batch)).toEqual([[2, 3]]);
    w.waiting.shift()!.finish();
    await commit.flush();
    expect(w.written).toEqual([[1], [2, 3]]);
  });

  it('makes the caller wait while more than maxPending waits behind the write in flight', async () => {
    const w = controlledWrites();
    const commit = new GroupCommit(w.write, merge, 2);
    await commit.add([1], 1);
    await commit.add([2], 1);
    let third = false;
    const adding = commit.add([3], 1).then(() => (third = true));
    await w.tick();
    expect(third).toBe(false);
    w.waiting.shift()!.finish();
    await adding;
    expect(third).toBe(true);
    w.waiting.shift()!.finish();
    await commit.flush();
    expect(w.written).toEqual([[1], [2, 3]]);
  });

  it('never merges a write past maxPending: a batch that would waits until the waiting write is on its way', async () => {
    const w = controlledWrites();
    const commit = new GroupCommit(w.write, merge, 5);
    await commit.add([1], 1);
    await commit.add([2, 2, 2], 3);
    let added = false;
    const adding = commit.add([3, 3, 3], 3).then(() => (added = true));
    await w.tick();
    expect(added).toBe(false);
    w.waiting.shift()!.finish();
    await adding;
    expect(w.waiting.map((x) => x.batch)).toEqual([[2, 2, 2]]);
    w.waiting.shift()!.finish();
    await w.tick();
    w.waiting.shift()!.finish();
    await commit.flush();
    expect(w.written).toEqual([[1], [2, 2, 2], [3, 3, 3]]);
  });

  it('tells the caller at once when a write fails, before it adds or flushes again', async () => {
    const w = controlledWrites();
    const failures: unknown[] = [];
    const commit = new GroupCommit(w.write, merge, 100, (error) => failures.push(error));
    await commit.add([1], 1);
    w.waiting.shift()!.finish(new Error('connection lost'));
    await w.tick();
    expect(failures).toEqual([new Error('connection lost')]);
    await expect(commit.flush()).rejects.toThrow('connection lost');
  });

  it('after a failed write it writes nothing more, and add and flush reject with that error', async () => {
    const w = controlledWrites();
    const commit = new GroupCommit(w.write, merge, 100);
    await commit.add([1], 1);
    await commit.add([2], 1);
    w.waiting.shift()!.finish(new Error('disk full'));
    await expect(commit.flush()).rejects.toThrow('disk full');
    await expect(commit.add([3], 1)).rejects.toThrow('disk full');
    expect(w.waiting).toEqual([]);
    expect(w.written).toEqual([]);
  });
});
