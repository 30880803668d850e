import { z } from 'zod';
import { orderNumberOfStream } from '@buyloop/cart';
import { ORDER_NUMBER_PATTERN, ORDER_STATUSES, orderParamsSchema, orderStatusSchema } from '@buyloop/contracts/cart/orders';
import type { DocumentStore } from '@buyloop/document-store';
import { json, ownSession, problem, type SecuredRouter } from '@buyloop/http';
import { NotFound, type Actor, type Market } from '@buyloop/kit';
import type { Projection } from '@buyloop/projector';
import { ORDERS_PROJECTION, type OrderDocument } from './projection';
import { statusViewOf } from './routes';

/*
 * "My orders" (issue 15 deliver 5): a signed-in customer's orders, without
 * the token the e-mail carries. Whose an order is: the account that was
 * signed in when it was placed (the OrderPlaced event's actor). Never the
 * e-mail address typed into the checkout: anyone can type anyone's address,
 * so matching by it would show a stranger's orders to whoever holds the
 * account of that address. Orders placed as a visitor stay reachable by the
 * e-mail's link only.
 */

export interface AccountOrderDocument extends Record<string, unknown> {
  readonly number: string;
  readonly customer_id: string;
  readonly placed_at: string;
}

export const ACCOUNT_ORDERS_PROJECTION = 'cart_account_orders';
export const ACCOUNT_ORDERS_TAG = 'Shop: my orders';
/** The newest this many are listed; a customer with more is pointed at the e-mails for the rest. */
export const ACCOUNT_ORDERS_LIMIT = 100;

/** The storefront's "my orders" page per market; an order's own page is `<path>/<number>`. */
export const MY_ORDERS_PATH: Readonly<Record<Market, string>> = { cz: '/moje-objednavky', ro: '/comenzile-mele' };

/** A person signed in, not a visitor (`visitor:<address>`) nor the system. */
export const isAccountActor = (actor: Actor): boolean =>
  actor.role !== 'visitor' && actor.role !== 'system' && !actor.userId.startsWith('visitor:');

export const accountOrdersProjection: Projection<AccountOrderDocument> = {
  name: ACCOUNT_ORDERS_PROJECTION,
  version: 1,
  handles: ['OrderPlaced'],
  collection: {
    fields: {
      customer_id: { path: 'customer_id', type: 'string' },
      placed_at: { path: 'placed_at', type: 'date' },
    },
    indexes: [['customer_id', 'placed_at']],
  },
  key: (event) => orderNumberOfStream(event.stream),
  evolve(document, event) {
    if (document || !isAccountActor(event.metadata.actor)) return document;
    const placed = event.data as { readonly number: string; readonly placed_at: string };
    return { number: placed.number, customer_id: event.metadata.actor.userId, placed_at: placed.placed_at };
  },
};

const accountOrderSchema = z
  .strictObject({
    number: z.string(),
    placed_at: z.string(),
    status: z.enum(ORDER_STATUSES),
    total: z.number().int(),
    currency: z.enum(['CZK', 'RON']),
    items: z.number().int().meta({ description: 'How many pieces the order holds' }),
    path: z.string().meta({ description: 'The storefront’s page of the order for its owner (no token)' }),
  })
  .meta({ id: 'AccountOrder' });

export const accountOrderPageSchema = z
  .strictObject({
    items: z.array(accountOrderSchema),
    total: z
      .number()
      .int()
      .meta({ description: `All the account’s orders; the newest ${ACCOUNT_ORDERS_LIMIT} are listed` }),
  })
  .meta({ id: 'AccountOrderPage' });

export interface AccountOrderRouteDeps {
  readonly documents: Pick<DocumentStore, 'get' | 'getMany' | 'find'>;
  readonly collection: (projection: string) => Promise<string>;
  readonly market: Market;
}

const notFoundOrder = () => new NotFound('order.not_found', 'There is no such order');

export function accountOrderRoutes(r: SecuredRouter, deps: AccountOrderRouteDeps): void {
  r.get(
    '/api/account/orders',
    'orders.own',
    {
      summary: 'The signed-in customer’s orders, newest first',
      description: `Orders placed while signed in to this account (an order placed as a visitor is reached by its e-mail’s link); the newest ${ACCOUNT_ORDERS_LIMIT}.`,
      responses: { 200: json('The account’s orders', accountOrderPageSchema) },
    },
    async (_req, res) => {
      const customer = ownSession(res).userId;
      const owned = await deps.documents.find<AccountOrderDocument>(await deps.collection(ACCOUNT_ORDERS_PROJECTION), {
        filters: [{ field: 'customer_id', op: 'equals', value: customer }],
        sort: [{ field: 'placed_at', direction: 'desc' }],
        limit: ACCOUNT_ORDERS_LIMIT,
      });
      const orders = await deps.documents.getMany<OrderDocument>(
        await deps.collection(ORDERS_PROJECTION),
        owned.items.map((item) => item.id),
      );
      const items = owned.items.flatMap(({ id }) => {
        // Placed a moment ago and not yet in the orders' read model: listed on the next look.
        const order = orders.get(id);
        if (!order) return [];
        return [
          {
            number: order.number,
            placed_at: order.placed_at,
            status: order.status,
            total: order.total,
            currency: order.totals.currency,
            items: order.items.reduce((sum, line) => sum + line.quantity, 0),
            path: `${MY_ORDERS_PATH[deps.market]}/${order.number}`,
          },
        ];
      });
      // The person's own list: never in a shared cache.
      res.set('Cache-Control', 'no-store').json({ items, total: owned.total });
    },
  );

  r.get(
    '/api/account/orders/:number',
    'orders.own',
    {
      summary: 'One of the signed-in customer’s orders, without its token',
      description: 'Another account’s order, one placed as a visitor, and an unknown number all answer the same 404.',
      params: orderParamsSchema,
      responses: { 200: json('The order', orderStatusSchema), 404: problem('No such order of this account') },
    },
    async (req, res) => {
      // A number that cannot be an order's is not found either: the same 404 as another account's.
      const number = String(req.params.number ?? '');
      if (!ORDER_NUMBER_PATTERN.test(number)) throw notFoundOrder();
      const customer = ownSession(res).userId;
      const owned = await deps.documents.get<AccountOrderDocument>(await deps.collection(ACCOUNT_ORDERS_PROJECTION), number);
      if (!owned || owned.customer_id !== customer) throw notFoundOrder();
      const order = await deps.documents.get<OrderDocument>(await deps.collection(ORDERS_PROJECTION), number);
      if (!order) throw notFoundOrder();
      res.set('Cache-Control', 'no-store').json(statusViewOf(order));
    },
  );
}
