import { CheckoutService, ORDER_STREAM_CATEGORY, orderDecider, OrderService, PORT_MISSING } from '@buyloop/cart';
import { STOCK_RESERVATIONS_PORT } from '@buyloop/contracts/catalogue/stock-port';
import { DELIVERY_QUOTES_PORT } from '@buyloop/contracts/delivery/port';
import { PAYMENTS_PORT } from '@buyloop/contracts/payments/port';
import { IdempotencyKeys } from '@buyloop/document-store';
import { SecuredRouter } from '@buyloop/http';
import { liveDocuments, type ModuleContext, type PortKey, type Projection, type StreamFolder } from '@buyloop/projector';
import type { CartPart } from '../part';
import { ordersProjection } from './projection';
import { ADMIN_ORDERS_TAG, orderRoutes, ORDERS_TAG } from './routes';
import { orderPaymentsDeliverer, orderPaymentsProcess } from './payments-process';
import { FinishThrottle } from './throttle';
import { ordersMessages } from './messages';

export interface OrdersHandle {
  readonly checkout: CheckoutService;
  readonly orders: OrderService;
}

/** A port another module provides, or 503 when that module is not running (never a 500). */
const portOf =
  <Port>(context: ModuleContext, key: PortKey<Port> & { readonly name: string }) =>
  (): Port => {
    if (!context.ports.has(key)) throw PORT_MISSING(key.name);
    return context.ports.use(key);
  };

/** The checkout (`finish`) and the orders it places (issue 15). */
export const ordersPart = (): CartPart => ({
  name: 'orders',
  capabilities: ['orders.read', 'orders.manage'],
  projections: [ordersProjection as unknown as Projection],
  streams: { [ORDER_STREAM_CATEGORY]: orderDecider as unknown as StreamFolder },
  messages: ordersMessages,
  async open(context, cart) {
    const { events, market, clock, documents } = context;
    const ports = {
      stock: portOf(context, STOCK_RESERVATIONS_PORT),
      delivery: portOf(context, DELIVERY_QUOTES_PORT),
      payments: portOf(context, PAYMENTS_PORT),
    };
    const orders = new OrderService({ events, market, clock, stock: ports.stock, payments: ports.payments });
    // Discounts: once the discounts area hands its pricing and claims over, they are passed here; until then
    // no discount is priced into an order and no code is claimed (the finish documents it).
    const checkout = new CheckoutService({
      events,
      market,
      clock,
      offers: cart.offers,
      ports,
      keys: new IdempotencyKeys(documents, clock),
      settle: cart.settle,
    });
    const routes = new SecuredRouter({ tag: ORDERS_TAG });
    const admin = new SecuredRouter({ tag: ADMIN_ORDERS_TAG });
    orderRoutes(routes, admin, {
      checkout,
      orders,
      locator: cart.locator,
      documents,
      collection: (name) => context.collection(name),
      settle: cart.settle,
      live: liveDocuments(context, ordersProjection.name),
      throttle: new FinishThrottle(),
      clock,
    });
    return {
      routes: [routes, admin],
      processManagers: [{ manager: orderPaymentsProcess, deliverer: orderPaymentsDeliverer(orders) }],
      handle: { checkout, orders } satisfies OrdersHandle,
    };
  },
});
