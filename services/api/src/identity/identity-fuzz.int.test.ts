import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_TEXTS } from '@buyloop/validation/hostile-texts';
import type { AccountRole } from '@buyloop/identity';
import { Browser, openShop, registerCustomer, STRONG_PASSWORD, type Shop } from './harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

/** Wrong types and odd values, as JSON, that no identity field takes for what it is. */
const ODD_VALUES: readonly unknown[] = [
  null,
  0,
  -1,
  1.5,
  true,
  [],
  ['a'],
  {},
  { __proto__: { polluted: true } },
  '',
  ' \t\n ',
  'x'.repeat(5_000),
];

type Body = Record<string, unknown>;

interface Route {
  readonly method: 'POST' | 'PUT' | 'DELETE';
  readonly path: () => string;
  readonly as: () => Browser;
  readonly valid: () => Body;
  /** The free-text fields: each must refuse every hostile text under its own name. */
  readonly texts: readonly string[];
  /** Where the valid body itself is refused (a made-up link, a wrong current password), so an odd value may be too. */
  readonly refusedAnyway?: readonly string[];
}

/**
 * DESIGN.md section 5 for the identity routes, and the outside review's
 * findings 3 and 4: every free-text field of every identity route gets
 * every family of characters the text rule refuses (control characters,
 * direction overrides and isolates, zero-width and other invisible
 * characters, lone surrogates), and every field a wrong type or an odd
 * value. Each must be refused by the route itself: 400 problem+json, the
 * field's own name, the rule's translated message, never a 500, nothing
 * written. Deterministic and bounded: the same few hundred requests on
 * every run.
 */
