/** Set-up shared by the back-office order tests (API and Chromium): products in stock and orders placed over the API. */
import { expect } from 'vitest';
import { systemActor } from '@buyloop/kit';
import { DELIVERY_QUOTES_PORT, type DeliveryQuotes } from '@buyloop/contracts/delivery/port';
import { PAYMENTS_PORT, type Payments } from '@buyloop/contracts/payments/port';
import type { Module } from '@buyloop/projector';
import { Browser, type Shop } from '../identity/harness';
import { catalogueHandles, catalogueProduct } from '../catalogue/pricing-stock-testing';

const SHOP_PRODUCTS = 'catalogue_shop_products';
const WAREHOUSE = 'cz-central';

/**
 * The delivery context's quote as a stand-in (its own module is tested in its
 * package): a pickup point for 79. Payments are stood in for only when the
 * payments context is not running; cash on delivery confirms the order at once.
 */
export const orderStandIns: Module = {
  name: 'admin-orders-stand-ins',
  capabilities: [],
  projections: [],
  streams: {},
  async open(context) {
    const delivery: DeliveryQuotes = {
      async quote(request) {
        return {
          ok: true,
          method: 'pickup_point',
          fee: 79,
          currency: 'CZK',
          label: 'Výdejní místo Praha 4',
          place_id: request.place_id ?? 'P1',
        };
      },
    };
    const payments: Payments = {
      async quote(request) {
        const method = request.method as 'bank_transfer' | 'cash_on_delivery';
        return { ok: true, method, fee: method === 'cash_on_delivery' ? 39 : 0, label: method };
      },
      async start(request) {
        return { payment_id: `pay-${request.order_number}` };
      },
      async refund() {},
    };
    context.ports.provide(DELIVERY_QUOTES_PORT, delivery);
    if (!context.ports.has(PAYMENTS_PORT)) context.ports.provide(PAYMENTS_PORT, payments);
    return { routes: [], handle: null };
  },
};

/** A device the shop sells at `price` with `stock` pieces in the central warehouse. */
export async function stockedProduct(shop: Shop, code: string, price: number, stock: number): Promise<void> {
  await catalogueHandles(shop).stock.defineDemoLocations();
  await catalogueProduct(shop, code);
  const past = new Date(shop.time.clock().getTime() - 3_600_000).toISOString();
  await shop.events.append(
    `price-${code}-cz`,
    [{ type: 'PriceSet', data: { code, market: 'cz', currency: 'CZK', price, validFrom: past, at: past } }],
    { actor: systemActor, market: 'cz' },
  );
  const stocked = await shop.events.append(
    `stock-${code}-${WAREHOUSE}`,
    [
      {
        type: 'StockReceived',
        data: {
          code,
          location: WAREHOUSE,
          receiptId: null,
          quantity: stock,
          reference: null,
          at: shop.time.clock().toISOString(),
        },
      },
    ],
    { actor: systemActor, market: 'cz' },
  );
  await shop.projector.waitFor(SHOP_PRODUCTS, stocked.checkpoint, 10_000);
}

export interface Buyer {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly company?: string;
}

/** A visitor's cart with one `code`, finished with a pickup point and cash on delivery: the order's number. */
export async function placeOrder(shop: Shop, code: string, buyer: Buyer): Promise<string> {
  const browser = await new Browser(shop.base, 'en').open();
  const added = await browser.request('POST', '/api/cart/items', { body: { product: code, quantity: 1 } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const finished = await browser.request('POST', '/api/cart/finish', {
    body: {
      customer: { email: buyer.email, phone: '+420777123456', first_name: buyer.first_name, last_name: buyer.last_name },
      billing_address: {
        street: 'Dlouhá 1',
        city: 'Praha',
        zip: '11000',
        country: 'CZ',
        ...(buyer.company ? { company: buyer.company } : {}),
      },
      delivery: { method: 'pickup_point', place_id: 'P42' },
      payment: { method: 'cash_on_delivery' },
      order_info: { consents: { terms: true, privacy: true } },
    },
  });
  expect(finished.status, JSON.stringify(finished.body)).toBe(201);
  return finished.body.order_number as string;
}
