import { orderNumberOfStream, orderStream, type OrderEvent, type PlacedOrder } from '@buyloop/cart';
import {
  assertNever,
  type Clock,
  type Deliverer,
  type Market,
  type ProcessManager,
  type RecordedEvent,
  type StreamStore,
} from '@buyloop/kit';
import type { ModuleMail } from '@buyloop/projector';
import { renderOrderMail, type OrderMail, type OrderMailKind, type OrderMailOrder } from './mails-render';

/**
 * What the outbox keeps of an event for its e-mail: the event's own few
 * facts, never the customer's details (those stay in the order's stream and
 * are read from it when the e-mail is sent).
 */
export type OrderMailFacts =
  | { readonly kind: 'placed' }
  | { readonly kind: 'paid'; readonly amount: number }
  | { readonly kind: 'shipped'; readonly tracking_number: string | null }
  | { readonly kind: 'cancelled'; readonly reason: string | null; readonly refund: boolean }
  | { readonly kind: 'withdrawn' };

export interface OrderMailWork {
  readonly number: string;
  readonly market: Market;
  readonly facts: OrderMailFacts;
}

export const ORDER_MAILS_PROCESS = 'order-mails';

const MAIL_EVENTS: Readonly<Record<string, OrderMailKind>> = {
  OrderPlaced: 'placed',
  OrderPaid: 'paid',
  OrderShipped: 'shipped',
  OrderCancelled: 'cancelled',
  OrderWithdrawn: 'withdrawn',
};

/** The facts of an order event that asks for an e-mail, or null for one that asks for none. */
export function mailFactsOf(event: Pick<RecordedEvent, 'type' | 'data'>): OrderMailFacts | null {
  const kind = MAIL_EVENTS[event.type];
  if (!kind) return null;
  const order = { type: event.type, data: event.data } as OrderEvent;
  switch (kind) {
    case 'placed':
      return { kind };
    case 'paid':
      return order.type === 'OrderPaid' ? { kind, amount: order.data.amount } : null;
    case 'shipped':
      return order.type === 'OrderShipped' ? { kind, tracking_number: order.data.tracking_number } : null;
    case 'cancelled':
      return order.type === 'OrderCancelled' ? { kind, reason: order.data.reason, refund: order.data.refund } : null;
    case 'withdrawn':
      return { kind };
    default:
      return assertNever(kind, 'order e-mail kind');
  }
}

/**
 * Issue 15's order e-mails (confirmation, payment received, shipped,
 * cancelled, withdrawal received) as a process manager on the shared runner.
 * The work's id is the event's, so an event read twice queues one e-mail;
 * an SMTP failure throws in the deliverer and the runner retries with its
 * back-off. It starts at the log's end: a shop that had orders before it
 * must not e-mail their customers about the past.
 */
export const orderMailsProcess: ProcessManager<OrderMailWork> = {
  name: ORDER_MAILS_PROCESS,
  handles: Object.keys(MAIL_EVENTS),
  firstStart: 'end',
  react(event) {
    const number = orderNumberOfStream(event.stream);
    const facts = number ? mailFactsOf(event) : null;
    return number && facts ? [{ id: event.id, payload: { number, market: event.metadata.market, facts } }] : [];
  },
};

export interface OrderMailDeliveryDeps {
  readonly mailer: Pick<ModuleMail, 'send'>;
  readonly events: Pick<StreamStore, 'readStream'>;
  /** The status page's link (path and token) the finish kept, or null. */
  readonly statusLink: (number: string) => Promise<string | null>;
  /** The storefront's origin the links point to. */
  readonly publicUrl: string;
  readonly clock: Clock;
  /** How long one attempt waits for the finish to keep the link (it does so just after the order is placed). */
  readonly linkWaitMs?: number;
  /**
   * How long after the order was placed a confirmation waits for its link:
   * then it goes without (the finish failed after placing the order, and the
   * customer saw the link in its answer, if at all, never again).
   */
  readonly linkGraceMs?: number;
}

const DEFAULT_LINK_WAIT_MS = 3_000;
const DEFAULT_LINK_GRACE_MS = 10 * 60_000;
const LINK_POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function orderOf(placed: PlacedOrder): OrderMailOrder {
  return {
    number: placed.number,
    currency: placed.currency,
    total: placed.totals.total,
    items: placed.items.map((line) => ({ name: line.name, quantity: line.quantity })),
    delivery_label: placed.delivery.label,
    payment_label: placed.payment.label,
  };
}

/** The e-mail of the facts; a refund names what was paid before the cancellation (the total when no payment was recorded). */
function mailOf(facts: OrderMailFacts, history: readonly RecordedEvent[], placed: PlacedOrder): OrderMail {
  switch (facts.kind) {
    case 'placed':
    case 'withdrawn':
    case 'paid':
    case 'shipped':
      return facts;
    case 'cancelled': {
      if (!facts.refund) return { kind: 'cancelled', reason: facts.reason, refund: null };
      const paid = history
        .filter((event) => event.type === 'OrderPaid')
        .reduce((sum, event) => sum + (event.data as { amount: number }).amount, 0);
      return { kind: 'cancelled', reason: facts.reason, refund: paid > 0 ? paid : placed.totals.total };
    }
    default:
      return assertNever(facts, 'order e-mail facts');
  }
}

/**
 * Sends one queued order e-mail to the address the order was placed with,
 * in the market's language, with the status page's link. A confirmation
 * whose link the finish has not kept yet is retried (the link comes a
 * moment after the order); a mail server that fails throws, and is retried.
 */
export function orderMailDeliverer(deps: OrderMailDeliveryDeps): Deliverer<OrderMailWork> {
  const linkWaitMs = deps.linkWaitMs ?? DEFAULT_LINK_WAIT_MS;
  const linkGraceMs = deps.linkGraceMs ?? DEFAULT_LINK_GRACE_MS;

  const linkOf = async (work: OrderMailWork, placed: PlacedOrder): Promise<string | null> => {
    let link = await deps.statusLink(work.number);
    if (link || work.facts.kind !== 'placed') return link;
    for (let waited = 0; !link && waited < linkWaitMs; waited += LINK_POLL_MS) {
      await sleep(LINK_POLL_MS);
      link = await deps.statusLink(work.number);
    }
    if (!link && deps.clock().getTime() - new Date(placed.placed_at).getTime() < linkGraceMs)
      throw new Error(`The status link of order ${work.number} is not kept yet`);
    return link;
  };

  return {
    async deliver({ payload: work }) {
      const history = await deps.events.readStream(orderStream(work.number));
      const placed = history.find((event) => event.type === 'OrderPlaced')?.data as PlacedOrder | undefined;
      if (!placed) return { outcome: 'dropped', reason: `No order ${work.number}` };
      const link = await linkOf(work, placed);
      const rendered = renderOrderMail(orderOf(placed), mailOf(work.facts, history, placed), {
        market: work.market,
        statusUrl: link ? new URL(link, deps.publicUrl).toString() : null,
      });
      const sent = await deps.mailer.send({ to: placed.customer.email, ...rendered });
      return { outcome: 'delivered', reference: sent.messageId };
    },
  };
}
