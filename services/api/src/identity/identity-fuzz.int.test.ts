import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HOSTILE_TEXTS } from '@buyloop/validation/hostile-texts';
import { passwordField } from '@buyloop/contracts/identity/http';
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

/**
 * The fields of a request schema a person types free text into: its plain
 * string leaves, by path. A string with a format (an e-mail address, a UUID,
 * a date, a pattern) is held to that format instead, a password to the
 * password rules; `except` names the strings that are not typed text (a
 * link's token, an id). Derived, not listed, so a field added to a schema is
 * fuzzed without anyone remembering to.
 */
function freeTextFields(schema: z.ZodType, except: readonly string[] = [], at: readonly string[] = []): string[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return freeTextFields(schema.unwrap() as z.ZodType, except, at);
  if (schema instanceof z.ZodPipe) return freeTextFields(schema.in as z.ZodType, except, at);
  if (schema instanceof z.ZodObject)
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
      freeTextFields(field, except, [...at, key]),
    );
  if (schema instanceof z.ZodArray) return freeTextFields(schema.element as z.ZodType, except, [...at, '0']);
  const path = at.join('.');
  return schema instanceof z.ZodString && schema.format === null && schema !== passwordField && !except.includes(path)
    ? [path]
    : [];
}

interface Route {
  /** As the route is declared (`PUT /api/account/addresses/:addressId`): its body schema gives the free-text fields. */
  readonly declared: string;
  readonly path: () => string;
  readonly as: () => Browser;
  readonly valid: () => Body;
  /** Strings of the body that are not typed text (a link's token, an id). */
  readonly notText?: readonly string[];
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
      declared: 'PUT /api/account/personal-data',
      path: () => '/api/account/personal-data',
      as: () => customer,
      valid: () => ({
        degree_before_name: 'Ing.',
        first_name: 'Eva',
        last_name: 'Nováková',
        phone_number: '603 123 456',
        birth_date: '1985-03-15',
      }),
    },
    {
      declared: 'POST /api/account/addresses',
      path: () => '/api/account/addresses',
      as: () => customer,
      valid: address,
    },
    {
      declared: 'PUT /api/account/addresses/:addressId',
      path: () => `/api/account/addresses/${addressId}`,
      as: () => customer,
      valid: address,
    },
    {
      declared: 'POST /api/admin/approvals',
      path: () => '/api/admin/approvals',
      as: () => admin,
      valid: () => ({
        action: 'staff_role',
        subject: 'fuzz-sklad@example.cz',
        roles: ['warehouse', 'supervisor'],
        reason: 'Povýšení',
      }),
    },
    {
      declared: 'POST /api/admin/approvals/:approvalId/decision',
      path: () => `/api/admin/approvals/${approvalId}/decision`,
      as: () => supervisor,
      valid: () => ({ decision: 'reject', note: 'Ne' }),
    },
    // Routes without free text, for the wrong types and odd values.
    {
      declared: 'POST /api/auth/register',
      path: () => '/api/auth/register',
      as: () => new Browser(shop.base, 'cs'),
      valid: () => ({ email: 'novy@example.cz', password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD }),
    },
    {
      declared: 'POST /api/auth/register/confirm',
      path: () => '/api/auth/register/confirm',
      as: () => new Browser(shop.base, 'cs'),
      valid: () => ({ token: 'not-a-link', password: STRONG_PASSWORD }),
      notText: ['token'],
      refusedAnyway: ['token'],
    },
    {
      declared: 'POST /api/auth/password-reset/complete',
      path: () => '/api/auth/password-reset/complete',
      as: () => new Browser(shop.base, 'cs'),
      valid: () => ({
        user: '0b0c1f3e-8a4b-4f7e-9a51-2b8f0e6c1d2a',
        token: 't',
        password: STRONG_PASSWORD,
        password_confirmation: STRONG_PASSWORD,
      }),
      notText: ['user', 'token'],
      refusedAnyway: ['token'],
    },
    {
      declared: 'PUT /api/account/password',
      path: () => '/api/account/password',
      as: () => customer,
      valid: () => ({
        current_password: 'Spatne-Heslo-1',
        new_password: 'Nove-Heslo-2026',
        new_password_confirmation: 'Nove-Heslo-2026',
      }),
      refusedAnyway: ['current_password'],
    },
    {
      declared: 'POST /api/admin/users',
      path: () => '/api/admin/users',
      as: () => admin,
      valid: () => ({ email: 'fuzz-sklad@example.cz', password: STRONG_PASSWORD, roles: ['warehouse'] }),
    },
  ];

  const methodOf = (route: Route) => route.declared.split(' ')[0]!;
  /** The body schema the route declares (and validates with): the contract's request schema. */
  const bodySchemaOf = (declared: string): z.ZodType => {
    const found = shop.routes.find((route) => `${route.method.toUpperCase()} ${route.path}` === declared);
    if (!found?.contract?.body) throw new Error(`No route ${declared} with a JSON body is declared`);
    return found.contract.body;
  };
  const textsOf = (route: Route) => freeTextFields(bodySchemaOf(route.declared), route.notText);

  /** Sends one body; checks what every refusal must be, and returns the problem. */
  const probe = async (route: Route, body: Body, label: string, violations: string[]) => {
    const browser = route.as();
    if (!browser.cookies.has('buyloop_csrf')) await browser.open();
    const before = await shop.events.headPosition();
    const answer = await browser.request(methodOf(route), route.path(), { body });
    const name = `${methodOf(route)} ${route.path()} [${label}]`;
    if (answer.status >= 500) violations.push(`${name}: ${answer.status}`);
    if (answer.status >= 400 && !answer.headers.get('content-type')?.startsWith('application/problem+json'))
      violations.push(`${name}: refused without problem+json`);
    if (answer.status >= 400 && (await shop.events.headPosition()) !== before)
      violations.push(`${name}: wrote events although refused`);
    return answer;
  };

  it('fuzzes every identity route whose body takes free text, and finds the fields the review named', () => {
    const fuzzed = new Set(routes().map((route) => route.declared));
    const withText = shop.routes
      .filter((route) => route.tag === 'Identity' && route.contract?.body)
      .map((route) => `${route.method.toUpperCase()} ${route.path}`)
      .filter((declared) => freeTextFields(bodySchemaOf(declared)).length > 0);
    expect(withText.filter((declared) => !fuzzed.has(declared))).toEqual([]);
    const fields = (declared: string) => textsOf(routes().find((route) => route.declared === declared)!);
    expect(fields('PUT /api/account/personal-data')).toEqual(['degree_before_name', 'first_name', 'last_name', 'phone_number']);
    expect(fields('POST /api/account/addresses')).toEqual([
      'name',
      'company',
      'street',
      'city',
      'district',
      'postcode',
      'phone_number',
    ]);
    expect(fields('POST /api/admin/approvals/:approvalId/decision')).toEqual(['note']);
    // Tokens, ids, e-mail addresses, passwords and dates are not free text.
    expect(fields('POST /api/auth/password-reset/complete')).toEqual([]);
    expect(fields('POST /api/admin/users')).toEqual([]);
  });

  it('refuses every hostile text in every free-text field under the field’s own name, translated', async () => {
    const violations: string[] = [];
    let sent = 0;
    let fields = 0;
    for (const route of routes())
      for (const field of textsOf(route)) {
        fields += 1;
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
              `${methodOf(route)} ${route.path()} ${field} = ${name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
            );
        }
      }
    // At least the 21 free-text fields the five routes had when the review came.
    expect(fields).toBeGreaterThanOrEqual(21);
    expect(sent).toBe(fields * Object.keys(HOSTILE_TEXTS).length);
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
            violations.push(`${methodOf(route)} ${route.path()} ${field}: refused under ${JSON.stringify(answer.body.errors)}`);
        }
    for (const route of routes()) {
      await probe(route, { ...route.valid(), is_admin: true }, 'unknown member', violations);
      await probe(route, JSON.parse('{"__proto__": {"polluted": true}}') as Body, '__proto__ member', violations);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(violations).toEqual([]);
  }, 180_000);
});
