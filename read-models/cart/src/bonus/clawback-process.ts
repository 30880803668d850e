import { z } from 'zod';
import { bonusWorth, orderDecider, orderStream, type BonusClawbackReason, type CartBuybackBonuses } from '@buyloop/cart';
import { ORDER_ERROR_CODES } from '@buyloop/contracts/cart/orders';
import {
  handleCommand,
  IllegalState,
  systemActor,
  type Deliverer,
  type Market,
  type ProcessManager,
  type RecordedEvent,
  type StreamStore,
} from '@buyloop/kit';

export interface BonusClawbackWork {
  readonly buyback_number: string;
  /** The buy-back's new price; null when it fell through. */
  readonly price: number | null;
  readonly reason: BonusClawbackReason;
  readonly at: string;
}

export const BONUS_CLAWBACK_PROCESS = 'cart-buyback-bonus-clawback';

// The buy-back's streams, `buyback-<twelve digits>`; its catalogue shares the prefix (`buyback-catalogue-cz`).
const BUYBACK_STREAM = /^buyback-(\d{12})$/;

/** The buy-back's events that lower what a bonus stands on, and the fields of theirs read here (the buy-back's own words). */
const PRICE_EVENTS: Readonly<Record<string, BonusClawbackReason>> = { OfferRevised: 'offer_revised', Repriced: 'repriced' };
const FALLEN_THROUGH: Readonly<Record<string, BonusClawbackReason>> = {
  Cancelled: 'cancelled',
  RevisedOfferRejected: 'revised_offer_rejected',
  RevisedOfferExpired: 'revised_offer_expired',
  DeviceReturned: 'returned',
};
const priceSchema = z.object({ price: z.number(), at: z.string() });
const atSchema = z.object({ at: z.string() });

/** The work a buy-back event asks of the claw-back, or null for an event that lowers no bonus. */
export function clawbackWorkOf(event: RecordedEvent): BonusClawbackWork | null {
  const number = BUYBACK_STREAM.exec(event.stream)?.[1];
  if (!number) return null;
  const priced = PRICE_EVENTS[event.type];
  if (priced) {
    const data = priceSchema.safeParse(event.data);
    return data.success ? { buyback_number: number, price: data.data.price, reason: priced, at: data.data.at } : null;
  }
  const fallen = FALLEN_THROUGH[event.type];
  if (!fallen) return null;
  const data = atSchema.safeParse(event.data);
  return {
    buyback_number: number,
    price: null,
    reason: fallen,
    at: data.success ? data.data.at : event.recordedAt.toISOString(),
  };
}

/**
 * The ★ of issue 15: a buy-back bonus is clawed back when its buy-back's
 * offer is revised (or repriced) below the bonus's basis, or the buy-back
 * falls through (cancelled, its revised offer rejected or expired, the
 * device returned). A process manager on the shared runner between the
 * buy-back and the cart context: it reads the buy-back's events by type
 * from its `buyback-` streams (parsing the few fields it needs), never
 * importing it. The work's id is the event's; the cart's and the order's
 * deciders work the bonus out from the price each time, so the same news
 * twice claws back once, and a projection rebuild never runs it again.
 */
export const bonusClawbackProcess: ProcessManager<BonusClawbackWork> = {
  name: BONUS_CLAWBACK_PROCESS,
  handles: [...Object.keys(PRICE_EVENTS), ...Object.keys(FALLEN_THROUGH)],
  react(event) {
    const work = clawbackWorkOf(event);
    return work ? [{ id: event.id, payload: work }] : [];
  },
};

/**
 * Finds where the bonus is now: still on a cart (reduced or taken off
 * there) or in the order the cart was checked out to (an
 * `OrderBonusClawedBack` adjustment: the amount to pay is raised while the
 * order is unpaid, a payment request once paid). A buy-back that gave no
 * bonus is dropped.
 */
export function bonusClawbackDeliverer(deps: {
  readonly bonuses: CartBuybackBonuses;
  readonly events: StreamStore;
  readonly market: Market;
}): Deliverer<BonusClawbackWork> {
  return {
    async deliver({ payload }) {
      const place = await deps.bonuses.placeOf(payload.buyback_number);
      if (!place) return { outcome: 'dropped', reason: `Buy-back ${payload.buyback_number} gives no bonus` };
      if (place.kind === 'cart') {
        const result = await deps.bonuses.clawBack(place.cart_id, payload.buyback_number, payload.price, payload.at, systemActor);
        return { outcome: 'delivered', reference: result.checkpoint };
      }
      try {
        const result = await handleCommand(
          deps.events,
          orderDecider,
          orderStream(place.order_number),
          {
            type: 'ClawBackBonus',
            buyback_number: payload.buyback_number,
            bonus: place.bonus.amount,
            remaining: bonusWorth(place.bonus, payload.price),
            reason: payload.reason,
            at: payload.at,
          },
          { actor: systemActor, market: deps.market, retry: { attempts: 3 } },
        );
        return { outcome: 'delivered', reference: result.checkpoint };
      } catch (error) {
        // The cart was closed for an order that was never placed (a failure between the two appends): nothing to adjust.
        if (error instanceof IllegalState && error.code === ORDER_ERROR_CODES.notPlaced)
          return { outcome: 'dropped', reason: `No order ${place.order_number}` };
        throw error;
      }
    },
  };
}
