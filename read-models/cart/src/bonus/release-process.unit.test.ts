import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@buyloop/kit';
import { bonusReleaseProcess, releaseWorkOf } from './release-process';

const recorded = (stream: string, type: string, data: Record<string, unknown>): RecordedEvent =>
  ({
    id: `${stream}-${type}`,
    stream,
    type,
    data,
    streamVersion: 3n,
    position: 10n,
    recordedAt: new Date('2026-11-25T10:00:00.000Z'),
    metadata: { actor: { userId: 'c', role: 'customer' } },
  }) as unknown as RecordedEvent;

const AT = '2026-11-25T09:59:00.000Z';

describe('the buy-back bonus release process manager', () => {
  it('asks for the bonus claims of an order that is cancelled or withdrawn to be given back', () => {
    const cancelled = recorded('order-6123456789', 'OrderCancelled', { number: '6123456789', by: 'customer', at: AT });
    expect(bonusReleaseProcess.react(cancelled, {} as never)).toEqual([
      { id: cancelled.id, payload: { order_number: '6123456789', reason: 'order_cancelled', at: AT } },
    ]);
    expect(releaseWorkOf(recorded('order-6123456789', 'OrderWithdrawn', { at: AT }))).toEqual({
      order_number: '6123456789',
      reason: 'order_withdrawn',
      at: AT,
    });
  });

  it('ignores other order events and other streams', () => {
    expect(releaseWorkOf(recorded('order-6123456789', 'OrderPaid', { at: AT }))).toBeNull();
    expect(releaseWorkOf(recorded('buyback-261124000001', 'OrderCancelled', { at: AT }))).toBeNull();
  });
});
