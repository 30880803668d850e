import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, PERMISSIONS, ROLES, STAFF_ROLES, type AccountRole, type Role } from '@buyloop/contracts';
import { deliveryModule } from '@buyloop/delivery-read-models';
import { OPS_TOKEN, openShop, type Shop } from './harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** Every route Express will actually serve, read from the app itself (not from our own bookkeeping). */
function servedRoutes(shop: Shop): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route)
        for (const method of Object.keys(layer.route.methods)) found.push(`${method.toUpperCase()} ${layer.route.path}`);
      else if (layer.handle.stack) walk(layer.handle.stack);
    }
  };
  walk((shop.app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found.sort();
}

describe.each(engines)('route × role matrix on %s', (engine) => {
  let shop: Shop;
  const accounts = new Map<AccountRole, { userId: string; email: string }>();

  beforeAll(async () => {
    // Every context main.ts runs (the delivery context is not in the harness's default list).
    shop = await openShop(engine, 'test', { catalogue: true, modules: [deliveryModule()] });
    for (const role of ROLES) {
      if (role === 'visitor') continue;
      const kind = (STAFF_ROLES as readonly string[]).includes(role) ? 'staff' : 'customer';
      const user = await shop.identity.service.createAccount(
        { email: `${role}@matrix.buyloop.cz`, password: 'Matrix-Heslo-1', roles: [role], kind },
        { actor: { userId: 'test', role: 'system' } },
        'test',
        { trustedOperator: true },
      );
      accounts.set(role, { userId: user.user_id, email: user.email });
    }
  });
  afterAll(async () => shop?.close());

  it('every route the app serves declares a capability, and every declared capability is in the permission table', () => {
    const declared = shop.routes.map((r) => `${r.method.toUpperCase()} ${r.path}`).sort();
    expect(servedRoutes(shop)).toEqual(declared);
    for (const route of shop.routes) expect(Object.keys(PERMISSIONS)).toContain(route.capability);
    // The identity API the issue asks for is all there.
    expect(declared.some((r) => r.startsWith('POST /api/auth/'))).toBe(true);
    expect(declared.some((r) => r.includes(' /api/account'))).toBe(true);
    expect(declared.some((r) => r.includes(' /api/admin/users'))).toBe(true);
  });

  it('allows and refuses every route for every role exactly as the permission table says (401 visitor, 403 others)', async () => {
    const mismatches: string[] = [];
    const sessionOf = new Map<Role, { token: string; csrf: string }>();
    const session = async (role: Role, fresh: boolean) => {
      const kept = sessionOf.get(role);
      if (kept && !fresh) return kept;
      const account = accounts.get(role as AccountRole)!;
      const kind = (STAFF_ROLES as readonly string[]).includes(role) ? 'staff' : 'customer';
      const opened = await shop.identity.sessions.create({ ...account, roles: [role as AccountRole], kind }, '127.0.0.1', null);
      const made = { token: opened.token, csrf: opened.session.csrf };
      sessionOf.set(role, made);
      return made;
    };
    for (const route of shop.routes) {
      const path = route.path.replace(/:[A-Za-z]+/g, 'nonexistent');
      // A route of the person's own account or session (log out, password, sessions) may end the session it is
      // called with: it gets a fresh one, and the next route a fresh one too. Other routes share one per role.
      const touchesSession = /^\/api\/(auth|account)(\/|$)/.test(route.path);
      for (const role of ROLES) {
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          'x-csrf-token': 'matrix',
          'accept-language': 'en',
        };
        let cookie = 'buyloop_csrf=matrix';
        if (role !== 'visitor') {
          const opened = await session(role, touchesSession);
          cookie = `buyloop_session=${opened.token}; buyloop_csrf=${opened.csrf}`;
          headers['x-csrf-token'] = opened.csrf;
          if (touchesSession) sessionOf.delete(role);
        }
        const response = await fetch(`${shop.base}${path}`, {
          method: route.method.toUpperCase(),
          headers: { ...headers, cookie },
          ...(route.method === 'get' ? {} : { body: '{}' }),
        });
        const body = await response.text();
        const allowed = can([role as Role], route.capability);
        const expected = allowed ? 'allowed' : role === 'visitor' ? 401 : 403;
        const got = response.status === 401 || response.status === 403 ? response.status : 'allowed';
        if (got !== expected)
          mismatches.push(
            `${route.method.toUpperCase()} ${route.path} as ${role}: expected ${expected}, got ${response.status} ${body.slice(0, 120)}`,
          );
        if (!allowed && role !== 'visitor')
          expect(JSON.parse(body)).toMatchObject({
            status: 403,
            code: 'auth.forbidden',
            title: 'You do not have permission to access this page',
          });
        if (response.status >= 500) mismatches.push(`${route.method.toUpperCase()} ${route.path} as ${role}: ${response.status}`);
      }
    }
    expect(mismatches).toEqual([]);
    // Every route for every role: about 3,000 requests.
  }, 300_000);

  it('each route needs exactly the capability reviewed here: widening one is a deliberate change of this list', () => {
    expect(Object.fromEntries(shop.routes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r.capability]))).toEqual({
      'GET /health': 'public',
      'GET /health/details': 'ops.metrics',
      'GET /api/status': 'public',
      'GET /metrics': 'ops.metrics',
      'GET /api/auth/csrf': 'public',
      'GET /api/auth/session': 'public',
      'POST /api/auth/login': 'public',
      'POST /api/auth/logout': 'session.own',
      'POST /api/auth/register': 'public',
      'POST /api/auth/register/confirm': 'public',
      'POST /api/auth/password-reset': 'public',
      'POST /api/auth/password-reset/complete': 'public',
      'GET /api/account': 'session.own',
      'PUT /api/account/password': 'account.password.change',
      'PUT /api/account/personal-data': 'account.personal.edit',
      'GET /api/account/addresses': 'account.addresses.manage',
      'POST /api/account/addresses': 'account.addresses.manage',
      'PUT /api/account/addresses/:addressId': 'account.addresses.manage',
      'DELETE /api/account/addresses/:addressId': 'account.addresses.manage',
      'DELETE /api/account': 'account.remove',
      'DELETE /api/admin/users/:userId': 'admin.users.manage',
      'POST /api/admin/users': 'admin.users.manage',
      'PUT /api/admin/users/:userId/roles': 'admin.users.manage',
      'GET /api/admin/users/:userId': 'admin.users.read',
      'GET /api/admin/users': 'admin.users.read',
      'POST /api/admin/approvals': 'approval.request',
      'GET /api/admin/approvals/:approvalId': 'approval.read',
      'POST /api/admin/approvals/:approvalId/decision': 'approval.decide',
      'GET /api/buyout/types': 'public',
      'GET /api/buyout/manufacturers': 'public',
      'GET /api/buyout/models': 'public',
      'GET /api/buyout/colors': 'public',
      'GET /api/buyout/appraisal': 'public',
      'GET /api/buyout/selector': 'public',
      'GET /api/buyout/selector-url': 'public',
      'GET /api/buyout/countries': 'public',
      'POST /api/buyout/quote': 'public',
      'POST /api/buyout/send-to-email': 'public',
      'POST /api/buyout/sell-online': 'public',
      'POST /api/buyout/:number/accept-revised-offer': 'public',
      'POST /api/buyout/:number/reject-revised-offer': 'public',
      'POST /api/buyout/:number/cancel': 'public',
      'POST /api/admin/buybacks/:number/cancel': 'buyback.cancel',
      'POST /api/admin/buybacks/:number/order-pickup': 'buyback.logistics',
      'POST /api/admin/buybacks/:number/receive': 'buyback.logistics',
      'POST /api/admin/buybacks/:number/inspect': 'buyback.inspect',
      'POST /api/admin/buybacks/:number/release-quarantine': 'buyback.inspect',
      'POST /api/admin/buybacks/:number/report-quarantine': 'buyback.inspect',
      'POST /api/admin/buybacks/:number/approve': 'buyback.inspect',
      'POST /api/admin/buybacks/:number/revise-offer': 'buyback.inspect',
      'POST /api/admin/buybacks/:number/return-device': 'buyback.logistics',
      'POST /api/admin/buybacks/:number/order-payout': 'buyback.payout',
      'POST /api/admin/buybacks/:number/confirm-payout': 'buyback.payout',
      'POST /api/admin/buybacks/:number/complete': 'buyback.payout',
      'GET /api/admin/buyout/price-lists': 'buyback.read',
      'GET /api/admin/buyout/price-lists.csv': 'buyback.read',
      'GET /api/admin/buyout/price-lists/:modelId': 'buyback.read',
      'POST /api/admin/buyout/price-lists/import': 'buyback.price_lists',
      'PUT /api/admin/buyout/price-lists/:modelId': 'buyback.price_lists',
      'POST /api/admin/imei-blacklist': 'buyback.blacklist.manage',
      'POST /api/admin/imei-blacklist/:imei/clear': 'buyback.blacklist.manage',
      'POST /api/admin/buybacks/:number/erase-personal-data': 'personal_data.erase',
      'GET /api/admin/mail': 'mail.read',
      'POST /api/admin/mail/:id/retry': 'mail.read',
      'GET /api/buyout/:number': 'public',
      'GET /api/buyout/:number/contract.pdf': 'public',
      'GET /api/buyout/:number/events': 'public',
      'GET /api/admin/buybacks/:number/contract.pdf': 'buyback.read',
      'POST /api/admin/buybacks/query': 'buyback.read',
      'GET /api/admin/buybacks': 'buyback.read',
      'GET /api/admin/buybacks.csv': 'buyback.read',
      'GET /api/admin/buybacks/stats/daily': 'buyback.read',
      'GET /api/admin/buyout/price-list-history': 'buyback.read',
      'GET /api/admin/imei-blacklist': 'buyback.blacklist.read',
      'GET /api/admin/buybacks/:number/events': 'buyback.read',
      'GET /api/admin/buybacks/:number': 'buyback.read',
      'GET /api/ops/modules': 'ops.projections',
      'GET /api/ops/projections': 'ops.projections',
      'POST /api/ops/projections/:name/rebuild': 'ops.projections',
      'POST /api/ops/projections/:name/pause': 'ops.projections',
      'POST /api/ops/projections/:name/resume': 'ops.projections',
      'POST /api/ops/projections/:name/reset': 'ops.projections',
      'GET /api/openapi.json': 'public',
      'GET /api/docs': 'public',
      'GET /api/docs/init.js': 'public',
      'GET /api/docs/swagger-ui.css': 'public',
      'GET /api/docs/swagger-ui-bundle.js': 'public',
      // The catalogue: reads for every staff member, changes for the catalogue's managers, stock for the warehouse too.
      'GET /api/admin/catalogue/type-devices': 'catalogue.read',
      'GET /api/admin/catalogue/manufacturers': 'catalogue.read',
      'GET /api/admin/catalogue/units': 'catalogue.read',
      'GET /api/admin/catalogue/attribute-names': 'catalogue.read',
      'GET /api/admin/catalogue/masters': 'catalogue.read',
      'POST /api/admin/catalogue/masters/query': 'catalogue.read',
      'GET /api/admin/catalogue/masters/:id': 'catalogue.read',
      'GET /api/admin/catalogue/products/:code': 'catalogue.read',
      'GET /api/admin/catalogue/meta-masters': 'catalogue.read',
      'GET /api/admin/catalogue/meta-masters/:id': 'catalogue.read',
      'GET /api/admin/catalogue/seo-texts': 'catalogue.read',
      'POST /api/admin/catalogue/type-devices': 'catalogue.manage',
      'POST /api/admin/catalogue/manufacturers': 'catalogue.manage',
      'POST /api/admin/catalogue/units': 'catalogue.manage',
      'POST /api/admin/catalogue/attribute-names': 'catalogue.manage',
      'PATCH /api/admin/catalogue/type-devices/:id': 'catalogue.manage',
      'PATCH /api/admin/catalogue/manufacturers/:id': 'catalogue.manage',
      'PATCH /api/admin/catalogue/units/:id': 'catalogue.manage',
      'PATCH /api/admin/catalogue/attribute-names/:id': 'catalogue.manage',
      'POST /api/admin/catalogue/masters': 'catalogue.manage',
      'PATCH /api/admin/catalogue/masters/:id': 'catalogue.manage',
      'PATCH /api/admin/catalogue/seo-texts/master/:id': 'catalogue.manage',
      'PUT /api/admin/catalogue/masters/:id/params': 'catalogue.manage',
      'DELETE /api/admin/catalogue/masters/:id': 'catalogue.manage',
      'PATCH /api/admin/catalogue/masters/:id/swap-meta-master': 'catalogue.manage',
      'PATCH /api/admin/catalogue/meta-masters/:id/add-master-product': 'catalogue.manage',
      'POST /api/admin/catalogue/masters/:id/variants': 'catalogue.manage',
      'PATCH /api/admin/catalogue/products/:code': 'catalogue.manage',
      'POST /api/admin/catalogue/products/:code/discontinue': 'catalogue.manage',
      'PUT /api/admin/catalogue/products/:code/relations': 'catalogue.manage',
      'POST /api/admin/catalogue/meta-masters': 'catalogue.manage',
      'PATCH /api/admin/catalogue/meta-masters/:id': 'catalogue.manage',
      'DELETE /api/admin/catalogue/meta-masters/:id': 'catalogue.manage',
      'POST /api/admin/catalogue/import/products': 'catalogue.manage',
      'GET /api/admin/catalogue/categories/tree': 'catalogue.read',
      'GET /api/admin/catalogue/categories': 'catalogue.read',
      'GET /api/admin/catalogue/type-categories': 'catalogue.read',
      'POST /api/admin/catalogue/categories/assign': 'catalogue.manage',
      'POST /api/new/core/fastly/purge': 'catalogue.manage',
      'POST /api/admin/catalogue/categories/unassign': 'catalogue.manage',
      'POST /api/admin/catalogue/categories': 'catalogue.manage',
      'PATCH /api/admin/catalogue/categories/:id': 'catalogue.manage',
      'PATCH /api/admin/catalogue/categories/:id/move': 'catalogue.manage',
      'DELETE /api/admin/catalogue/categories/:id': 'catalogue.manage',
      'GET /api/admin/prices/:code': 'catalogue.read',
      'PUT /api/admin/prices/:code': 'catalogue.prices',
      'POST /api/admin/prices/:code/offers': 'catalogue.prices',
      'POST /api/admin/prices/import': 'catalogue.prices',
      'GET /api/admin/stock/locations': 'stock.read',
      'POST /api/admin/stock/receipts': 'stock.manage',
      'POST /api/admin/stock/counts': 'stock.manage',
      'POST /api/admin/stock/transfers': 'stock.manage',
      'POST /api/admin/stock/reservations': 'stock.manage',
      'DELETE /api/admin/stock/reservations/:id': 'stock.manage',
      'POST /api/admin/stock/reservations/:id/sale': 'stock.manage',
      'GET /api/admin/stock/:code': 'stock.read',
      'POST /api/admin/catalogue/images': 'catalogue.manage',
      'GET /media/catalogue/:id/:file': 'public',
      'GET /api/admin/catalogue/images/:id': 'catalogue.read',
      'GET /api/admin/catalogue/images': 'catalogue.read',
      // The shop's public catalogue API (issue 14): no session, what the storefront reads.
      'GET /api/catalog/categories': 'public',
      'GET /api/catalog/products': 'public',
      'GET /api/catalog/products/:seoName': 'public',
      'GET /api/search': 'public',
      'GET /api/catalog/stores': 'public',
      'GET /api/catalog/stores/:storeId/stock': 'public',
      // Analytics (spec 9): any visitor's browser reports views (CSRF like every POST); the counts are for those who run the shop.
      'POST /api/analytics/events': 'public',
      'GET /api/admin/analytics/summary': 'analytics.read',
      // The cart (issue 15): the visitor's own, by the cart cookie or the session; POSTs carry the CSRF header.
      'GET /api/cart': 'public',
      'GET /api/cart/count': 'public',
      'POST /api/cart/items': 'public',
      'PATCH /api/cart/items/:id': 'public',
      'DELETE /api/cart/items/:id': 'public',
      'POST /api/cart/items/:id/warranty-bonus': 'public',
      'DELETE /api/cart/items/:id/warranty-bonus': 'public',
      // Payments (issue 15): methods by delivery; the gateway's signed notifications (the signature proves the sender, the CSRF pair is there like on every POST); the sandbox gateway's pages, hooks and spec 7's wallets; staff read an order's payment.
      'GET /api/cart/payments': 'public',
      'GET /api/cart/deliveries': 'public',
      'GET /api/cart/delivery-places': 'public',
      'GET /api/cart/delivery-timeslots': 'public',
      'POST /api/cart/delivery-liftago-check': 'public',
      'POST /api/payments/notifications/:provider': 'public',
      'GET /api/payments/sandbox/sandbox.js': 'public',
      'GET /api/payments/sandbox/pay/:payment_id': 'public',
      'POST /api/payments/sandbox/pay/:payment_id': 'public',
      'GET /api/payments/sandbox/pay/:payment_id/3ds': 'public',
      'POST /api/payments/sandbox/pay/:payment_id/3ds': 'public',
      'POST /api/payments/sandbox/payments/:payment_id/notifications': 'public',
      'POST /api/payments/sandbox/bank-transfers': 'public',
      'GET /api/payments/googlepay/echo': 'public',
      'POST /api/payments/googlepay/init': 'public',
      'POST /api/payments/googlepay/process': 'public',
      'GET /api/payments/applepay/echo': 'public',
      'POST /api/payments/applepay/init': 'public',
      'POST /api/payments/applepay/process': 'public',
      'POST /api/payments/applepay/session': 'public',
      'POST /api/payments/cardpay': 'public',
      'GET /api/admin/payments/:order_number': 'payments.read',
      'POST /api/cart/discount-codes': 'public',
      'DELETE /api/cart/discount-codes/:code': 'public',
      // Spec 9's buy-back bonus: the visitor's cart, the buy-back proven theirs by its token or its signed-in seller.
      'POST /api/cart/buyback-bonus': 'public',
      'DELETE /api/cart/buyback-bonus/:id': 'public',
      // Discount definitions (issue 15): staff read them; catalogue work, administrators and supervisors change them.
      'GET /api/admin/discounts': 'discounts.read',
      'GET /api/admin/discounts/:id': 'discounts.read',
      'POST /api/admin/discounts': 'discounts.manage',
      'PUT /api/admin/discounts/:id': 'discounts.manage',
      'PATCH /api/admin/discounts/:id': 'discounts.manage',
      'POST /api/admin/discounts/:id/archive': 'discounts.manage',
      'POST /api/admin/discounts/:id/codes': 'discounts.manage',
      // Checkout and orders (issue 15): the visitor finishes their own cart; an order's status page opens with its token; staff read and act on orders.
      'POST /api/cart/finish': 'public',
      'GET /api/orders/:number': 'public',
      'GET /api/orders/:number/live': 'public',
      'POST /api/orders/:number/cancel': 'public',
      'GET /api/admin/orders': 'orders.read',
      'GET /api/admin/orders/:number': 'orders.read',
      'POST /api/admin/orders/:number/cancel': 'orders.manage',
      'POST /api/admin/orders/:number/ship': 'orders.manage',
      'POST /api/admin/orders/:number/deliver': 'orders.manage',
      'POST /api/admin/orders/:number/withdraw': 'orders.manage',
      'GET /api/admin/order-deliveries': 'orders.read',
      // Favourites kept in the account (issue 14): the signed-in person's own.
      'GET /api/favourites': 'favourites.own',
      'PUT /api/favourites/:code': 'favourites.own',
      'DELETE /api/favourites/:code': 'favourites.own',
      'POST /api/favourites/merge': 'favourites.own',
      // "My orders" (issue 15): the signed-in person's own orders, by the account that placed them.
      'GET /api/account/orders': 'orders.own',
      'GET /api/account/orders/:number': 'orders.own',
    });
  });

  it('every state-changing route refuses a signed-in person who may use it when the CSRF token is missing', async () => {
    const missing: string[] = [];
    for (const route of shop.routes.filter((r) => r.method !== 'get')) {
      const role = ROLES.find((candidate) => candidate !== 'visitor' && can([candidate], route.capability)) as AccountRole;
      const account = accounts.get(role)!;
      const kind = (STAFF_ROLES as readonly string[]).includes(role) ? 'staff' : 'customer';
      const opened = await shop.identity.sessions.create({ ...account, roles: [role], kind }, '127.0.0.1', null);
      const response = await fetch(`${shop.base}${route.path.replace(/:[A-Za-z]+/g, 'nonexistent')}`, {
        method: route.method.toUpperCase(),
        headers: {
          'content-type': 'application/json',
          cookie: `buyloop_session=${opened.token}; buyloop_csrf=${opened.session.csrf}`,
        },
        body: '{}',
      });
      const body = (await response.json()) as { code?: string };
      if (response.status !== 403 || body.code !== 'auth.csrf_invalid')
        missing.push(`${route.method} ${route.path}: ${response.status}`);
    }
    expect(missing).toEqual([]);
  });

  it('the local ops token acts as an administrator on the ops endpoints and nowhere as a person', async () => {
    const withToken = await fetch(`${shop.base}/api/ops/projections`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(withToken.status).toBe(200);
    expect(((await withToken.json()) as { projections: { name: string }[] }).projections.map((p) => p.name)).toContain('users');
    const wrong = await fetch(`${shop.base}/api/ops/projections`, { headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(401);
    const account = await fetch(`${shop.base}/api/account/password`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ current_password: 'x', new_password: 'Abcdefgh-1', new_password_confirmation: 'Abcdefgh-1' }),
    });
    expect(account.status).toBe(403);
    // The local operator bootstraps administrators (pnpm ops users:create goes this way while the API runs).
    const bootstrap = await fetch(`${shop.base}/api/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first-admin@matrix.buyloop.cz', password: 'Matrix-Heslo-1', roles: ['administrator'] }),
    });
    expect(bootstrap.status).toBe(201);
  });
});
