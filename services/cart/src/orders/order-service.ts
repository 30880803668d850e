import { fold, handleCommand, type Actor, type Clock, type CommandResult, type Market, type StreamStore } from '@buyloop/kit';
import type { StockReservations } from '@buyloop/contracts/catalogue/stock-port';
import type { Payments } from '@buyloop/contracts/payments/port';
import { orderDecider, type OrderCommand } from './decider';
import { orderStream, type CancelledBy, type OrderEvent } from './events';
import type { OrderState } from './state';

export interface OrderServiceDeps {
  readonly events: StreamStore;
  readonly market: Market;
  readonly clock: Clock;
  /** Looked up per call: the catalogue and the payments context may open after the cart, or not at all. */
  readonly stock: () => StockReservations;
  readonly payments: () => Payments;
  /** Single-use codes given back when an order is cancelled (absent until the discounts area provides them). */
  readonly releaseCodes?: (input: { codes: readonly string[]; order_number: string; at: string }) => Promise<void>;
}

/**
 * The orders' application service: runs the pure decider, and after a
 * cancellation gives back what the order held. Every step after the event is
 * idempotent (a release of a released reservation, a refund of a refunded
 * order change nothing), so a cancellation said again finishes what a crash
 * left undone.
 */
export class OrderService {
  constructor(private readonly deps: OrderServiceDeps) {}

  async state(number: string): Promise<OrderState> {
    const recorded = await this.deps.events.readStream(orderStream(number));
    return fold(orderDecider, recorded as unknown as readonly OrderEvent[]);
  }

  markPaid(number: string, payment: { payment_id: string; amount: number; at: string }, actor: Actor) {
    return this.run(number, { type: 'MarkPaid', ...payment }, actor);
  }

  markPaymentFailed(number: string, payment: { payment_id: string; at: string }, actor: Actor) {
    return this.run(number, { type: 'MarkPaymentFailed', ...payment }, actor);
  }

  ship(number: string, trackingNumber: string | null, actor: Actor) {
    return this.run(number, { type: 'ShipOrder', tracking_number: trackingNumber, at: this.now() }, actor);
  }

  deliver(number: string, actor: Actor) {
    return this.run(number, { type: 'DeliverOrder', at: this.now() }, actor);
  }

  withdraw(number: string, reason: string | null, actor: Actor) {
    return this.run(number, { type: 'WithdrawOrder', reason, at: this.now() }, actor);
  }

  async cancel(
    number: string,
    by: CancelledBy,
    reason: string | null,
    actor: Actor,
  ): Promise<CommandResult<OrderEvent, OrderState>> {
    const result = await this.run(number, { type: 'CancelOrder', by, reason, at: this.now() }, actor);
    const order = result.state.placed;
    if (result.state.status === 'cancelled' && order) {
      if (order.reservation) await this.deps.stock().release(order.reservation.id, 'order_cancelled', order.reservation.items);
      if (order.discount_codes.length > 0 && this.deps.releaseCodes)
        await this.deps.releaseCodes({ codes: order.discount_codes, order_number: number, at: this.now() });
      // Asked even when nothing was collected yet: a card payment still under way is refunded once it lands.
      if (order.payment.method !== 'cash_on_delivery' || result.state.paid)
        await this.deps.payments().refund(number, reason ?? `cancelled by the ${by}`);
    }
    return result;
  }

  private run(number: string, command: OrderCommand, actor: Actor): Promise<CommandResult<OrderEvent, OrderState>> {
    return handleCommand(this.deps.events, orderDecider, orderStream(number), command, {
      actor,
      market: this.deps.market,
      retry: { attempts: 5 },
    });
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }
}
