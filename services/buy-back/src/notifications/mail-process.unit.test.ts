import { describe, expect, it } from 'vitest';
import { systemActor, type RecordedEvent } from '@buyloop/kit';
import type { BuybackEvent } from '../buyback/events';
import { buybackHistory as h, sealedFor } from '../testing';
import { buybackMailProcess } from './mail-process';

let position = 0n;
function recorded(stream: string, version: number, event: BuybackEvent): RecordedEvent {
  position += 1n;
  return {
    id: `event-${stream}-${version}`,
    type: event.type,
    data: event.data,
    schemaVersion: 1,
    stream,
    streamVersion: BigInt(version),
    globalPosition: position,
    recordedAt: new Date('2026-11-20T10:00:00.000Z'),
    metadata: { correlationId: 'c', causationId: null, actor: systemActor, market: 'cz' },
    checkpoint: position.toString(),
  };
}

/** A stream as the event store would answer it, counting the reads. */
function storeOf(...streams: RecordedEvent[][]) {
  const reads: string[] = [];
  return {
    reads,
    context: {
      async readStream(stream: string) {
        reads.push(stream);
        return streams.flat().filter((event) => event.stream === stream);
      },
    },
  };
}

const react = async (event: RecordedEvent, store = storeOf()) => buybackMailProcess.react(event, store.context);

describe('the buy-back mail process', () => {
  it('asks for one e-mail per mail-worthy event, keyed by the event id, with the recipient still sealed', async () => {
    const offered = recorded('buyback-B-1001', 1, h.offerEmailed);
    expect(await react(offered)).toEqual([
      {
        id: offered.id,
        payload: {
          kind: 'offer_emailed',
          buyout_number: 'B-1001',
          event: h.offerEmailed.data,
          buyback: { buyoutNumber: 'B-1001', deviceLabel: 'iPhone 13 128 GB, Midnight', currency: 'CZK' },
          recipient: { holds: 'contact', sealed: sealedFor('subject-1') },
        },
      },
    ]);
    const sold = recorded('buyback-B-1001', 2, h.submitted('courier'));
    expect(await react(sold)).toMatchObject([
      { id: sold.id, payload: { kind: 'submitted', recipient: { holds: 'seller', sealed: sealedFor('subject-1') } } },
    ]);
  });

  it('finds the device and the recipient of a later e-mail in the events before it', async () => {
    const stream = [
      recorded('buyback-B-1001', 1, h.offerEmailed),
      recorded('buyback-B-1001', 2, h.submitted('courier')),
      recorded('buyback-B-1001', 3, h.received),
      recorded('buyback-B-1001', 4, h.inspected()),
      recorded('buyback-B-1001', 5, h.approved),
      recorded('buyback-B-1001', 6, h.payoutOrdered),
    ];
    const event = recorded('buyback-B-1001', 7, h.paid);
    const store = storeOf(stream, [event]);
    const [work] = await react(event, store);
    expect(work).toMatchObject({
      id: event.id,
      payload: {
        kind: 'paid',
        buyout_number: 'B-1001',
        buyback: { buyoutNumber: 'B-1001', deviceLabel: 'iPhone 13 128 GB, Midnight', currency: 'CZK' },
        // The sale's seller details, not the earlier offer's contact.
        recipient: { holds: 'seller' },
      },
    });
    expect(store.reads).toEqual(['buyback-B-1001']);
  });

  it('queues an e-mail with no recipient when the stream never had an offer or a sale, so the runner drops it visibly', async () => {
    const event = recorded('buyback-B-2001', 1, h.revised);
    const [work] = await react(event, storeOf([]));
    expect(work).toMatchObject({
      id: event.id,
      payload: { kind: 'offer_revised', buyout_number: 'B-2001', buyback: null, recipient: null },
    });
  });

  it("asks nothing of other events, nor of another context's event of the same name", async () => {
    expect(await react(recorded('buyback-B-1001', 3, h.received))).toEqual([]);
    const orderPaid = recorded('order-1001', 1, {
      type: 'Paid',
      data: { amount: 100, currency: 'CZK', paymentReference: 'ORDER', at: '2026-11-20T10:00:00.000Z' },
    });
    expect(await react(orderPaid)).toEqual([]);
    expect(buybackMailProcess.handles).toEqual(['OfferEmailed', 'Submitted', 'OfferRevised', 'Paid']);
  });
});
