import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { CheckoutRefused, type CartLocator, type CheckoutService, type OrderService } from '@buyloop/cart';
import {
  adminOrderQuerySchema,
  cancelOrderSchema,
  checkoutProblemSchema,
  finishRequestSchema,
  finishResultSchema,
  ORDER_ERROR_CODES,
  ORDER_NUMBER_PATTERN,
  ORDER_SORT_FIELDS,
  orderParamsSchema,
  orderStatusSchema,
  orderTokenQuerySchema,
  UNFINISHED_AFTER_MINUTES,
  type FinishResult,
  type OrderStatusView,
} from '@buyloop/contracts/cart/orders';
import type { DocumentStore } from '@buyloop/document-store';
import { parseIdempotencyKey } from '@buyloop/document-store';
import { actorOf, json, languageOf, problem, problemFor, requestIdOf, sendProblem, type SecuredRouter } from '@buyloop/http';
import { NotFound, parseInput, type Clock } from '@buyloop/kit';
import type { LiveDocuments } from '@buyloop/projector';
import { isUnfinished, ORDERS_PROJECTION, type OrderDocument } from './projection';
import {
  customerOf,
  deliveryDetailsOf,
  mapLimited,
  staffActionsOf,
  staffOrderPageSchema,
  staffOrderSchema,
  STREAM_READS_AT_ONCE,
} from './admin-orders';
import { orderDeliveryRoutes } from './admin-deliveries';
import { findOrderPage } from './admin-query';
import type { FinishThrottle } from './throttle';

export interface OrderRouteDeps {
  readonly checkout: CheckoutService;
  readonly orders: OrderService;
  readonly locator: CartLocator;
  readonly documents: Pick<DocumentStore, 'get' | 'find'>;
  readonly collection: (projection: string) => Promise<string>;
  readonly settle: (checkpoint: string | null) => Promise<void>;
  readonly live: LiveDocuments;
  readonly throttle: FinishThrottle;
  readonly clock: Clock;
  /** The confirmation e-mail, sent once an order was placed (not for a repeated request). */
  readonly confirm: (to: string, order: FinishResult) => void;
}

export const ORDERS_TAG = 'Shop: checkout and orders';
export const ADMIN_ORDERS_TAG = 'Back office: orders';

const idempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: 'The same key with the same body answers the same order; with another body 422' }),
});

const notFoundOrder = () => new NotFound(ORDER_ERROR_CODES.orderNotFound, 'There is no such order');

/** A number that cannot be an order's is not found either, like one that is not there: the same 404. */
const numberOf = (req: Request): string => {
  const number = String(req.params.number ?? '');
  if (!ORDER_NUMBER_PATTERN.test(number)) throw notFoundOrder();
  return number;
};

