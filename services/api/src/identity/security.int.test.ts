import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '@buyloop/identity';
import { Browser, openShop, registerCustomer, registrationLinkFor, STRONG_PASSWORD, type Shop } from './harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(engines)('sessions, CSRF, throttling and reset links on %s', (engine) => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop(engine);
  });
  afterAll(async () => shop?.close());

  const register = (email: string, password = STRONG_PASSWORD) => registerCustomer(shop, email, password);

  /** Registers through the API with plain fetch, to read the confirmation's own Set-Cookie headers. */
  const confirmRegistration = async (target: Shop, email: string) => {
    const browser = await new Browser(target.base).open();
    const csrf = browser.cookies.get('buyloop_csrf')!;
    const headers = { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `buyloop_csrf=${csrf}` };
    const asked = await fetch(`${target.base}/api/auth/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD }),
    });
    expect(asked.status).toBe(202);
    const link = await registrationLinkFor(target, email.toLowerCase());
    return fetch(`${target.base}/api/auth/register/confirm`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ token: link.searchParams.get('token'), password: STRONG_PASSWORD }),
    });
  };

  it('registers a customer through the e-mailed link, signed in at once with an HttpOnly SameSite session cookie', async () => {
    const response = await confirmRegistration(shop, 'Jiri.Krizek@Example.cz');
    expect(response.status).toBe(201);
    const session = response.headers.getSetCookie().find((c) => c.startsWith('buyloop_session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(((await response.json()) as { user: { email: string; roles: string[] } }).user).toMatchObject({
      email: 'jiri.krizek@example.cz',
      roles: ['customer'],
    });
  });

  it('in production the session and CSRF cookies are Secure (TLS ends at the proxy in front of the API)', async () => {
    const production = await openShop(engine, 'production');
    try {
      const response = await confirmRegistration(production, 'secure@example.cz');
      expect(response.status).toBe(201);
      const cookies = response.headers.getSetCookie();
      expect(cookies.find((c) => c.startsWith('buyloop_session='))).toMatch(/; Secure/);
      expect(cookies.find((c) => c.startsWith('buyloop_csrf='))).toMatch(/; Secure/);
    } finally {
      await production.close();
    }
  });

  it('refuses passwords that break the spec rules, in Czech, field by field, and keeps nothing', async () => {
    const browser = await new Browser(shop.base, 'cs').open();
    const before = await shop.events.headPosition();
    const numeric = await browser.request('POST', '/api/auth/register', {
      body: { email: 'eva@example.cz', password: '12345678901', password_confirmation: '12345678901' },
    });
    expect(numeric.status).toBe(400);
    expect(numeric.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(numeric.body.errors).toEqual({ password: ['validation.password_rules'] });
    expect((numeric.body.messages as Record<string, string[]>).password![0]).toMatch(/velké písmeno/i);
    const short = await browser.request('POST', '/api/auth/register', {
      body: { email: 'eva@example.cz', password: 'Ab1!', password_confirmation: 'Ab1!' },
    });
    expect(short.body.errors).toEqual({ password: ['validation.password_too_short'] });
    const mismatch = await browser.request('POST', '/api/auth/register', {
      body: { email: 'eva@example.cz', password: STRONG_PASSWORD, password_confirmation: 'Jine-heslo-123' },
    });
    expect(mismatch.body.errors).toEqual({ password_confirmation: ['validation.passwords_must_match'] });
    const unknownField = await browser.request('POST', '/api/auth/register', {
      body: { email: 'eva@example.cz', password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD, role: 'administrator' },
    });
    expect(unknownField.body.errors).toEqual({ role: ['validation.unknown_field'] });
    expect(await shop.events.headPosition()).toBe(before);
  });

  it('CSRF: a state-changing call without the token, with a forged one, or with another session’s is refused and changes nothing', async () => {
    const browser = await register('csrf@example.cz');
    const personal = { first_name: 'Ana', last_name: 'Ștefănescu' };
    const none = await browser.request('PUT', '/api/account/personal-data', { body: personal, csrf: 'none' });
    expect(none.status).toBe(403);
    expect(none.body.code).toBe('auth.csrf_invalid');
    const forged = await browser.request('PUT', '/api/account/personal-data', { body: personal, csrf: 'forged-token' });
    expect(forged.status).toBe(403);
    // A token that matches its cookie but belongs to another browser's session.
    const other = await register('csrf-other@example.cz');
    const stolen = other.cookies.get('buyloop_csrf')!;
    const crossed = new Browser(shop.base);
    crossed.cookies.set('buyloop_session', browser.cookies.get('buyloop_session')!);
    crossed.cookies.set('buyloop_csrf', stolen);
    expect((await crossed.request('PUT', '/api/account/personal-data', { body: personal })).status).toBe(403);
    expect(((await browser.request('GET', '/api/account')).body.user as { personal: unknown }).personal).toBeNull();
    // A visitor's login and registration need it too.
    const visitor = new Browser(shop.base);
    expect(
      (
        await visitor.request('POST', '/api/auth/register', {
          body: { email: 'x@example.cz', password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD },
        })
      ).status,
    ).toBe(403);
    expect(await shop.identity.service.findByEmail('x@example.cz')).toBeNull();
    const ok = await browser.request('PUT', '/api/account/personal-data', { body: { ...personal, phone_number: '777 123 456' } });
    expect(ok.status).toBe(200);
    expect((ok.body.user as { personal: { phone_number: string } }).personal.phone_number).toBe('+420777123456');
  });

  it('registrations racing for one address: every link is answered, exactly one account gets the address', async () => {
    const links: URL[] = [];
    for (let i = 0; i < 3; i++) {
      const browser = await new Browser(shop.base).open();
      const asked = await browser.request('POST', '/api/auth/register', {
        body: { email: 'race@example.cz', password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD },
      });
      expect(asked.status).toBe(202);
      links.push(await registrationLinkFor(shop, 'race@example.cz'));
    }
    const answers = await Promise.all(
      links.map(async (link) =>
        (await new Browser(shop.base).open()).request('POST', '/api/auth/register/confirm', {
          body: { token: link.searchParams.get('token'), password: STRONG_PASSWORD },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400))
      expect(refused.body.errors).toEqual({ token: ['auth.registration_link_invalid'] });
    const accounts = (await shop.events.readAll()).filter(
      (e) => e.type === 'UserRegistered' && (e.data as { email: string }).email === 'race@example.cz',
    );
    expect(accounts).toHaveLength(1);
  });

  it('odd input never breaks the API: prototype-named fields and ids are plain bad input', async () => {
    const browser = await register('odd@example.cz');
    const proto = await browser.request('POST', '/api/auth/login', {
      body: JSON.parse('{"__proto__": {"x": 1}, "email": "odd@example.cz", "password": "x"}') as object,
    });
    expect(proto.status).toBe(400);
    expect(Object.keys(proto.body.errors as object)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(proto.body.errors, '__proto__')?.value).toEqual(['validation.unknown_field']);
    for (const id of ['constructor', 'toString', '__proto__'])
      expect((await browser.request('DELETE', `/api/account/addresses/${id}`)).status).toBe(404);
    const link = await browser.request('POST', '/api/auth/password-reset/complete', {
      body: { user: 'x ', token: 't', password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD },
    });
    expect(link.body.errors).toEqual({ token: ['auth.reset_link_invalid'] });
  });

  it('parallel logins cannot slip past the throttle: at most five get an answer on the password', async () => {
    await register('parallel@example.cz');
    const attempts = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const browser = await new Browser(shop.base).open();
        return browser.request('POST', '/api/auth/login', {
          body: { email: i % 2 ? 'Parallel@Example.cz' : 'parallel@example.CZ', password: `Spatne-heslo-${i}` },
        });
      }),
    );
    const answered = attempts.filter((a) => a.status !== 429);
    expect(answered.map((a) => `${a.status} ${String(a.body.code)}`)).toEqual(answered.map(() => '401 auth.login_failed'));
    expect(answered.length).toBeLessThanOrEqual(5);
    expect(attempts.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(7);
    // The right password, too, waits for the window to pass.
    expect((await new Browser(shop.base).logIn('parallel@example.cz', STRONG_PASSWORD)).status).toBe(429);
    shop.time.advance(15 * 60_000 + 1000);
    expect((await new Browser(shop.base).logIn('parallel@example.cz', STRONG_PASSWORD)).status).toBe(200);
  });

  it('throttles failed logins per account, even with the right password, records each failure with the address, and lets go after the window', async () => {
    await register('throttle@example.cz');
    const attacker = await new Browser(shop.base, 'cs').open();
    for (let i = 0; i < 5; i++) {
      const failed = await attacker.request('POST', '/api/auth/login', {
        body: { email: 'throttle@example.cz', password: `Spatne-heslo-${i}` },
      });
      expect(failed.status).toBe(401);
      expect(failed.body.code).toBe('auth.login_failed');
    }
    const blocked = await attacker.request('POST', '/api/auth/login', {
      body: { email: 'throttle@example.cz', password: STRONG_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('auth.login_throttled');
    expect(blocked.body.title).toMatch(/15 minut/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const user = await shop.identity.service.findByEmail('throttle@example.cz');
    const failures = (await shop.events.readStream(userStream(user!.userId!))).filter((e) => e.type === 'LoginFailed');
    expect(failures).toHaveLength(5);
    expect(failures[0]!.data).toMatchObject({ reason: 'wrong_password', clientAddress: expect.stringMatching(/127\.0\.0\.1/) });
    shop.time.advance(15 * 60_000 + 1000);
    expect((await attacker.logIn('throttle@example.cz', STRONG_PASSWORD)).status).toBe(200);
  });

  it('throttles one client address trying many accounts', async () => {
    const scanner = await new Browser(shop.base).open();
    for (let i = 0; i < 20; i++)
      expect(
        (await scanner.request('POST', '/api/auth/login', { body: { email: `nobody${i}@example.cz`, password: 'Cokoliv-123' } }))
          .status,
      ).toBe(401);
    const next = await scanner.request('POST', '/api/auth/login', {
      body: { email: 'someone-else@example.cz', password: 'Cokoliv-123' },
    });
    expect(next.status).toBe(429);
    shop.time.advance(15 * 60_000 + 1000);
  });

  it('resets a password through a link e-mailed over SMTP: once, before it expires, ending every session', async () => {
    const signedIn = await register('reset@example.cz');
    // Only the reset e-mails from here on (registering sent one of its own).
    shop.mail.clear();
    const visitor = await new Browser(shop.base, 'cs').open();
    const unknown = await visitor.request('POST', '/api/auth/password-reset', { body: { email: 'no-account@example.cz' } });
    const known = await visitor.request('POST', '/api/auth/password-reset', { body: { email: 'reset@example.cz' } });
    expect(known.status).toBe(202);
    expect(unknown).toMatchObject({ status: 202, body: known.body });
    const mail = await shop.mail.waitFor((m) => m.to.includes('reset@example.cz'));
    expect(shop.mail.messages().some((m) => m.to.includes('no-account@example.cz'))).toBe(false);
    expect(mail.subject).toMatch(/hesl/i);
    const link = new URL(/https:\/\/shop\.buyloop\.invalid\S+/.exec(mail.text)![0]);
    const user = link.searchParams.get('user')!;
    const token = link.searchParams.get('token')!;
    const newPassword = 'Nove-Heslo-2026';

    const done = await visitor.request('POST', '/api/auth/password-reset/complete', {
      body: { user, token, password: newPassword, password_confirmation: newPassword },
    });
    expect(done.status).toBe(204);
    expect((await signedIn.request('GET', '/api/account')).status).toBe(401);
    expect((await new Browser(shop.base).logIn('reset@example.cz', STRONG_PASSWORD)).status).toBe(401);
    expect((await new Browser(shop.base).logIn('reset@example.cz', newPassword)).status).toBe(200);

    const reused = await visitor.request('POST', '/api/auth/password-reset/complete', {
      body: { user, token, password: 'Treti-Heslo-2026', password_confirmation: 'Treti-Heslo-2026' },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.errors).toEqual({ token: ['auth.reset_link_used'] });

    // A newer link supersedes an older one.
    shop.mail.clear();
    await visitor.request('POST', '/api/auth/password-reset', { body: { email: 'reset@example.cz' } });
    const older = new URL(
      /https:\/\/shop\.buyloop\.invalid\S+/.exec((await shop.mail.waitFor((m) => m.to.includes('reset@example.cz'))).text)![0],
    );
    shop.mail.clear();
    await visitor.request('POST', '/api/auth/password-reset', { body: { email: 'reset@example.cz' } });
    await shop.mail.waitFor((m) => m.to.includes('reset@example.cz'));
    const superseded = await visitor.request('POST', '/api/auth/password-reset/complete', {
      body: {
        user,
        token: older.searchParams.get('token'),
        password: 'Treti-Heslo-2026',
        password_confirmation: 'Treti-Heslo-2026',
      },
    });
    expect(superseded.body.errors).toEqual({ token: ['auth.reset_link_used'] });
    // Past three links an hour, no more mail is sent (the answer stays the same).
    shop.mail.clear();
    const fourth = await visitor.request('POST', '/api/auth/password-reset', { body: { email: 'reset@example.cz' } });
    expect(fourth.status).toBe(202);
    await expect(shop.mail.waitFor((m) => m.to.includes('reset@example.cz'), 500)).rejects.toThrow();
    shop.time.advance(61 * 60_000);

    shop.mail.clear();
    await visitor.request('POST', '/api/auth/password-reset', { body: { email: 'reset@example.cz' } });
    const second = new URL(
      /https:\/\/shop\.buyloop\.invalid\S+/.exec((await shop.mail.waitFor((m) => m.to.includes('reset@example.cz'))).text)![0],
    );
    shop.time.advance(61 * 60_000);
    const expired = await visitor.request('POST', '/api/auth/password-reset/complete', {
      body: {
        user,
        token: second.searchParams.get('token'),
        password: 'Treti-Heslo-2026',
        password_confirmation: 'Treti-Heslo-2026',
      },
    });
    expect(expired.status).toBe(400);
    expect(expired.body.errors).toEqual({ token: ['auth.reset_link_expired'] });
    expect((expired.body.messages as Record<string, string[]>).token![0]).toMatch(/platnost|vypršel/i);
    const forged = await visitor.request('POST', '/api/auth/password-reset/complete', {
      body: { user, token: 'guessed', password: 'Treti-Heslo-2026', password_confirmation: 'Treti-Heslo-2026' },
    });
    expect(forged.body.errors).toEqual({ token: ['auth.reset_link_invalid'] });
    expect((await new Browser(shop.base).logIn('reset@example.cz', newPassword)).status).toBe(200);
  });
});
