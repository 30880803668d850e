import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '@buyloop/cart';
import type { Payments } from '@buyloop/contracts/payments/port';
import type { OutboxEntry, RecordedEvent } from '@buyloop/kit';
import { latePaymentRefundsDeliverer, orderRefundsProcess, type RefundWork } from './refunds-process';

const NUMBER = '6123456789';
const AT = '2026-11-24T10:00:00.000Z';

const recorded = (stream: string, type: string, data: unknown): RecordedEvent =>
  ({ id: `${stream}-${type}`, stream, type, data, recordedAt: new Date(AT) }) as unknown as RecordedEvent;

const placed = {
  type: 'OrderPlaced',
  data: { number: NUMBER, payment: { method: 'card', label: 'Card', fee: 0 }, totals: { total: 100 }, placed_at: AT },
} as unknown as OrderEvent;
const cancelled: OrderEvent = {
  type: 'OrderCancelled',
  data: { number: NUMBER, by: 'customer', reason: null, refund: false, at: AT },
};

const entry = (payload: RefundWork): OutboxEntry<RefundWork> => ({ payload }) as OutboxEntry<RefundWork>;
const work: RefundWork = { order_number: NUMBER, payment_id: 'p1', amount: 100, at: AT };

function deliverer(history: readonly OrderEvent[]) {
  const refunds: string[] = [];
  const payments = { refund: async (number: string) => void refunds.push(number) } as unknown as Payments;
  const events = {
    readStream: async (stream: string) =>
      stream === `order-${NUMBER}` ? history.map((event) => recorded(stream, event.type, event.data)) : [],
  };
  return { refunds, deliverer: latePaymentRefundsDeliverer({ events, payments: () => payments }) };
}

describe('the order refunds process', () => {
  it('takes a payment ledger’s PaymentRefunded as work under the event’s id, and nothing from other streams', () => {
    const event = recorded(`payment-${NUMBER}`, 'PaymentRefunded', {
      order_number: NUMBER,
      payment_id: 'p1',
      amount: 100,
      at: AT,
    });
    expect(orderRefundsProcess.react(event, { readStream: async () => [] })).toEqual([{ id: event.id, payload: work }]);
    expect(
      orderRefundsProcess.react(recorded('other-1', 'PaymentRefunded', { order_number: NUMBER }), { readStream: async () => [] }),
    ).toEqual([]);
  });

  it('gives back a payment that landed after its order was cancelled', async () => {
    const late = deliverer([placed, cancelled]);
    expect(await late.deliverer.deliver(entry(work))).toEqual({ outcome: 'delivered', reference: null });
    expect(late.refunds).toEqual([NUMBER]);
  });

  it('leaves the payment of an order still standing alone, and drops one of no order', async () => {
    const standing = deliverer([placed]);
    await standing.deliverer.deliver(entry(work));
    expect(standing.refunds).toEqual([]);
    const none = deliverer([]);
    expect(await none.deliverer.deliver(entry(work))).toMatchObject({ outcome: 'dropped' });
    expect(none.refunds).toEqual([]);
  });
});
