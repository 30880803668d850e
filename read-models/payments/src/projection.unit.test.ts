import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@buyloop/kit';
import { paymentsProjection, type PaymentDocument } from './projection';

const ORDER = '6000000123';
const base = {
  order_number: ORDER,
  payment_id: 'pay_6000000123_0123456789abcdef',
  method: 'card',
  amount: 12_990,
  currency: 'CZK',
};
let position = 0n;

const recorded = (stream: string, type: string, data: unknown): RecordedEvent =>
  ({
    id: `e${++position}`,
    type,
    data,
    schemaVersion: 1,
    stream,
    streamVersion: position,
    globalPosition: position,
    recordedAt: new Date(Date.UTC(2026, 10, 24, 10, 0, Number(position))),
    metadata: { correlationId: 'c', causationId: null, actor: { userId: 'system', role: 'system' }, market: 'cz' },
    checkpoint: String(position),
  }) as RecordedEvent;

const fold = (events: readonly RecordedEvent[]): PaymentDocument | null =>
  events.reduce<PaymentDocument | null>((document, event) => {
    expect(paymentsProjection.key(event)).toBe(ORDER);
    return paymentsProjection.evolve(document, event);
  }, null);

const notice = (id: string) =>
  recorded(`paymentnotice-${id}`, 'PaymentNotificationReceived', {
    provider: 'sandbox',
    notification_id: id,
    order_number: ORDER,
    payment_id: base.payment_id,
    status: 'paid',
    body: '{}',
    received_at: '2026-11-24T10:01:00.000Z',
  });

describe('the payments projection', () => {
  it('shows the ledger as its decider folds it, the notifications counted and the late failures, never the return URL', () => {
    const document = fold([
      recorded(`payment-${ORDER}`, 'PaymentStarted', {
        ...base,
        return_url: 'https://x/objednavka?token=secret',
        at: '2026-11-24T10:00:00.000Z',
      }),
      notice('n1'),
      recorded(`payment-${ORDER}`, 'PaymentSucceeded', { ...base, at: '2026-11-24T10:01:00.000Z', notification_id: 'n1' }),
      notice('n2'),
      recorded(`payment-${ORDER}`, 'PaymentLateFailureRecorded', {
        notification_id: 'n2',
        reported: 'failed',
        at: '2026-11-24T10:02:00.000Z',
      }),
    ]);
    expect(document).toMatchObject({
      order_number: ORDER,
      status: 'paid',
      paid_at: '2026-11-24T10:01:00.000Z',
      notifications: 2,
      late_failures: [{ notification_id: 'n2', at: '2026-11-24T10:02:00.000Z' }],
    });
    expect(JSON.stringify(document)).not.toContain('secret');
  });

  it('leaves out a notification about an order whose payment never started', () => {
    expect(fold([notice('n9')])).toBeNull();
  });
});
