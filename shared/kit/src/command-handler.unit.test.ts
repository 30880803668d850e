import { describe, expect, it, vi } from 'vitest';
import { commandHandler, handleCommand, type CommandOptions, type StreamStore } from './command-handler';
import type { Decider, DomainEvent } from './decider';
import { ConcurrencyConflict, IllegalState } from './errors';
import type { AppendOptions, AppendResult, NewEvent, RecordedEvent } from './event';

/*
 * The handler's own rules against an in-memory store with the port's
 * semantics; services/event-store/src/command-handler.int.test.ts runs the
 * same flow against the real PostgreSQL store.
 */

type StockEvent = DomainEvent<'Stocked', { qty: number }> | DomainEvent<'Reserved', { qty: number }>;
type StockCommand = { type: 'Stock'; qty: number } | { type: 'Reserve'; qty: number };

const stock: Decider<StockCommand, StockEvent, number> = {
  initialState: () => 0,
  evolve: (available, event) => (event.type === 'Stocked' ? available + event.data.qty : available - event.data.qty),
  decide: (command, available) => {
    if (command.qty === 0) return [];
    if (command.type === 'Stock') return [{ type: 'Stocked', data: { qty: command.qty } }];
    if (command.qty > available) throw new IllegalState('stock.insufficient');
    return [{ type: 'Reserved', data: { qty: command.qty } }];
  },
};

class MemoryStore implements StreamStore {
  readonly streams = new Map<string, RecordedEvent[]>();
  readonly appends: { stream: string; events: readonly NewEvent[]; options: AppendOptions }[] = [];
  private position = 0n;
  /** Runs once before the next append is checked: lets a test slip another writer in between read and append. */
  interloper: (() => void) | undefined;

  async readStream(stream: string): Promise<RecordedEvent[]> {
    return [...(this.streams.get(stream) ?? [])];
  }

  async append(stream: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const interloper = this.interloper;
    this.interloper = undefined;
    interloper?.();
    this.appends.push({ stream, events, options });
    const existing = this.streams.get(stream) ?? [];
    const all = [...this.streams.values()].flat();
    const already = events.map((e) => all.find((r) => e.id !== undefined && r.id === e.id));
    if (already.length > 0 && already.every((r) => r !== undefined)) {
      const last = already.at(-1)!;
      return {
        streamVersion: last.streamVersion,
        globalPosition: last.globalPosition,
        checkpoint: last.checkpoint,
        duplicate: true,
      };
    }
    const current = BigInt(existing.length);
    if (typeof options.expectedVersion === 'bigint' && options.expectedVersion !== current)
      throw new ConcurrencyConflict(stream, String(options.expectedVersion), String(current));
    for (const event of events) {
      this.position += 1n;
      existing.push({
        id: event.id ?? `generated-${this.position}`,
        type: event.type,
        data: event.data,
        schemaVersion: 1,
        stream,
        streamVersion: BigInt(existing.length + 1),
        globalPosition: this.position,
        recordedAt: new Date(0),
        metadata: { correlationId: 'c', causationId: null, actor: options.actor, market: options.market },
        checkpoint: `cp-${this.position}`,
      });
    }
    this.streams.set(stream, existing);
    const last = existing.at(-1)!;
    return {
      streamVersion: last.streamVersion,
      globalPosition: last.globalPosition,
      checkpoint: last.checkpoint,
      duplicate: false,
    };
  }

  /** Another process writing directly to the stream. */
  write(stream: string, event: StockEvent): void {
    void this.append(stream, [event], { ...base, expectedVersion: 'any' });
  }
}

const base: CommandOptions<StockEvent> = { actor: { userId: 'u-1', role: 'warehouse' }, market: 'cz' };
const stocked = (qty: number): StockEvent => ({ type: 'Stocked', data: { qty } });
const reserved = (qty: number): StockEvent => ({ type: 'Reserved', data: { qty } });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