describe.each(engines)('every identity route refuses hostile text and malformed input, on %s', (engine) => {
  let shop: Shop;
  let customer: Browser;
  let admin: Browser;
  let supervisor: Browser;
  let addressId: string;
  let approvalId: string;

  const staff = async (email: string, roles: AccountRole[]) => {
    await shop.identity.service.createAccount(
      { email, password: STRONG_PASSWORD, roles, kind: 'staff' },
      { actor: { userId: 'test', role: 'system' } },
      'test',
      { trustedOperator: true },
    );
    const browser = new Browser(shop.base, 'cs');
    expect((await browser.logIn(email, STRONG_PASSWORD)).status).toBe(200);
    return browser;
  };

  beforeAll(async () => {
    shop = await openShop(engine);
    customer = await registerCustomer(shop, 'fuzz-zakaznik@example.cz');
    admin = await staff('fuzz-spravce@example.cz', ['administrator']);
    supervisor = await staff('fuzz-vedouci@example.cz', ['supervisor']);
    const added = await customer.request('POST', '/api/account/addresses', { body: address() });
    expect(added.status).toBe(201);
    addressId = added.body.id as string;
    const asked = await admin.request('POST', '/api/admin/approvals', {
      body: { action: 'payout', subject: '0000000042', amount: 25_000, currency: 'CZK', reason: 'Nad limit' },
    });
    expect(asked.status).toBe(201);
    approvalId = asked.body.approval_id as string;
  }, 60_000);
  afterAll(async () => shop?.close());

  const address = (): Body => ({
    kind: 'delivery',
    name: 'Eva Nováková',
    company: 'Nováková s.r.o.',
    street: 'Dlouhá 5',
    city: 'Praha',
    district: 'Praha 1',
    postcode: '110 00',
    country: 'CZ',
    phone_number: '603 123 456',
  });

  const routes = (): Route[] => [
    {
      method: 'PUT',
      path: () => '/api/account/personal-data',
      as: () => customer,
      valid: () => ({
        degree_before_name: 'Ing.',
        first_name: 'Eva',
        last_name: 'Nováková',
        phone_number: '603 123 456',
        birth_date: '1985-03-15',
      }),
      texts: ['degree_before_name', 'first_name', 'last_name', 'phone_number'],
    },
    {
      method: 'POST',
      path: () => '/api/account/addresses',
      as: () => customer,
      valid: address,
      texts: ['name', 'company', 'street', 'city', 'district', 'postcode', 'phone_number'],
    },
    {
      method: 'PUT',
      path: () => `/api/account/addresses/${addressId}`,
      as: () => customer,
      valid: address,
      texts: ['name', 'company', 'street', 'city', 'district', 'postcode', 'phone_number'],
    },
    {
      method: 'POST',
      path: () => '/api/admin/approvals',
      as: () => admin,
      valid: () => ({ action: 'staff_role', subject: 'fuzz-zakaznik@example.cz', reason: 'Povýšení' }),
      texts: ['subject', 'reason'],
    },
    {
      method: 'POST',
      path: () => `/api/admin/approvals/${approvalId}/decision`,
      as: () => supervisor,
      valid: () => ({ decision: 'reject', note: 'Ne' }),
      texts: ['note'],
    },
    // Routes without free text, for the wrong types and odd values.
    {
      method: 'POST',
      path: () => '/api/auth/register',
      as: () => new Browser(shop.base, 'cs'),
      valid: () => ({ email: 'novy@example.cz', password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD }),
      texts: [],
    },
    {
      method: 'POST',
      path: () => '/api/auth/register/confirm',
      as: () => new Browser(shop.base, 'cs'),
      valid: () => ({ token: 'not-a-link', password: STRONG_PASSWORD }),
      texts: [],
      refusedAnyway: ['token'],
    },
    {
      method: 'POST',
      path: () => '/api/auth/password-reset/complete',
      as: () => new Browser(shop.base, 'cs'),
      valid: () => ({
        user: '0b0c1f3e-8a4b-4f7e-9a51-2b8f0e6c1d2a',
        token: 't',
        password: STRONG_PASSWORD,
        password_confirmation: STRONG_PASSWORD,
      }),
      texts: [],
      refusedAnyway: ['token'],
    },
    {
      method: 'PUT',
      path: () => '/api/account/password',
      as: () => customer,
      valid: () => ({
        current_password: 'Spatne-Heslo-1',
        new_password: 'Nove-Heslo-2026',
        new_password_confirmation: 'Nove-Heslo-2026',
      }),
      texts: [],
      refusedAnyway: ['current_password'],
    },
    {
      method: 'POST',
      path: () => '/api/admin/users',
      as: () => admin,
      valid: () => ({ email: 'fuzz-sklad@example.cz', password: STRONG_PASSWORD, roles: ['warehouse'] }),
      texts: [],
    },
  ];

  /** Sends one body; checks what every refusal must be, and returns the problem. */
  const probe = async (route: Route, body: Body, label: string, violations: string[]) => {
    const browser = route.as();
    if (!browser.cookies.has('buyloop_csrf')) await browser.open();
    const before = await shop.events.headPosition();
    const answer = await browser.request(route.method, route.path(), { body });
    const name = `${route.method} ${route.path()} [${label}]`;
    if (answer.status >= 500) violations.push(`${name}: ${answer.status}`);
    if (answer.status >= 400 && !answer.headers.get('content-type')?.startsWith('application/problem+json'))
      violations.push(`${name}: refused without problem+json`);
    if (answer.status >= 400 && (await shop.events.headPosition()) !== before)
      violations.push(`${name}: wrote events although refused`);
    return answer;
  };

  it('refuses every hostile text in every free-text field under the field’s own name, translated', async () => {
    const violations: string[] = [];
    let sent = 0;
    for (const route of routes())
      for (const field of route.texts)
        for (const [name, text] of Object.entries(HOSTILE_TEXTS)) {
          const answer = await probe(route, { ...route.valid(), [field]: text }, `${field} = ${name}`, violations);
          sent += 1;
          const errors = (answer.body.errors ?? {}) as Record<string, string[]>;
          const messages = (answer.body.messages ?? {}) as Record<string, string[]>;
          if (
            answer.status !== 400 ||
            !errors[field]?.includes('validation.text_characters_invalid') ||
            !messages[field]?.some((message) => /neviditelné nebo řídicí znaky/.test(message))
          )
            violations.push(
              `${route.method} ${route.path()} ${field} = ${name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
            );
        }
    // 21 free-text fields across five routes.
    expect(sent).toBe(21 * Object.keys(HOSTILE_TEXTS).length);
    expect(violations).toEqual([]);
  }, 180_000);

  it('answers wrong types and odd values in every field below 500, as problem+json under the field, writing nothing', async () => {
    const violations: string[] = [];
    for (const route of routes())
      for (const field of Object.keys(route.valid()))
        for (const [i, value] of ODD_VALUES.entries()) {
          // A rotation, so every field meets several values and every value several fields, the same on every run.
          if ((i + field.length) % 3 !== 0) continue;
          const answer = await probe(
            route,
            { ...route.valid(), [field]: value },
            `${field} = ${JSON.stringify(value).slice(0, 20)}`,
            violations,
          );
          if (
            answer.status === 400 &&
            !Object.keys((answer.body.errors ?? {}) as object).some(
              (key) =>
                key === field ||
                key.startsWith(`${field}.`) ||
                // A password the schema takes no longer matches its confirmation.
                key === `${field}_confirmation` ||
                (route.refusedAnyway ?? []).includes(key),
            )
          )
            violations.push(`${route.method} ${route.path()} ${field}: refused under ${JSON.stringify(answer.body.errors)}`);
        }
    for (const route of routes()) {
      await probe(route, { ...route.valid(), is_admin: true }, 'unknown member', violations);
      await probe(route, JSON.parse('{"__proto__": {"polluted": true}}') as Body, '__proto__ member', violations);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(violations).toEqual([]);
  }, 180_000);
});