const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Constant time: how much of a guessed token was right must not show in how long the answer took. */
function tokenOpens(token: string, expectedHash: string): boolean {
  const expected = Buffer.from(expectedHash, 'hex');
  const given = sha256(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function statusViewOf(document: OrderDocument): OrderStatusView {
  return {
    number: document.number,
    status: document.status,
    placed_at: document.placed_at,
    items: [...document.items],
    totals: document.totals,
    delivery: document.delivery,
    payment: document.payment,
    packages: (document.packages ?? []).map((parcel) => ({ ...parcel, items: [...parcel.items] })),
    timeline: [...document.timeline],
    cancellable: ['awaiting_payment', 'payment_failed', 'paid', 'confirmed'].includes(document.status),
  };
}

/** Refusals that carry more than a problem's members (the unavailable codes, the new total) keep them in the body. */
function sendRefusal(res: Response, error: CheckoutRefused): void {
  sendProblem(res, { ...problemFor(error, requestIdOf(res), languageOf(res)), ...error.extensions });
}

export function orderRoutes(r: SecuredRouter, admin: SecuredRouter, deps: OrderRouteDeps): void {
  const documentOf = async (number: string): Promise<OrderDocument | null> =>
    deps.documents.get<OrderDocument>(await deps.collection(ORDERS_PROJECTION), number);

  /** Unknown number and wrong token answer the same 404: the answer never tells an order exists. */
  const customersDocument = async (req: Request): Promise<OrderDocument> => {
    const number = numberOf(req);
    const { token } = parseInput(orderTokenQuerySchema, req.query);
    const document = await documentOf(number);
    if (!document || !tokenOpens(token, document.token_hash)) throw notFoundOrder();
    return document;
  };

  r.post(
    '/api/cart/finish',
    'public',
    {
      summary: 'Finish the order (spec 7 finish)',
      description:
        'Every price is checked again against the catalogue now (a change answers 409 `cart.price_changed` with the new `total`, and the cart takes the new prices; an insurance `cart.insurance_price_changed`), delivery and payment are quoted by their contexts, the stock of every item is reserved all or nothing (409 `cart.product_unavailable` with the `unavailable` codes), single-use discount codes are claimed, the cart is emptied and the order placed; then the payment is started (`redirect_url` for card and wallets, `bank_transfer` with the QR code). A refusal leaves no order, reservation or claim behind. At most 10 finishes a minute per client and cart (429). 503 when a context the checkout needs is not running.',
      headers: idempotencyHeader,
      body: finishRequestSchema,
      responses: {
        201: json('The order: its number, the status page’s token and address, and how to pay', finishResultSchema),
        409: {
          description: 'The cart is empty, a price changed, a product is not available, or a code was used',
          body: checkoutProblemSchema,
          mediaType: 'application/problem+json',
        },
        422: problem('The Idempotency-Key was used with another body'),
        429: problem('Too many finishes from this client', { 'Retry-After': 'Seconds to wait' }),
        502: problem(
          'Spec 8: payment gateway error on sending the order (the order stands; the same request with its key tries again)',
        ),
        503: problem('The stock, delivery or payments context is not running'),
      },
    },
    async (req, res) => {
      const request = parseInput(finishRequestSchema, req.body);
      const idempotencyKey = parseIdempotencyKey(req.get('idempotency-key'));
      const cartId = await deps.locator.find(req, res);
      deps.throttle.take(`${req.ip ?? ''}|${cartId ?? ''}`);
      if (!cartId) throw new CheckoutRefused(ORDER_ERROR_CODES.empty, 'The cart is empty', {});
      try {
        const outcome = await deps.checkout.finish(cartId, request, idempotencyKey, actorOf(req, res));
        await deps.settle(outcome.checkpoint);
        if (!outcome.repeated) deps.confirm(request.customer.email, outcome.result);
        res.status(201).set('Cache-Control', 'no-store').json(outcome.result);
      } catch (error) {
        if (!(error instanceof CheckoutRefused)) throw error;
        sendRefusal(res, error);
      }
    },
  );

  r.get(
    '/api/orders/:number',
    'public',
    {
      summary: 'An order’s status for its customer (the link of the confirmation e-mail)',
      description: 'Without the right token the answer is the 404 an unknown number gets.',
      params: orderParamsSchema,
      query: orderTokenQuerySchema,
      responses: { 200: json('The order', orderStatusSchema), 404: problem('No such order, or the token does not open it') },
    },
    async (req, res) => {
      res.set('Cache-Control', 'no-store').json(statusViewOf(await customersDocument(req)));
    },
  );

  r.get(
    '/api/orders/:number/live',
    'public',
    {
      summary: 'Live status of an order for its customer (server-sent events)',
      description:
        'A text/event-stream that stays open: `ready` opens it, `changed` says the order moved on (fetch it again with the same token), `reload` says the stream lost track. Only the order’s number travels on it. Each `id:` is a checkpoint for Last-Event-ID.',
      params: orderParamsSchema,
      query: orderTokenQuerySchema,
      headers: z.object({ 'last-event-id': z.string().max(200).optional() }),
      responses: {
        200: { description: 'The event stream', mediaType: 'text/event-stream' },
        404: problem('No such order, or the token does not open it'),
        429: problem('Too many live streams open from this address, or in all', { 'Retry-After': 'Seconds to wait' }),
      },
    },
    async (req, res) => {
      const document = await customersDocument(req);
      deps.live.serve(req, res, document.number);
    },
  );

  r.post(
    '/api/orders/:number/cancel',
    'public',
    {
      summary: 'The customer cancels their order before it ships',
      description: 'The stock is given back, codes released, and what was paid refunded.',
      params: orderParamsSchema,
      query: orderTokenQuerySchema,
      responses: {
        200: json('The cancelled order', orderStatusSchema),
        404: problem('No such order, or the token does not open it'),
        409: problem('The order was shipped already'),
      },
    },
    async (req, res) => {
      const document = await customersDocument(req);
      const result = await deps.orders.cancel(document.number, 'customer', null, actorOf(req, res));
      await deps.settle(result.checkpoint);
      const after = await documentOf(document.number);
      res.set('Cache-Control', 'no-store').json(statusViewOf(after ?? document));
    },
  );

  // --- back office ------------------------------------------------------------------------

  const adminDocument = async (req: Request): Promise<OrderDocument> => {
    const document = await documentOf(numberOf(req));
    if (!document) throw notFoundOrder();
    return document;
  };

  const adminView = async (document: OrderDocument) => {
    const state = await deps.orders.state(document.number);
    const placed = state.placed;
    const address = (value: object | null) =>
      value ? Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) : null;
    return {
      ...statusViewOf(document),
      unfinished: isUnfinished(document, deps.clock()),
      cancel_reason: document.cancel_reason,
      customer: placed?.customer ?? { email: '', phone: '', first_name: '', last_name: '' },
      billing_address: address(placed?.billing_address ?? null) ?? {},
      delivery_address: address(placed?.delivery_address ?? null),
      note: placed?.order_info.note ?? null,
      internal_order_number: placed?.order_info.internal_order_number ?? null,
      company: customerOf(placed).company,
      actions: staffActionsOf(state, deps.clock()),
      delivery_details: deliveryDetailsOf(state),
    };
  };

  admin.get(
    '/api/admin/orders',
    'orders.read',
    {
      summary: 'The order grid (AG Grid’s infinite row model)',
      description: `startRow/endRow page; sortModel by ${ORDER_SORT_FIELDS.join(', ')}; filterModel on status (set or text) and number (a whole number); \`unfinished=true\` lists spec 9's orders still not paid nor confirmed ${UNFINISHED_AFTER_MINUTES} minutes after they were placed. Each row names its customer (spec 3), read from the order's own stream.`,
      query: adminOrderQuerySchema,
      responses: { 200: json('A page of orders and how many match', staffOrderPageSchema) },
    },
    async (req, res) => {
      const query = parseInput(adminOrderQuerySchema, req.query);
      const now = deps.clock();
      const page = await findOrderPage(deps, query, now);
      // The read model keeps no personal data: the names come from the streams of the rows shown.
      const states = await mapLimited(page.documents, STREAM_READS_AT_ONCE, (document) => deps.orders.state(document.number));
      res.set('Cache-Control', 'no-store').json({
        rows: page.documents.map((document, index) => ({
          number: document.number,
          status: document.status,
          placed_at: document.placed_at,
          total: document.total,
          currency: document.totals.currency,
          delivery_method: document.delivery.method,
          payment_method: document.payment.method,
          payment_status: document.payment.status,
          unfinished: isUnfinished(document, now),
          ...customerOf(states[index]?.placed ?? null),
          delivery_status: document.delivery.status,
          delivery_number: document.delivery.number ?? null,
        })),
        lastRow: page.total,
      });
    },
  );

  orderDeliveryRoutes(admin, deps);

  admin.get(
    '/api/admin/orders/:number',
    'orders.read',
    {
      summary: 'An order with its customer, timeline and actions',
      params: orderParamsSchema,
      responses: { 200: json('The order', staffOrderSchema), 404: problem('No such order') },
    },
    async (req, res) => {
      res.set('Cache-Control', 'no-store').json(await adminView(await adminDocument(req)));
    },
  );

  const staffAction = (
    path: string,
    summary: string,
    body: z.ZodObject,
    act: (number: string, input: Record<string, unknown>, req: Request, res: Response) => Promise<{ checkpoint: string | null }>,
  ) =>
    admin.post(
      path,
      'orders.manage',
      {
        summary,
        params: orderParamsSchema,
        body,
        responses: {
          200: json('The order afterwards', staffOrderSchema),
          404: problem('No such order'),
          409: problem('The order’s state does not allow it'),
        },
      },
      async (req, res) => {
        const input = parseInput(body, req.body ?? {}) as Record<string, unknown>;
        const document = await adminDocument(req);
        const result = await act(document.number, input, req, res);
        await deps.settle(result.checkpoint);
        res.set('Cache-Control', 'no-store').json(await adminView((await documentOf(document.number)) ?? document));
      },
    );

  staffAction(
    '/api/admin/orders/:number/cancel',
    'Cancel an order with a reason (before it ships)',
    cancelOrderSchema,
    (number, input, req, res) => deps.orders.cancel(number, 'staff', input.reason as string, actorOf(req, res)),
  );
  staffAction(
    '/api/admin/orders/:number/ship',
    'Mark an order shipped (until the warehouse does)',
    z.strictObject({ tracking_number: z.string().trim().min(1).max(60).optional() }).meta({ id: 'ShipOrderRequest' }),
    (number, input, req, res) =>
      deps.orders.ship(number, (input.tracking_number as string | undefined) ?? null, actorOf(req, res)),
  );
  staffAction('/api/admin/orders/:number/deliver', 'Mark an order delivered', z.strictObject({}), (number, _input, req, res) =>
    deps.orders.deliver(number, actorOf(req, res)),
  );
  staffAction(
    '/api/admin/orders/:number/withdraw',
    'Record the customer’s contract withdrawal (within 14 days of delivery)',
    z.strictObject({ reason: z.string().trim().max(500).optional() }).meta({ id: 'WithdrawOrderRequest' }),
    (number, input, req, res) => deps.orders.withdraw(number, (input.reason as string | undefined) ?? null, actorOf(req, res)),
  );
}