describe('handleCommand', () => {
  it('creates a stream, appending with expected version 0 and the caller metadata', async () => {
    const store = new MemoryStore();
    const result = await handleCommand(
      store,
      stock,
      'sku-1',
      { type: 'Stock', qty: 5 },
      {
        ...base,
        correlationId: 'corr-1',
        causationId: 'cause-1',
      },
    );
    expect(result).toEqual({
      events: [stocked(5)],
      streamVersion: 1n,
      globalPosition: 1n,
      checkpoint: 'cp-1',
      state: 5,
      duplicate: false,
    });
    expect(store.appends[0]?.options).toEqual({ ...base, expectedVersion: 0n, correlationId: 'corr-1', causationId: 'cause-1' });
    expect(store.appends[0]?.events).toEqual([{ type: 'Stocked', data: { qty: 5 } }]);
  });

  it('folds the existing stream and appends with the version it read', async () => {
    const store = new MemoryStore();
    await handleCommand(store, stock, 'sku-1', { type: 'Stock', qty: 5 }, base);
    await handleCommand(store, stock, 'sku-1', { type: 'Reserve', qty: 2 }, base);
    const result = await handleCommand(store, stock, 'sku-1', { type: 'Reserve', qty: 3 }, base);
    expect(result.state).toBe(0);
    expect(result.streamVersion).toBe(3n);
    expect(store.appends.map((a) => a.options.expectedVersion)).toEqual([0n, 1n, 2n]);
    await expect(handleCommand(store, stock, 'sku-1', { type: 'Reserve', qty: 1 }, base)).rejects.toThrow(IllegalState);
    expect(store.streams.get('sku-1')).toHaveLength(3);
  });

  it('appends nothing when the decision is empty and answers the current version and position', async () => {
    const store = new MemoryStore();
    await handleCommand(store, stock, 'sku-1', { type: 'Stock', qty: 5 }, base);
    const result = await handleCommand(store, stock, 'sku-1', { type: 'Stock', qty: 0 }, base);
    expect(result).toEqual({ events: [], streamVersion: 1n, globalPosition: 1n, checkpoint: 'cp-1', state: 5, duplicate: false });
    expect(store.appends).toHaveLength(1);
    const empty = await handleCommand(store, stock, 'sku-2', { type: 'Stock', qty: 0 }, base);
    expect(empty).toEqual({ events: [], streamVersion: 0n, globalPosition: 0n, checkpoint: null, state: 0, duplicate: false });
  });

  it('refuses a stale If-Match before deciding, naming both versions', async () => {
    const store = new MemoryStore();
    await handleCommand(store, stock, 'sku-1', { type: 'Stock', qty: 5 }, base);
    const decide = vi.spyOn(stock, 'decide');
    try {
      const error = await rejection(
        handleCommand(
          store,
          stock,
          'sku-1',
          { type: 'Reserve', qty: 1 },
          { ...base, expectedVersion: 0n, retry: { attempts: 5 } },
        ),
      );
      expect(error).toBeInstanceOf(ConcurrencyConflict);
      expect(error).toMatchObject({ stream: 'sku-1', expected: '0', actual: '1' });
      expect(decide).not.toHaveBeenCalled();
      expect(store.appends).toHaveLength(1);
    } finally {
      decide.mockRestore();
    }
    const ok = await handleCommand(store, stock, 'sku-1', { type: 'Reserve', qty: 1 }, { ...base, expectedVersion: 1n });
    expect(ok.streamVersion).toBe(2n);
    await expect(
      handleCommand(store, stock, 'sku-missing', { type: 'Stock', qty: 1 }, { ...base, expectedVersion: 3n }),
    ).rejects.toMatchObject({ expected: '3', actual: 'no_stream' });
  });

  it('does not retry a lost race unless asked', async () => {
    const store = new MemoryStore();
    await handleCommand(store, stock, 'sku-1', { type: 'Stock', qty: 5 }, base);
    store.interloper = () => store.write('sku-1', reserved(1));
    await expect(handleCommand(store, stock, 'sku-1', { type: 'Reserve', qty: 2 }, base)).rejects.toThrow(ConcurrencyConflict);
    expect(store.streams.get('sku-1')?.map((e) => e.data)).toEqual([{ qty: 5 }, { qty: 1 }]);
  });

  it('with retry, re-reads and re-decides on the newer state', async () => {
    const store = new MemoryStore();
    await handleCommand(store, stock, 'sku-1', { type: 'Stock', qty: 5 }, base);
    store.interloper = () => store.write('sku-1', reserved(4));
    const decide = vi.spyOn(stock, 'decide');
    try {
      const refused = await rejection(
        handleCommand(store, stock, 'sku-1', { type: 'Reserve', qty: 2 }, { ...base, retry: { attempts: 2 } }),
      );
      // The second decision saw 1 left and refused: a retry is a new decision, not a replay of the old events.
      expect(refused).toBeInstanceOf(IllegalState);
      expect(decide.mock.calls.map(([, state]) => state)).toEqual([5, 1]);
    } finally {
      decide.mockRestore();
    }
    store.interloper = () => store.write('sku-1', stocked(10));
    const result = await handleCommand(store, stock, 'sku-1', { type: 'Reserve', qty: 1 }, { ...base, retry: { attempts: 2 } });
    expect(result).toMatchObject({ events: [reserved(1)], streamVersion: 4n, state: 10 });
  });

  it('gives up after the given number of attempts', async () => {
    const store = new MemoryStore();
    await handleCommand(store, stock, 'sku-1', { type: 'Stock', qty: 50 }, base);
    let interruptions = 0;
    const interrupt = (): void => {
      interruptions++;
      store.write('sku-1', reserved(1));
      store.interloper = interrupt;
    };
    store.interloper = interrupt;
    await expect(
      handleCommand(store, stock, 'sku-1', { type: 'Reserve', qty: 1 }, { ...base, retry: { attempts: 3 } }),
    ).rejects.toThrow(ConcurrencyConflict);
    expect(interruptions).toBe(3);
  });

  it('refuses a retry policy that is not a positive whole number of attempts', async () => {
    const store = new MemoryStore();
    for (const attempts of [0, 1.5, Number.NaN])
      await expect(handleCommand(store, stock, 's', { type: 'Stock', qty: 1 }, { ...base, retry: { attempts } })).rejects.toThrow(
        RangeError,
      );
    expect(store.appends).toHaveLength(0);
  });

  it('stores events under injected ids, so repeating the request writes nothing new', async () => {
    const store = new MemoryStore();
    const newId = (_event: StockEvent, index: number) => `req-42-${index}`;
    await handleCommand(store, stock, 'sku-1', { type: 'Stock', qty: 5 }, base);
    const first = await handleCommand(store, stock, 'sku-1', { type: 'Reserve', qty: 2 }, { ...base, newId });
    expect(first.events).toEqual([{ ...reserved(2), id: 'req-42-0' }]);
    expect(store.appends.at(-1)?.events).toEqual([{ id: 'req-42-0', type: 'Reserved', data: { qty: 2 } }]);

    const again = await handleCommand(store, stock, 'sku-1', { type: 'Reserve', qty: 2 }, { ...base, newId });
    expect(again).toMatchObject({ duplicate: true, streamVersion: 2n, state: 3 });
    expect(store.streams.get('sku-1')).toHaveLength(2);
  });
});

describe('commandHandler', () => {
  it('binds store and decider, applying default options unless a call overrides them', async () => {
    const store = new MemoryStore();
    const ids: string[] = [];
    const handle = commandHandler(store, stock, {
      newId: (_e, i) => {
        ids.push(`d-${i}`);
        return `d-${ids.length}`;
      },
    });
    await handle('sku-1', { type: 'Stock', qty: 1 }, base);
    await handle('sku-1', { type: 'Stock', qty: 1 }, { ...base, newId: () => 'call' });
    expect(store.streams.get('sku-1')?.map((e) => e.id)).toEqual(['d-1', 'call']);

    const retrying = commandHandler(store, stock, { retry: { attempts: 2 } });
    store.interloper = () => store.write('sku-1', stocked(1));
    await expect(retrying('sku-1', { type: 'Reserve', qty: 1 }, base)).resolves.toMatchObject({ streamVersion: 4n, state: 2 });
  });
});
