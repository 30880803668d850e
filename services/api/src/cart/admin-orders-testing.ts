/** Set-up shared by the cart and order tests (API and Chromium): products in stock and orders placed over the API. */
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
  name: 'order-stand-ins',
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

/** What a test product differs in; everything else is a plain black new device. */
export interface ShopProductFields {
  /** The master product, which categories (and so category discounts) hang on. */
  readonly master?: string;
  readonly longName?: string;
  readonly kind?: string;
  readonly extensionMonths?: number | null;
  /** The cz price; null leaves the product without one (not for sale). */
  readonly price?: number | null;
  readonly stock?: number;
  /**
   * The insurance and warranty extensions offered with it. Only given, the
   * relations event is written: tests without it keep the stream the
   * catalogue writes for a product nobody has related yet.
   */
  readonly relations?: { readonly insurance?: readonly string[]; readonly warrantyExtensions?: readonly string[] };
}

/**
 * A catalogue product with a cz price (unless null) and pieces in the central
 * warehouse, written straight to the event store (the API package does not
 * depend on the catalogue's write side); answers once the shop's product
 * read model shows it, so the cart can sell it. The demo locations must be
 * defined first.
 */
export async function shopProduct(shop: Shop, code: string, fields: ShopProductFields = {}): Promise<void> {
  const at = shop.time.clock().toISOString();
  const master = fields.master ?? 'test-master';
  const created = {
    type: 'CatalogueProductCreated',
    data: {
      code,
      masterProductId: master,
      ean: null,
      colour: 'Black',
      capacity: null,
      quality: 'new',
      grade: null,
      longName: fields.longName ?? `Test ${code}`,
      shortName: code,
      vatRate: 21,
      preOrder: false,
      electronicLicence: false,
      externalStock: false,
      legalWarrantyMonths: 24,
      kind: fields.kind ?? 'device',
      extensionMonths: fields.extensionMonths ?? null,
      at,
    },
  };
  const relations = fields.relations
    ? [
        {
          type: 'CatalogueProductRelationsSet',
          data: {
            code,
            masterProductId: master,
            at,
            accessories: [],
            gifts: [],
            specialOffers: [],
            insurance: fields.relations.insurance ?? [],
            warrantyExtensions: fields.relations.warrantyExtensions ?? [],
          },
        },
      ]
    : [];
  await shop.events.append(`product-${code}`, [created, ...relations], {
    expectedVersion: 'no_stream',
    actor: systemActor,
    market: 'cz',
  });
  await pricedAndStocked(shop, code, fields.price === undefined ? 10_000 : fields.price, fields.stock ?? 20);
}

/** The price set an hour ago (so it is in force now) and `stock` pieces received; waits for the shop's read model. */
async function pricedAndStocked(shop: Shop, code: string, price: number | null, stock: number): Promise<void> {
  const past = new Date(shop.time.clock().getTime() - 3_600_000).toISOString();
  if (price !== null)
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

/** A device the shop sells at `price` with `stock` pieces in the central warehouse (the demo locations defined on the way). */
export async function stockedProduct(shop: Shop, code: string, price: number, stock: number): Promise<void> {
  await catalogueHandles(shop).stock.defineDemoLocations();
  await catalogueProduct(shop, code);
  await pricedAndStocked(shop, code, price, stock);
}

/** A customer account, signed in in a browser of its own (made by the operator: no registration e-mail to wait for). */
export async function signedInCustomer(
  shop: Shop,
  email: string,
  password: string,
  locale: 'cs' | 'en' = 'cs',
): Promise<Browser> {
  await shop.identity.service.createAccount(
    { email, password, roles: ['customer'], kind: 'customer' },
    { actor: { userId: 'test', role: 'system' } },
    'test',
    { trustedOperator: true },
  );
  const browser = new Browser(shop.base, locale);
  const login = await browser.logIn(email, password);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return browser;
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
