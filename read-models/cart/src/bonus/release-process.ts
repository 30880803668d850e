import { orderDecider, orderNumberOfStream, orderStream, type CartBuybackBonuses, type OrderEvent } from '@buyloop/cart';
import { fold, systemActor, type Deliverer, type ProcessManager, type RecordedEvent, type StreamStore } from '@buyloop/kit';
import { BUYBACK_BONUS_CODE_PREFIX } from './checkout';

export interface BonusReleaseWork {
  readonly order_number: string;
  readonly reason: 'order_cancelled' | 'order_withdrawn';
  readonly at: string;
}

export const BONUS_RELEASE_PROCESS = 'cart-buyback-bonus-release';

const REASONS: Readonly<Record<string, BonusReleaseWork['reason']>> = {
  OrderCancelled: 'order_cancelled',
  OrderWithdrawn: 'order_withdrawn',
};

/** The work an order's event asks of the release, or null. */
export function releaseWorkOf(event: RecordedEvent): BonusReleaseWork | null {
  const number = orderNumberOfStream(event.stream);
  const reason = REASONS[event.type];
  if (!number || !reason) return null;
  const at = (event.data as { at?: unknown }).at;
  return { order_number: number, reason, at: typeof at === 'string' ? at : event.recordedAt.toISOString() };
}

/**
 * An order placed with a buy-back bonus that is cancelled or withdrawn never
 * got the bonus (its money goes back whole), so the buy-back may give its
 * bonus again: the claim its cart holds is given back. The work's id is the
 * event's and a release by anyone but the holder changes nothing, so a
 * replay releases once. Until it runs, a cart asking for the bonus finds
 * the claim stale on its own (the order no longer stands).
 */
export const bonusReleaseProcess: ProcessManager<BonusReleaseWork> = {
  name: BONUS_RELEASE_PROCESS,
  handles: Object.keys(REASONS),
  react(event) {
    const work = releaseWorkOf(event);
    return work ? [{ id: event.id, payload: work }] : [];
  },
};

export function bonusReleaseDeliverer(deps: {
  readonly bonuses: CartBuybackBonuses;
  readonly events: StreamStore;
}): Deliverer<BonusReleaseWork> {
  return {
    async deliver({ payload }) {
      const recorded = await deps.events.readStream(orderStream(payload.order_number));
      const order = fold(orderDecider, recorded as unknown as readonly OrderEvent[]);
      const numbers = (order.placed?.discounts ?? [])
        .filter((line) => line.code.startsWith(BUYBACK_BONUS_CODE_PREFIX))
        .map((line) => line.code.slice(BUYBACK_BONUS_CODE_PREFIX.length));
      if (!order.placed || numbers.length === 0)
        return { outcome: 'dropped', reason: `Order ${payload.order_number} holds no buy-back bonus` };
      await deps.bonuses.releaseOrdered(order.placed.cart_id, numbers, payload.reason, payload.at, systemActor);
      return { outcome: 'delivered', reference: numbers.join(',') };
    },
  };
}
