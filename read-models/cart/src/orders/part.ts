import {
  CheckoutRefused,
  CheckoutService,
  DiscountClaims,
  ORDER_STREAM_CATEGORY,
  orderDecider,
  OrderService,
  PORT_MISSING,
  type CheckoutDiscountPricing,
} from '@buyloop/cart';
import { DISCOUNT_ERROR_CODES } from '@buyloop/contracts/cart/discounts';
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
import {
  latePaymentRefundsDeliverer,
  latePaymentRefundsProcess,
  orderRefundsDeliverer,
  orderRefundsProcess,
} from './refunds-process';
import { orderPackagesDeliverer, orderPackagesProcess } from './packages-process';
import { FinishThrottle } from './throttle';
import { OrderStatusLinks } from './confirmation-mail';
import { ACCOUNT_ORDERS_TAG, accountOrderRoutes, accountOrdersProjection } from './account-routes';
import { orderMailDeliverer, orderMailsProcess } from './mails-process';
import { ordersMessages } from './messages';
import { discountLookup, type DiscountLookupDeps } from '../discounts/lookup';
import { cartDiscounts } from '../discounts/cart-pricing';
import { withBuybackBonuses } from '../bonus/checkout';

/**
 * The discounts area's pricing at finish, the same `cartDiscounts` the cart's
 * summary shows, so the order and the summary agree. A code that stopped
 * being valid since it was applied refuses the finish ('invalid discount in
 * the cart (remove it)'); every code the cart holds is claimed (the claims
 * take single-use codes only).
 */
function finishDiscounts(deps: DiscountLookupDeps): CheckoutDiscountPricing {
  const lookup = discountLookup(deps);
  return {
    async price(state, at) {
      const held = state.discount_codes ?? [];
      const priced = await cartDiscounts(
        { cart_id: '', items: state.items, handed_over_to: state.handed_over_to, count: 0, updated_at: at, discount_codes: held },
        lookup,
        at,
      );
      if (!priced) return { lines: [], codes: [] };
      const invalid = priced.discounts.find((discount) => discount.status === 'invalid');
      if (invalid)
        throw new CheckoutRefused(DISCOUNT_ERROR_CODES.invalidInCart, 'Invalid discount in the cart (remove it)', {
          discount_code: invalid.code,
        });
      return {
        lines: priced.discounts
          .filter((discount) => discount.status === 'applied' && discount.amount > 0)
          .map(({ code, title, amount }) => ({ code, title, amount })),
        codes: held.map((code) => code.code),
      };
    },
  };
}

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
  capabilities: ['orders.read', 'orders.manage', 'orders.own'],
  projections: [ordersProjection as unknown as Projection, accountOrdersProjection as unknown as Projection],
  streams: { [ORDER_STREAM_CATEGORY]: orderDecider as unknown as StreamFolder },
  messages: ordersMessages,
  async open(context, cart) {
    const { events, market, clock, documents } = context;
    const ports = {
      stock: portOf(context, STOCK_RESERVATIONS_PORT),
      delivery: portOf(context, DELIVERY_QUOTES_PORT),
      payments: portOf(context, PAYMENTS_PORT),
    };
    const claims = new DiscountClaims({ events, market });
    const orders = new OrderService({
      events,
      market,
      clock,
      stock: ports.stock,
      payments: ports.payments,
      releaseCodes: (input) => claims.release(input),
    });
    const collection = (name: string) => context.collection(name);
    const checkout = new CheckoutService({
      events,
      market,
      clock,
      offers: cart.offers,
      ports,
      keys: new IdempotencyKeys(documents, clock),
      settle: cart.settle,
      discounts: { pricing: withBuybackBonuses(finishDiscounts({ documents, collection })), claims },
    });
    const links = new OrderStatusLinks(documents, clock);
    const account = new SecuredRouter({ tag: ACCOUNT_ORDERS_TAG });
    accountOrderRoutes(account, { documents, collection, market });
    const routes = new SecuredRouter({ tag: ORDERS_TAG });
    const admin = new SecuredRouter({ tag: ADMIN_ORDERS_TAG });
    orderRoutes(routes, admin, {
      checkout,
      orders,
      locator: cart.locator,
      documents,
      collection,
      settle: cart.settle,
      live: liveDocuments(context, ordersProjection.name),
      throttle: new FinishThrottle(),
      clock,
      // The confirmation itself is the e-mails' process manager's (retried there): the finish only hands it the link.
      confirm: (_to, order) =>
        void links.keep(order.order_number, order.status_url).catch((error: unknown) =>
          context.logger.error('The order status link could not be kept for its e-mails', {
            error,
            order: order.order_number,
          }),
        ),
    });
    return {
      routes: [routes, admin, account],
      processManagers: [
        { manager: orderPaymentsProcess, deliverer: orderPaymentsDeliverer(orders) },
        { manager: orderRefundsProcess, deliverer: orderRefundsDeliverer({ events, market }) },
        { manager: latePaymentRefundsProcess, deliverer: latePaymentRefundsDeliverer({ events, payments: ports.payments }) },
        { manager: orderPackagesProcess, deliverer: orderPackagesDeliverer({ events, market, documents, collection }) },
        {
          manager: orderMailsProcess,
          deliverer: orderMailDeliverer({
            mailer: context.mail,
            events,
            statusLink: (number) => links.of(number),
            publicUrl: context.publicUrl,
            clock,
          }),
        },
      ],
      handle: { checkout, orders } satisfies OrdersHandle,
    };
  },
});
