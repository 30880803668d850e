import { describe, expect, it } from 'vitest';
import type { OrderEvent, PlacedOrder } from '@buyloop/cart';
import type { DocumentStore } from '@buyloop/document-store';
import type { NewEvent, OutboxEntry, RecordedEvent, StreamStore } from '@buyloop/kit';
import { orderPackagesDeliverer, orderPackagesProcess, type PackingWork } from './packages-process';

const NUMBER = '6123456789';
const AT = '2026-11-24T10:00:00.000Z';
const STREAM = `order-${NUMBER}`;

const line = (item_id: string, product: string, quantity = 1) => ({
  item_id,
  parent_item_id: null,
  product,
  name: product,
  kind: 'device',
  quantity,
  unit_price: 100,
  vat_rate: 21,
  installment: null,
  warranty_months: null,
  warranty_bonus_months: null,
});

const placed = {
  type: 'OrderPlaced',
  data: {
    number: NUMBER,
    items: [line('i1', 'PHONE'), line('i2', 'LICENCE')],
    delivery: { method: 'courier', label: 'Courier', fee: 0 },
    payment: { method: 'cash_on_delivery', label: 'COD', fee: 0 },
    totals: { total: 200 },
    reservation: { id: NUMBER, expires_at: AT, items: [{ code: 'PHONE', location: 'WH', quantity: 1 }] },
    placed_at: AT,
  } as unknown as PlacedOrder,
} satisfies OrderEvent;
const confirmed = { type: 'OrderConfirmed', data: { number: NUMBER, at: AT } } satisfies OrderEvent;

/** The order's stream in memory: enough of a store for one command. */
function memoryStore(history: readonly OrderEvent[]) {
  const stream: RecordedEvent[] = [];
  const record = (event: NewEvent) =>
    stream.push({
      id: `e${stream.length}`,
      type: event.type,
      data: event.data,
      schemaVersion: 1,
      stream: STREAM,
      streamVersion: BigInt(stream.length + 1),
      globalPosition: BigInt(stream.length + 1),
      recordedAt: new Date(AT),
      metadata: {},
      checkpoint: `c${stream.length + 1}`,
    } as unknown as RecordedEvent);
  history.forEach(record);
  const store: StreamStore = {
    readStream: async (name) => (name === STREAM ? [...stream] : []),
    append: async (_name, events) => {
      events.forEach(record);
      const last = stream.at(-1)!;
      return {
        streamVersion: last.streamVersion,
        globalPosition: last.globalPosition,
        checkpoint: last.checkpoint,
        duplicate: false,
      };
    },
  };
  return { store, stream };
}

const catalogue = (documents: Record<string, unknown>) =>
  ({
    getMany: async (_collection: string, ids: readonly string[]) =>
      new Map(ids.filter((id) => id in documents).map((id) => [id, documents[id]])),
  }) as unknown as Pick<DocumentStore, 'getMany'>;
const entry: OutboxEntry<PackingWork> = { payload: { order_number: NUMBER, at: AT } } as OutboxEntry<PackingWork>;

describe('the order packages process', () => {
  it('takes an order stream’s OrderConfirmed as work, and nothing from other streams', () => {
    const event = {
      id: 'x',
      stream: STREAM,
      type: 'OrderConfirmed',
      data: { at: AT },
      recordedAt: new Date(AT),
    } as unknown as RecordedEvent;
    expect(orderPackagesProcess.react(event, { readStream: async () => [] })).toEqual([{ id: 'x', payload: entry.payload }]);
    expect(orderPackagesProcess.react({ ...event, stream: 'payment-1' }, { readStream: async () => [] })).toEqual([]);
  });

  it('splits the confirmed order with the catalogue’s flags, once', async () => {
    const { store, stream } = memoryStore([placed, confirmed]);
    const deliverer = orderPackagesDeliverer({
      events: store,
      market: 'cz',
      documents: catalogue({
        PHONE: { product: { electronic_licence: false, external_stock: false } },
        LICENCE: { product: { electronic_licence: true, external_stock: false } },
      }),
      collection: async (name) => name,
    });
    expect(await deliverer.deliver(entry)).toMatchObject({ outcome: 'delivered' });
    await deliverer.deliver(entry);
    const splits = stream.filter((event) => event.type === 'OrderSplitIntoPackages');
    expect(splits).toHaveLength(1);
    expect((splits[0]!.data as { packages: { location: string; delivery_method: string }[] }).packages).toMatchObject([
      { location: 'WH', delivery_method: 'courier' },
      { location: 'electronic', delivery_method: 'email' },
    ]);
  });

  it('packs as ordinary stock when the catalogue is not running, and drops an order that does not exist', async () => {
    const { store, stream } = memoryStore([placed, confirmed]);
    const missing = async (): Promise<string> => {
      throw new Error('no catalogue in this process');
    };
    const deliverer = orderPackagesDeliverer({ events: store, market: 'cz', documents: catalogue({}), collection: missing });
    await deliverer.deliver(entry);
    const split = stream.find((event) => event.type === 'OrderSplitIntoPackages')!;
    expect((split.data as { packages: { location: string }[] }).packages.map((p) => p.location)).toEqual(['WH', 'external']);
    const none = orderPackagesDeliverer({
      events: memoryStore([]).store,
      market: 'cz',
      documents: catalogue({}),
      collection: missing,
    });
    expect(await none.deliver(entry)).toMatchObject({ outcome: 'dropped' });
  });
});
