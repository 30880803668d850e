import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, openShop, type Shop } from '../identity/harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const PASSWORD = 'Oblibene-Heslo-2026';

interface Favourites {
  items: string[];
  products: { code: string; short_name: string; price: number }[];
}

/** A customer's favourites kept in the account (issue 14), over the demo catalogue. */
describe.each(engines)('favourites in the account on %s', (engine) => {
  let shop: Shop;
  let codes: string[];

  const customer = async (email: string): Promise<Browser> => {
    await shop.identity.service.createAccount(
      { email, password: PASSWORD, roles: ['customer'], kind: 'customer' },
      { actor: { userId: 'test', role: 'system' } },
      'test',
      { trustedOperator: true },
    );
    const browser = new Browser(shop.base, 'cs');
    const login = await browser.logIn(email, PASSWORD);
    if (login.status !== 200) throw new Error(`${email} cannot sign in: ${login.status}`);
    return browser;
  };

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true });
    await shop.modules.loadDemoData();
    const listing = (await (await fetch(`${shop.base}/api/catalog/products?page_size=12`)).json()) as {
      items: { code: string }[];
    };
    codes = listing.items.map((item) => item.code);
    expect(codes.length).toBeGreaterThanOrEqual(4);
  }, 600_000);
  afterAll(async () => shop?.close(), 120_000);

  it('refuses a visitor with 401 problem+json, and a POST without the CSRF header with 403', async () => {
    const visitor = await new Browser(shop.base).open();
    for (const [method, path] of [
      ['GET', '/api/favourites'],
      ['PUT', `/api/favourites/${codes[0]}`],
      ['DELETE', `/api/favourites/${codes[0]}`],
    ] as const) {
      const answer = await visitor.request(method, path);
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect((await visitor.request('POST', '/api/favourites/merge', { body: { codes: [codes[0]] } })).status).toBe(401);
    const signedIn = await customer('bez-csrf@oblibene.buyloop.cz');
    const refused = await signedIn.request('POST', '/api/favourites/merge', { body: { codes: [codes[0]] }, csrf: 'none' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('auth.csrf_invalid');
    expect((await signedIn.request('GET', '/api/favourites')).body).toEqual({ items: [], products: [] });
  });

  it('adds (newest first, again moves to the front), removes, and answers the cards', async () => {
    const me = await customer('srdicko@oblibene.buyloop.cz');
    expect((await me.request('PUT', `/api/favourites/${codes[0]}`)).status).toBe(200);
    // A code in lower case is the same product.
    const second = await me.request('PUT', `/api/favourites/${codes[1]!.toLowerCase()}`);
    expect((second.body as unknown as Favourites).items).toEqual([codes[1], codes[0]]);
    const again = await me.request('PUT', `/api/favourites/${codes[0]}`);
    expect((again.body as unknown as Favourites).items).toEqual([codes[0], codes[1]]);
    const read = await me.request('GET', '/api/favourites');
    expect(read.headers.get('cache-control')).toBe('no-store');
    const body = read.body as unknown as Favourites;
    expect(body.products.map((p) => p.code)).toEqual([codes[0], codes[1]]);
    expect(body.products[0]!.price).toBeGreaterThan(0);
    const removed = await me.request('DELETE', `/api/favourites/${codes[0]}`);
    expect((removed.body as unknown as Favourites).items).toEqual([codes[1]]);
    // Removing what is not there changes nothing.
    expect(((await me.request('DELETE', `/api/favourites/${codes[0]}`)).body as unknown as Favourites).items).toEqual([codes[1]]);
    // Each account its own list.
    const other = await customer('jiny@oblibene.buyloop.cz');
    expect(((await other.request('GET', '/api/favourites')).body as unknown as Favourites).items).toEqual([]);
  });

  it('refuses a product not on sale (404) and malformed input (400), never a 500', async () => {
    const me = await customer('spatne@oblibene.buyloop.cz');
    const unknown = await me.request('PUT', '/api/favourites/NEEXISTUJE-123');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('catalogue.shop.product_not_found');
    expect((await me.request('PUT', `/api/favourites/${encodeURIComponent('ab cd')}`)).status).toBe(400);
    for (const body of [
      {},
      { codes: 'X' },
      { codes: [codes[0]], extra: 1 },
      { codes: Array.from({ length: 201 }, (_, i) => `C${i}`) },
    ]) {
      const answer = await me.request('POST', '/api/favourites/merge', { body });
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect(((await me.request('GET', '/api/favourites')).body as unknown as Favourites).items).toEqual([]);
  });

  it('merges the device’s list first, once each, leaving out codes no longer on sale', async () => {
    const me = await customer('slouceni@oblibene.buyloop.cz');
    await me.request('PUT', `/api/favourites/${codes[2]}`);
    await me.request('PUT', `/api/favourites/${codes[3]}`);
    const merged = await me.request('POST', '/api/favourites/merge', {
      body: { codes: [codes[0], 'ZRUSENY-PRODUKT', codes[2], codes[0]] },
    });
    expect(merged.status).toBe(200);
    expect((merged.body as unknown as Favourites).items).toEqual([codes[0], codes[2], codes[3]]);
    // Merging the same list again (a second tab signing in) changes nothing.
    const again = await me.request('POST', '/api/favourites/merge', { body: { codes: [codes[0], codes[2]] } });
    expect((again.body as unknown as Favourites).items).toEqual([codes[0], codes[2], codes[3]]);
  });

  it('keeps every change of two made at once', async () => {
    const me = await customer('soubezne@oblibene.buyloop.cz');
    await Promise.all(codes.slice(0, 4).map((code) => me.request('PUT', `/api/favourites/${code}`)));
    const items = ((await me.request('GET', '/api/favourites')).body as unknown as Favourites).items;
    expect([...items].sort()).toEqual([...codes.slice(0, 4)].sort());
  });
});
