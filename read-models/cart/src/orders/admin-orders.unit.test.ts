import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '@buyloop/contracts/cart/orders';
import { mapLimited, staffActionsOf } from './admin-orders';

const at = (status: OrderStatus, delivered_at: string | null = null) => ({ status, delivered_at });

describe('the staff actions an order’s state allows', () => {
  const now = new Date('2026-03-20T12:00:00Z');

  it('cancels before shipping, ships a confirmed order and delivers a shipped one', () => {
    expect(staffActionsOf(at('awaiting_payment'), now)).toEqual({ cancel: true, ship: false, deliver: false, withdraw: false });
    expect(staffActionsOf(at('paid'), now)).toEqual({ cancel: true, ship: false, deliver: false, withdraw: false });
    expect(staffActionsOf(at('confirmed'), now)).toEqual({ cancel: true, ship: true, deliver: false, withdraw: false });
    expect(staffActionsOf(at('shipped'), now)).toEqual({ cancel: false, ship: false, deliver: true, withdraw: false });
    expect(staffActionsOf(at('cancelled'), now)).toEqual({ cancel: false, ship: false, deliver: false, withdraw: false });
  });

  it('records a withdrawal within 14 days of delivery, not after', () => {
    expect(staffActionsOf(at('delivered', '2026-03-06T12:00:00Z'), now).withdraw).toBe(true);
    expect(staffActionsOf(at('delivered', '2026-03-06T11:59:59Z'), now).withdraw).toBe(false);
    expect(staffActionsOf(at('withdrawn', '2026-03-19T12:00:00Z'), now).withdraw).toBe(false);
  });
});

describe('reading a page’s streams a few at a time', () => {
  it('keeps the order of the rows and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const result = await mapLimited([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running--;
      return n * 10;
    });
    expect(result).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(most).toBe(3);
    expect(await mapLimited([], 3, async () => 1)).toEqual([]);
  });
});
