import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '@buyloop/kit';
import { Browser, openShop, registerCustomer, type Shop } from '../identity/harness';
import { catalogueHandles } from '../catalogue/pricing-stock-testing';
import { shopProduct } from './admin-orders-testing';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const SHOP_PRODUCTS = 'catalogue_shop_products';

interface Line {
  item_id: string;
  product: string;
  kind: string;
  quantity: number;
  unit_price: number;
  line_price: number;
  warranty_bonus_months: number | null;
  children: Line[];
}
interface Summary {
  currency: string;
  count: number;
  items: Line[];
  bonuses: { kind: string; item_id: string; months: number | null; amount: number }[];
  items_total: number;
  vat: number;
  total_without_vat: number;
  total: number;
}

/**
 * The cart over the catalogue's read model: products, prices and stock are
 * written as the catalogue's own events (the API package does not depend on
 * the catalogue's write side), then a visitor's browser works the cart
 * through the HTTP API with its cookies and the CSRF header.
 */
describe.each(engines)('the cart on %s', (engine) => {
  let shop: Shop;

  /** A catalogue product with a price on cz and, unless told, pieces in the warehouse. */
  const product = (
    code: string,
    fields: { kind?: string; price?: number | null; stock?: number; extensionMonths?: number | null } = {},
    relations: { insurance?: string[]; warrantyExtensions?: string[] } = {},
  ) => shopProduct(shop, code, { master: 'cart-master', ...fields, relations });

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true });
    await catalogueHandles(shop).stock.defineDemoLocations();
    await product('CART-INS', { kind: 'insurance', price: 1_490 });
    await product('CART-WAR12', { kind: 'warranty_extension', price: 990, extensionMonths: 12 });
    await product('CART-PHONE', { price: 24_990, stock: 5 }, { insurance: ['CART-INS'], warrantyExtensions: ['CART-WAR12'] });
    await product('CART-CASE', { kind: 'accessory', price: 499 });
    await product('CART-SOLDOUT', { price: 9_990, stock: 0 });
    await product('CART-NOPRICE', { price: null });
  }, 120_000);
  afterAll(async () => shop?.close(), 60_000);

  const visitor = () => new Browser(shop.base, 'en').open();
  const summaryOf = async (browser: Browser) => {
    const answer = await browser.request('GET', '/api/cart');
    expect(answer.status).toBe(200);
    return answer.body as unknown as Summary;
  };

  it('an anonymous visitor’s cart: a device with insurance, a warranty extension and a case as one package, priced by the catalogue', async () => {
    const browser = await visitor();
    expect((await browser.request('GET', '/api/cart/count')).body).toEqual({ count: 0 });
    expect(browser.cookies.has('buyloop_cart')).toBe(false);

    const phone = await browser.request('POST', '/api/cart/items', {
      body: { product: 'CART-PHONE', quantity: 1, insurance_id: 'CART-INS', warranty_months: 12, installment: 'online' },
    });
    expect(phone.status, JSON.stringify(phone.body)).toBe(201);
    expect(phone.body).toEqual({ item_id: expect.any(String), count: 3 });
    // The cart is the cookie's: random, long, HttpOnly and never in a body.
    expect(browser.cookies.get('buyloop_cart')).toMatch(/^[0-9a-f]{64}$/);
    expect(phone.headers.getSetCookie().find((line) => line.startsWith('buyloop_cart='))).toMatch(/HttpOnly/i);

    const accessory = await browser.request('POST', '/api/cart/items', {
      body: { product: 'cart-case', parent_item_id: phone.body.item_id },
    });
    expect(accessory.status, JSON.stringify(accessory.body)).toBe(201);
    expect(accessory.body.count).toBe(4);

    const summary = await summaryOf(browser);
    expect(summary.count).toBe(4);
    expect(summary.currency).toBe('CZK');
    expect(summary.items).toHaveLength(1);
    const device = summary.items[0]!;
    expect(device).toMatchObject({ product: 'CART-PHONE', kind: 'device', quantity: 1, unit_price: 24_990, line_price: 24_990 });
    expect(device.children.map((child) => child.product).sort()).toEqual(['CART-CASE', 'CART-INS', 'CART-WAR12']);
    expect(summary.items_total).toBe(24_990 + 1_490 + 990 + 499);
    expect(summary.total).toBe(summary.items_total);
    expect(summary.vat + summary.total_without_vat).toBe(summary.total);
    expect(summary.vat).toBeGreaterThan(0);

    // Two phones: the insurance and the extension follow, the case does not.
    const two = await browser.request('PATCH', `/api/cart/items/${String(phone.body.item_id)}`, { body: { quantity: 2 } });
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    expect(two.body).toEqual({ item_id: phone.body.item_id, quantity: 2, count: 7 });

    // Spec 9's free warranty bonus on the device, replaced, then taken off.
    const bonus = await browser.request('POST', `/api/cart/items/${String(phone.body.item_id)}/warranty-bonus`, {
      body: { months: 36 },
    });
    expect(bonus.status, JSON.stringify(bonus.body)).toBe(200);
    expect((await summaryOf(browser)).bonuses).toEqual([
      { kind: 'warranty', item_id: phone.body.item_id, months: 36, amount: 0 },
    ]);
    const off = await browser.request('DELETE', `/api/cart/items/${String(phone.body.item_id)}/warranty-bonus`);
    expect(off.status).toBe(200);
    expect((await summaryOf(browser)).bonuses).toEqual([]);

    // Removing the device takes its package along; the count is 0 and the list empty (spec 4).
    const removed = await browser.request('DELETE', `/api/cart/items/${String(phone.body.item_id)}`);
    expect(removed.status).toBe(200);
    expect((removed.body.removed_item_ids as string[]).length).toBe(4);
    expect(removed.body.count).toBe(0);
    expect(await summaryOf(browser)).toMatchObject({ count: 0, items: [], total: 0 });
  });

  it('adding a product the cart holds raises its line; the stock and the limits are the cart’s refusals', async () => {
    const browser = await visitor();
    const first = await browser.request('POST', '/api/cart/items', { body: { product: 'CART-PHONE', quantity: 2 } });
    const again = await browser.request('POST', '/api/cart/items', { body: { product: 'CART-PHONE', quantity: 3 } });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ item_id: first.body.item_id, count: 5 });
    // Five pieces in stock, five in the cart.
    const more = await browser.request('POST', '/api/cart/items', { body: { product: 'CART-PHONE' } });
    expect(more.status).toBe(409);
    expect(more.body).toMatchObject({ code: 'cart.product_unavailable' });
    expect(more.body.title).toBe('The product is not available or cannot be bought.');
  });

  it('refuses sold-out and unpriced products with spec 8’s text, and a parent that is not a device', async () => {
    const browser = new Browser(shop.base, 'cs');
    await browser.open();
    const soldOut = await browser.request('POST', '/api/cart/items', { body: { product: 'CART-SOLDOUT' } });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body).toMatchObject({ code: 'cart.product_unavailable', title: expect.stringMatching(/není dostupný/) });
    // A refused first request leaves the visitor without a cart and without a cookie.
    expect(browser.cookies.has('buyloop_cart')).toBe(false);
    // A quantity out of range names the field and the bounds in the visitor's language.
    const negative = await browser.request('POST', '/api/cart/items', { body: { product: 'CART-CASE', quantity: -1 } });
    expect(negative.status).toBe(400);
    expect(negative.body).toMatchObject({
      errors: { quantity: ['cart.quantity_out_of_range'] },
      messages: { quantity: ['Počet kusů musí být od 1 do 10.'] },
    });
    expect((await browser.request('POST', '/api/cart/items', { body: { product: 'CART-NOPRICE' } })).status).toBe(409);

    const accessory = await browser.request('POST', '/api/cart/items', { body: { product: 'CART-CASE' } });
    const under = await browser.request('POST', '/api/cart/items', {
      body: { product: 'CART-CASE', parent_item_id: accessory.body.item_id },
    });
    expect(under.status).toBe(400);
    expect(under.body).toMatchObject({ errors: { parent_item_id: ['cart.parent_not_device'] } });
  });

  it('merges an anonymous cart into the account’s cart on the first cart call after signing in', async () => {
    const customer = await registerCustomer(shop, 'kosik@zakaznik.buyloop.cz');
    const existing = await customer.request('POST', '/api/cart/items', { body: { product: 'CART-CASE' } });
    expect(existing.status).toBe(201);
    // The customer signs out and shops anonymously in the same browser.
    await customer.request('POST', '/api/auth/logout');
    customer.cookies.delete('buyloop_session');
    await customer.open();
    const anonymous = await customer.request('POST', '/api/cart/items', {
      body: { product: 'CART-PHONE', insurance_id: 'CART-INS' },
    });
    expect(anonymous.status, JSON.stringify(anonymous.body)).toBe(201);
    const anonymousCart = customer.cookies.get('buyloop_cart')!;
    expect(anonymousCart).toMatch(/^[0-9a-f]{64}$/);

    const login = await customer.logIn('kosik@zakaznik.buyloop.cz', 'Řeřicha-2026');
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const count = await customer.request('GET', '/api/cart/count');
    expect(count.body).toEqual({ count: 3 });
    // The anonymous cart's cookie is gone; the account's cart holds both, the package kept together.
    expect(customer.cookies.has('buyloop_cart')).toBe(false);
    const summary = await summaryOf(customer);
    expect(summary.items.map((line) => line.product).sort()).toEqual(['CART-CASE', 'CART-PHONE']);
    expect(summary.items.find((line) => line.product === 'CART-PHONE')!.children.map((child) => child.product)).toEqual([
      'CART-INS',
    ]);

    // Whoever kept the old cookie finds the anonymous cart closed: an empty cart, not the account's.
    const thief = new Browser(shop.base, 'en');
    thief.cookies.set('buyloop_cart', anonymousCart);
    expect((await summaryOf(thief)).count).toBe(0);
    // The merge happened once: the session sent again with the old cookie changes nothing, and the cookie is cleared.
    customer.cookies.set('buyloop_cart', anonymousCart);
    expect((await customer.request('GET', '/api/cart/count')).body).toEqual({ count: 3 });
    expect(customer.cookies.has('buyloop_cart')).toBe(false);
    expect((await summaryOf(customer)).items).toHaveLength(2);
  });

  it('merges once when two requests arrive together right after signing in, raising the same product’s line', async () => {
    const customer = await registerCustomer(shop, 'soubeh@zakaznik.buyloop.cz');
    await customer.request('POST', '/api/cart/items', { body: { product: 'CART-CASE', quantity: 2 } });
    await customer.request('POST', '/api/auth/logout');
    customer.cookies.delete('buyloop_session');
    await customer.open();
    await customer.request('POST', '/api/cart/items', { body: { product: 'CART-CASE', quantity: 3 } });
    await customer.request('POST', '/api/cart/items', { body: { product: 'CART-PHONE', insurance_id: 'CART-INS' } });
    expect((await customer.request('GET', '/api/cart/count')).body).toEqual({ count: 5 });

    expect((await customer.logIn('soubeh@zakaznik.buyloop.cz', 'Řeřicha-2026')).status).toBe(200);
    const answers = await Promise.all([customer.request('GET', '/api/cart/count'), customer.request('GET', '/api/cart/count')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const summary = await summaryOf(customer);
    // Two cases of the account's and three of the anonymous cart's on one line; the package once.
    expect(summary.count).toBe(7);
    expect(summary.items.map((line) => [line.product, line.quantity]).sort()).toEqual([
      ['CART-CASE', 5],
      ['CART-PHONE', 1],
    ]);
    expect(summary.items.find((line) => line.product === 'CART-PHONE')!.children).toHaveLength(1);
  });

  it('keeps the packages that do not fit in the anonymous cart, and its cookie, until there is room', async () => {
    await product('CART-STRAP', { kind: 'accessory', price: 199, stock: 200 });
    const customer = await registerCustomer(shop, 'plny@zakaznik.buyloop.cz');
    // The account's cart one line short of the limit: a phone with 48 straps under it.
    const phone = await customer.request('POST', '/api/cart/items', { body: { product: 'CART-PHONE' } });
    const straps: string[] = [];
    for (let index = 0; index < 48; index += 1) {
      const strap = await customer.request('POST', '/api/cart/items', {
        body: { product: 'CART-STRAP', parent_item_id: phone.body.item_id },
      });
      expect(strap.status).toBe(201);
      straps.push(strap.body.item_id as string);
    }
    await customer.request('POST', '/api/auth/logout');
    customer.cookies.delete('buyloop_session');
    await customer.open();
    await customer.request('POST', '/api/cart/items', { body: { product: 'CART-PHONE', insurance_id: 'CART-INS' } });
    await customer.request('POST', '/api/cart/items', { body: { product: 'CART-STRAP' } });
    const anonymousCart = customer.cookies.get('buyloop_cart')!;

    expect((await customer.logIn('plny@zakaznik.buyloop.cz', 'Řeřicha-2026')).status).toBe(200);
    // The strap fits (the 50th line); the phone with its insurance (two lines) does not and stays behind.
    expect((await customer.request('GET', '/api/cart/count')).body).toEqual({ count: 50 });
    expect(customer.cookies.get('buyloop_cart')).toBe(anonymousCart);
    const visitorView = new Browser(shop.base, 'en');
    visitorView.cookies.set('buyloop_cart', anonymousCart);
    const left = await summaryOf(visitorView);
    expect(left.items.map((line) => [line.product, line.children.map((child) => child.product)])).toEqual([
      ['CART-PHONE', ['CART-INS']],
    ]);
    // Asking again while there is no room changes nothing on either side.
    expect((await customer.request('GET', '/api/cart/count')).body).toEqual({ count: 50 });
    expect((await summaryOf(visitorView)).count).toBe(2);

    // Room for the package: the next call takes it in and the cookie goes.
    for (const strap of straps.slice(0, 2))
      expect((await customer.request('DELETE', `/api/cart/items/${strap}`)).status).toBe(200);
    expect((await customer.request('GET', '/api/cart/count')).body).toEqual({ count: 50 });
    expect(customer.cookies.has('buyloop_cart')).toBe(false);
    expect((await summaryOf(visitorView)).count).toBe(0);
    const account = await summaryOf(customer);
    expect(
      account.items
        .filter((line) => line.product === 'CART-PHONE')
        .map((line) => line.children.length)
        .sort(),
    ).toEqual([1, 46]);
  });

  it('takes insurance and warranty extensions only with their device, and never changes their pieces alone', async () => {
    await product('CART-INS-OTHER', { kind: 'insurance', price: 2_990 });
    const browser = new Browser(shop.base, 'cs');
    await browser.open();
    const phone = await browser.request('POST', '/api/cart/items', {
      body: { product: 'CART-PHONE', quantity: 3, insurance_id: 'CART-INS' },
    });
    expect(phone.status).toBe(201);
    for (const body of [
      { product: 'CART-INS-OTHER', parent_item_id: phone.body.item_id },
      { product: 'CART-INS', parent_item_id: phone.body.item_id },
      { product: 'CART-WAR12', parent_item_id: phone.body.item_id },
      { product: 'CART-INS-OTHER' },
      { product: 'CART-WAR12' },
    ]) {
      const refused = await browser.request('POST', '/api/cart/items', { body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({
        errors: { product: ['cart.cover_needs_device'] },
        messages: { product: ['Pojištění a prodloužení záruky se přidávají spolu se zařízením.'] },
      });
    }
    const before = await summaryOf(browser);
    const insurance = before.items[0]!.children[0]!;
    const patch = await browser.request('PATCH', `/api/cart/items/${insurance.item_id}`, { body: { quantity: 1 } });
    expect(patch.status).toBe(409);
    expect(patch.body).toMatchObject({ code: 'cart.quantity_follows_device' });
    expect(await summaryOf(browser)).toEqual(before);
  });

  it('prices a raised line at the catalogue’s price now (adding again or changing the pieces)', async () => {
    await product('CART-CABLE', { kind: 'accessory', price: 300 });
    const browser = await visitor();
    const first = await browser.request('POST', '/api/cart/items', { body: { product: 'CART-CABLE' } });
    expect(first.status).toBe(201);
    const reprice = async (price: number) => {
      // Each price takes effect a second after the one before (the catalogue applies the latest that has begun).
      shop.time.advance(1_000);
      const now = shop.time.clock().toISOString();
      const { checkpoint } = await shop.events.append(
        'price-CART-CABLE-cz',
        [{ type: 'PriceSet', data: { code: 'CART-CABLE', market: 'cz', currency: 'CZK', price, validFrom: now, at: now } }],
        { actor: systemActor, market: 'cz' },
      );
      await shop.projector.waitFor(SHOP_PRODUCTS, checkpoint, 10_000);
    };
    await reprice(350);
    await browser.request('POST', '/api/cart/items', { body: { product: 'CART-CABLE' } });
    let cable = (await summaryOf(browser)).items[0]!;
    expect([cable.quantity, cable.unit_price, cable.line_price]).toEqual([2, 350, 700]);
    await reprice(320);
    expect((await browser.request('PATCH', `/api/cart/items/${first.body.item_id}`, { body: { quantity: 3 } })).status).toBe(200);
    cable = (await summaryOf(browser)).items[0]!;
    expect([cable.quantity, cable.unit_price, cable.line_price]).toEqual([3, 320, 960]);
    // Lowering keeps the price the line has.
    await reprice(400);
    await browser.request('PATCH', `/api/cart/items/${first.body.item_id}`, { body: { quantity: 1 } });
    cable = (await summaryOf(browser)).items[0]!;
    expect([cable.quantity, cable.unit_price]).toEqual([1, 320]);
  });

  describe('bad input (fuzz): 4xx problem+json, never a 500, and nothing written', () => {
    it('answers every malformed request below 500 and leaves the log as it was', async () => {
      const owner = await visitor();
      const item = await owner.request('POST', '/api/cart/items', { body: { product: 'CART-CASE' } });
      expect(item.status).toBe(201);
      const ownerItem = String(item.body.item_id);
      const attacker = await visitor();
      const attackerItem = await attacker.request('POST', '/api/cart/items', { body: { product: 'CART-CASE' } });
      expect(attackerItem.status).toBe(201);

      const head = await shop.events.headPosition();
      const bodies: unknown[] = [
        {},
        null,
        [],
        'CART-CASE',
        42,
        { product: 'CART-CASE', unknown: true },
        { product: 'CART-CASE', quantity: 1, cart_id: 'x' },
        { product: 12 },
        { product: ['CART-CASE'] },
        { product: '' },
        { product: 'CART CASE' },
        { product: 'x'.repeat(41) },
        { product: 'CART-CASE', quantity: '1' },
        { product: 'CART-CASE', quantity: -1 },
        { product: 'CART-CASE', quantity: 0 },
        { product: 'CART-CASE', quantity: 1.5 },
        { product: 'CART-CASE', quantity: 10_000 },
        { product: 'CART-CASE', quantity: 1e300 },
        { product: 'CART-CASE', quantity: null },
        { product: 'NO-SUCH-PRODUCT' },
        { product: 'CART-CASE', parent_item_id: ownerItem },
        { product: 'CART-CASE', parent_item_id: '../../etc' },
        { product: 'CART-CASE', installment: 'later' },
        { product: 'CART-PHONE', insurance_id: 'CART-CASE' },
        { product: 'CART-PHONE', insurance_id: 'NO-SUCH-INSURANCE' },
        { product: 'CART-PHONE', warranty_months: 36 },
        { product: 'CART-PHONE', warranty_months: '12' },
        { product: 'CART-CASE', insurance_id: 'CART-INS' },
        { product: 'CART-CASE\u0000' },
        { ['__proto__']: { product: 'CART-CASE' } },
        { items: Array.from({ length: 10_000 }, () => ({ product: 'CART-CASE', quantity: 1 })) },
        Array.from({ length: 10_000 }, () => ({ product: 'CART-CASE', quantity: 1 })),
      ];
      const faults: string[] = [];
      const check = async (label: string, answer: { status: number; headers: Headers; body: Record<string, unknown> }) => {
        if (answer.status < 400 || answer.status >= 500)
          faults.push(`${label}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        else if (!answer.headers.get('content-type')?.startsWith('application/problem+json'))
          faults.push(`${label}: not problem+json`);
        else if (typeof answer.body.code !== 'string') faults.push(`${label}: no code`);
      };
      for (const [index, body] of bodies.entries())
        await check(`POST #${index}`, await attacker.request('POST', '/api/cart/items', { body }));
      // The owner's item through the attacker's cart: not found, whatever is asked.
      for (const [label, method, path, body] of [
        ['patch foreign', 'PATCH', `/api/cart/items/${ownerItem}`, { quantity: 2 }],
        ['delete foreign', 'DELETE', `/api/cart/items/${ownerItem}`, undefined],
        ['bonus foreign', 'POST', `/api/cart/items/${ownerItem}/warranty-bonus`, { months: 12 }],
        ['unbonus foreign', 'DELETE', `/api/cart/items/${ownerItem}/warranty-bonus`, undefined],
        ['patch negative', 'PATCH', `/api/cart/items/${String(attackerItem.body.item_id)}`, { quantity: -5 }],
        ['patch huge', 'PATCH', `/api/cart/items/${String(attackerItem.body.item_id)}`, { quantity: 10_000 }],
        ['patch string', 'PATCH', `/api/cart/items/${String(attackerItem.body.item_id)}`, { quantity: 'two' }],
        ['patch extra', 'PATCH', `/api/cart/items/${String(attackerItem.body.item_id)}`, { quantity: 2, price: 1 }],
        ['patch bad id', 'PATCH', '/api/cart/items/%00%2e%2e', { quantity: 2 }],
        ['bonus months', 'POST', `/api/cart/items/${String(attackerItem.body.item_id)}/warranty-bonus`, { months: 24 }],
        ['bonus on case', 'POST', `/api/cart/items/${String(attackerItem.body.item_id)}/warranty-bonus`, { months: 12 }],
      ] as const)
        await check(label, await attacker.request(method, path, body === undefined ? {} : { body }));
      // A forged cart cookie (another visitor's id guessed, a malformed one) reads and changes nothing of anyone's.
      const forger = await visitor();
      forger.cookies.set('buyloop_cart', 'f'.repeat(64));
      await check('forged patch', await forger.request('PATCH', `/api/cart/items/${ownerItem}`, { body: { quantity: 2 } }));
      forger.cookies.set('buyloop_cart', '../cart-user_1');
      await check('malformed cookie', await forger.request('DELETE', `/api/cart/items/${ownerItem}`));
      // Without the CSRF header the POST is refused before anything else.
      await check('no csrf', await attacker.request('POST', '/api/cart/items', { body: { product: 'CART-CASE' }, csrf: 'none' }));

      expect(faults).toEqual([]);
      expect(await shop.events.headPosition()).toBe(head);
      expect((await summaryOf(owner)).count).toBe(1);
    }, 120_000);
  });
});
