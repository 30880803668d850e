import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalStream, userStream, type AccountRole } from '@buyloop/identity';
import { translate } from '@buyloop/i18n';
import { Browser, openShop, registerCustomer, STRONG_PASSWORD, type Shop } from './harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(engines)('accounts, staff and the supervisor check on %s', (engine) => {
  let shop: Shop;
  const staff = async (email: string, roles: string[]) => {
    await shop.identity.service.createAccount(
      {
        email,
        password: STRONG_PASSWORD,
        roles: roles as never,
        kind: roles.some((r) => ['customer', 'verified_customer', 'shop_account'].includes(r)) ? 'customer' : 'staff',
      },
      { actor: { userId: 'test', role: 'system' } },
      'test',
      { trustedOperator: true },
    );
    const browser = new Browser(shop.base, 'en');
    expect((await browser.logIn(email, STRONG_PASSWORD)).status).toBe(200);
    return browser;
  };

  beforeAll(async () => {
    shop = await openShop(engine);
  });
  afterAll(async () => shop?.close());

  it('keeps personal data and addresses, checks phone numbers and postcodes, and records each change as an event', async () => {
    const customer = await staff('adresy@example.cz', ['customer']);
    const bad = await customer.request('POST', '/api/account/addresses', {
      body: {
        kind: 'delivery',
        name: 'Jiří Křížek',
        street: 'Náměstí Míru 1',
        city: 'Praha',
        postcode: '999',
        country: 'CZ',
        phone_number: '12',
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(['phone_number', 'postcode']);
    const added = await customer.request('POST', '/api/account/addresses', {
      body: { kind: 'delivery', name: 'Jiří Křížek', street: 'Náměstí Míru 1', city: 'Praha', postcode: '12000', country: 'CZ' },
    });
    expect(added.status).toBe(201);
    const id = added.body.id as string;
    expect(added.body.addresses).toEqual([expect.objectContaining({ id, postcode: '120 00', city: 'Praha' })]);
    const changed = await customer.request('PUT', `/api/account/addresses/${id}`, {
      body: {
        kind: 'billing',
        name: 'Jiří Křížek',
        company: 'Křížek s.r.o.',
        street: 'Náměstí Míru 1',
        city: 'Praha',
        postcode: '120 00',
        country: 'CZ',
      },
    });
    expect((changed.body.addresses as { kind: string }[])[0]!.kind).toBe('billing');
    expect((await customer.request('DELETE', `/api/account/addresses/${id}`)).status).toBe(204);
    expect((await customer.request('DELETE', `/api/account/addresses/${id}`)).status).toBe(404);
    const user = await shop.identity.service.findByEmail('adresy@example.cz');
    const types = (await shop.events.readStream(userStream(user!.userId!))).map((e) => e.type);
    expect(types).toEqual(['UserRegistered', 'LoggedIn', 'AddressAdded', 'AddressChanged', 'AddressRemoved']);
  });

  it('a shop account cannot edit personal information; a visitor cannot change a password', async () => {
    const shopAccount = await staff('prodejna-brno@example.cz', ['shop_account']);
    const refused = await shopAccount.request('PUT', '/api/account/personal-data', {
      body: { first_name: 'Prodejna', last_name: 'Brno' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.title).toBe('You do not have permission to access this page');
    const visitor = await new Browser(shop.base).open();
    const change = await visitor.request('PUT', '/api/account/password', {
      body: { current_password: STRONG_PASSWORD, new_password: 'Nove-Heslo-2026', new_password_confirmation: 'Nove-Heslo-2026' },
    });
    expect(change.status).toBe(401);
  });

  it('changes a password only with the current one, and signs other browsers out', async () => {
    const first = await staff('heslo@example.cz', ['customer']);
    const second = new Browser(shop.base);
    expect((await second.logIn('heslo@example.cz', STRONG_PASSWORD)).status).toBe(200);
    const wrong = await first.request('PUT', '/api/account/password', {
      body: { current_password: 'Spatne-Heslo-1', new_password: 'Nove-Heslo-2026', new_password_confirmation: 'Nove-Heslo-2026' },
    });
    expect(wrong.body.errors).toEqual({ current_password: ['auth.current_password_wrong'] });
    const ok = await first.request('PUT', '/api/account/password', {
      body: { current_password: STRONG_PASSWORD, new_password: 'Nove-Heslo-2026', new_password_confirmation: 'Nove-Heslo-2026' },
    });
    expect(ok.status).toBe(200);
    expect((await first.request('GET', '/api/account')).status).toBe(200);
    expect((await second.request('GET', '/api/account')).status).toBe(401);
  });

  it('removes an account: the e-mail address is free again and the old password opens nothing', async () => {
    const customer = await staff('pryc@example.cz', ['customer']);
    expect((await customer.request('DELETE', '/api/account', { body: { password: 'Spatne-Heslo-1' } })).status).toBe(400);
    expect((await customer.request('DELETE', '/api/account', { body: { password: STRONG_PASSWORD } })).status).toBe(204);
    expect((await customer.request('GET', '/api/account')).status).toBe(401);
    expect((await new Browser(shop.base).logIn('pryc@example.cz', STRONG_PASSWORD)).status).toBe(401);
    const again = await registerCustomer(shop, 'pryc@example.cz', 'Jine-Heslo-2026');
    expect(((await again.request('GET', '/api/account')).body.user as { email: string }).email).toBe('pryc@example.cz');
  });

  it('registering an upper-case variant of a taken address answers as for a new one and tells the owner', async () => {
    await registerCustomer(shop, 'obsazeno@example.cz');
    const linksTo = (email: string) =>
      shop.mail.messages().filter((m) => m.to.includes(email) && /registrace\/potvrdit\?token=/.test(m.text)).length;
    const linksBefore = linksTo('obsazeno@example.cz');
    const ask = async (email: string) =>
      (await new Browser(shop.base, 'cs').open()).request('POST', '/api/auth/register', {
        body: { email, password: 'Jine-Heslo-2026', password_confirmation: 'Jine-Heslo-2026' },
      });
    const taken = await ask('OBSAZENO@example.cz');
    const fresh = await ask('neobsazeno@example.cz');
    expect(taken.status).toBe(202);
    expect(fresh).toMatchObject({ status: taken.status, body: taken.body });
    // The address is the owner's whatever its case: the owner hears of the attempt, and no second account is offered.
    const notice = await shop.mail.waitFor(
      (m) => m.to.includes('obsazeno@example.cz') && m.subject === translate('mail.registration_taken.subject', 'cs'),
      10_000,
    );
    expect(notice.text).not.toMatch(/token=/);
    await shop.mail.waitFor((m) => m.to.includes('neobsazeno@example.cz'), 10_000);
    expect(linksTo('obsazeno@example.cz')).toBe(linksBefore);
  });

  it('administrators create staff, change roles (ending the person’s sessions), and list users from the read model', async () => {
    const admin = await staff('admin@example.cz', ['administrator']);
    const created = await admin.request('POST', '/api/admin/users', {
      body: { email: 'sklad@example.cz', password: STRONG_PASSWORD, roles: ['warehouse'] },
    });
    expect(created.status).toBe(201);
    const userId = (created.body.user as { user_id: string }).user_id;
    const mixed = await admin.request('POST', '/api/admin/users', {
      body: { email: 'mix@example.cz', password: STRONG_PASSWORD, roles: ['warehouse', 'customer'] },
    });
    expect(mixed.body.errors).toEqual({ roles: ['auth.role_unknown'] });
    const worker = new Browser(shop.base);
    expect((await worker.logIn('sklad@example.cz', STRONG_PASSWORD)).status).toBe(200);
    // Supervisor is granted only through the supervisor check: one administrator alone cannot make one.
    const alone = await admin.request('PUT', `/api/admin/users/${userId}/roles`, {
      body: { roles: ['warehouse', 'supervisor'] },
    });
    expect(alone.body.errors).toEqual({ approval_id: ['auth.privileged_role_needs_approval'] });
    const selfMade = await admin.request('POST', '/api/admin/users', {
      body: { email: 'puppet@example.cz', password: STRONG_PASSWORD, roles: ['supervisor'] },
    });
    expect(selfMade.body.errors).toEqual({ approval_id: ['auth.privileged_role_needs_approval'] });
    const asked = await admin.request('POST', '/api/admin/approvals', {
      body: { action: 'staff_role', subject: 'sklad@example.cz', roles: ['warehouse', 'supervisor'], reason: 'Vedoucí skladu' },
    });
    const approval_id = asked.body.approval_id as string;
    const boss = await staff('boss-roles@example.cz', ['supervisor']);
    expect(
      (await boss.request('POST', `/api/admin/approvals/${approval_id}/decision`, { body: { decision: 'grant' } })).status,
    ).toBe(200);
    // An approval for someone else's e-mail does not count.
    expect(
      (
        await admin.request('POST', '/api/admin/users', {
          body: { email: 'puppet@example.cz', password: STRONG_PASSWORD, roles: ['supervisor'], approval_id },
        })
      ).body.errors,
    ).toEqual({ approval_id: ['auth.privileged_role_needs_approval'] });
    const roles = await admin.request('PUT', `/api/admin/users/${userId}/roles`, {
      body: { roles: ['warehouse', 'supervisor'], approval_id },
    });
    expect((roles.body.user as { roles: string[] }).roles).toEqual(['warehouse', 'supervisor']);
    const adminId = (await shop.identity.service.findByEmail('admin@example.cz'))!.userId!;
    const self = await admin.request('PUT', `/api/admin/users/${adminId}/roles`, { body: { roles: ['warehouse'] } });
    expect(self).toMatchObject({ status: 403, body: { code: 'auth.self_role_change' } });
    expect((await admin.request('DELETE', `/api/admin/users/${adminId}`)).status).toBe(403);
    expect((await worker.request('GET', '/api/account')).status).toBe(401);
    const change = (await shop.events.readStream(userStream(userId))).find((e) => e.type === 'RolesChanged')!;
    expect(change.data).toMatchObject({
      roles: ['warehouse', 'supervisor'],
      previous: ['warehouse'],
      clientAddress: expect.stringMatching(/127\.0\.0\.1/),
    });
    expect(change.metadata.actor.role).toBe('administrator');

    await shop.projector.waitFor('users', (await shop.events.readStream(userStream(userId))).at(-1)!.checkpoint, 5000);
    const list = await admin.request('GET', '/api/admin/users?search=sklad&sort=email&direction=asc');
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({ email: 'sklad@example.cz', roles: ['warehouse', 'supervisor'], kind: 'staff' }),
    ]);
    const badQuery = await admin.request('GET', '/api/admin/users?limit=5000&sort=password');
    expect(Object.keys(badQuery.body.errors as object).sort()).toEqual(['limit', 'sort']);
  });

  it('an approval of a role change allows exactly the change it names, once, within a day of the grant', async () => {
    // A shop of its own: its clock moves a day on.
    const own = await openShop(engine);
    try {
      const signedIn = async (email: string, roles: AccountRole[]) => {
        await own.identity.service.createAccount(
          { email, password: STRONG_PASSWORD, roles, kind: 'staff' },
          { actor: { userId: 'test', role: 'system' } },
          'test',
          { trustedOperator: true },
        );
        const browser = new Browser(own.base, 'cs');
        expect((await browser.logIn(email, STRONG_PASSWORD)).status).toBe(200);
        return { browser, userId: (await own.identity.service.findByEmail(email))!.userId! };
      };
      const admin = await signedIn('spravce@example.cz', ['administrator']);
      const boss = await signedIn('vedouci@example.cz', ['supervisor']);
      const worker = await signedIn('warehouse@example.cz', ['warehouse']);
      const rolesOf = async () => (await own.identity.service.userState(worker.userId)).roles;
      const approved = async (subject: string, roles: AccountRole[]) => {
        const asked = await admin.browser.request('POST', '/api/admin/approvals', {
          body: { action: 'staff_role', subject, roles, reason: 'Změna rolí' },
        });
        expect(asked.status).toBe(201);
        const id = asked.body.approval_id as string;
        const decided = await boss.browser.request('POST', `/api/admin/approvals/${id}/decision`, {
          body: { decision: 'grant' },
        });
        expect(decided.status).toBe(200);
        return id;
      };
      const setRoles = (roles: AccountRole[], approval_id: string) =>
        admin.browser.request('PUT', `/api/admin/users/${worker.userId}/roles`, { body: { roles, approval_id } });

      // A role change is asked for as the change it is.
      const unnamed = await admin.browser.request('POST', '/api/admin/approvals', {
        body: { action: 'staff_role', subject: 'warehouse@example.cz', reason: 'Změna rolí' },
      });
      expect(unnamed).toMatchObject({ status: 400, body: { errors: { roles: ['validation.required'] } } });

      // What the reviewers did: one approval, three changes. The address is matched as accounts store it.
      const approval_id = await approved('Warehouse@Example.cz', ['supervisor']);
      expect((await setRoles(['supervisor'], approval_id)).status).toBe(200);
      expect(await rolesOf()).toEqual(['supervisor']);
      // The reverse and a bigger change are refused: it allowed one change, and that is done.
      for (const roles of [['warehouse'], ['administrator', 'supervisor']] satisfies AccountRole[][]) {
        const refused = await setRoles(roles, approval_id);
        expect(refused).toMatchObject({ status: 400, body: { errors: { approval_id: ['auth.approval_used'] } } });
        expect((refused.body.messages as Record<string, string[]>).approval_id![0]).toMatch(/už bylo jednou použito/);
      }
      expect(await rolesOf()).toEqual(['supervisor']);
      const events = await own.events.readStream(approvalStream(approval_id));
      expect(events.map((event) => event.type)).toEqual(['ApprovalRequested', 'ApprovalGranted', 'ApprovalUsed']);
      expect(events[0]!.data).toMatchObject({ subject: 'warehouse@example.cz', roles: ['supervisor'] });
      expect(events[2]!.data).toMatchObject({ usedBy: admin.userId, requestedBy: admin.userId });

      // The same change again, after the operator undid it: still spent.
      await own.identity.service.changeRoles(
        worker.userId,
        ['warehouse'],
        { actor: { userId: 'ops', role: 'administrator' }, clientAddress: 'cli', userAgent: null, language: 'cs' },
        { trustedOperator: true },
      );
      expect((await setRoles(['supervisor'], approval_id)).body.errors).toEqual({ approval_id: ['auth.approval_used'] });
      expect(await rolesOf()).toEqual(['warehouse']);

      // An unspent approval allows only its own change: not another one, and a refused attempt does not spend it.
      const promotion = await approved('warehouse@example.cz', ['warehouse', 'supervisor']);
      expect((await setRoles(['supervisor'], promotion)).body.errors).toEqual({
        approval_id: ['auth.privileged_role_needs_approval'],
      });
      expect((await setRoles(['warehouse', 'supervisor'], promotion)).status).toBe(200);
      // Removing the account takes an approval of exactly that (no roles), and spends it too.
      const removeWith = (id: string) =>
        admin.browser.request('DELETE', `/api/admin/users/${worker.userId}`, { body: { approval_id: id } });
      const removal = await approved('warehouse@example.cz', []);
      const stillSupervisor = await approved('warehouse@example.cz', ['supervisor']);
      expect((await removeWith(stillSupervisor)).body.errors).toEqual({
        approval_id: ['auth.privileged_role_removal_needs_approval'],
      });
      expect((await removeWith(removal)).status).toBe(204);
      expect((await own.events.readStream(approvalStream(removal))).map((event) => event.type)).toContain('ApprovalUsed');

      // An approval is good for a day after its grant.
      const other = await signedIn('sklad-2@example.cz', ['warehouse']);
      const late = await approved('sklad-2@example.cz', ['warehouse', 'supervisor']);
      own.time.advance(24 * 3_600_000 + 60_000);
      const stale = new Browser(own.base, 'cs');
      expect((await stale.logIn('spravce@example.cz', STRONG_PASSWORD)).status).toBe(200);
      const expired = await stale.request('PUT', `/api/admin/users/${other.userId}/roles`, {
        body: { roles: ['warehouse', 'supervisor'], approval_id: late },
      });
      expect(expired).toMatchObject({ status: 400, body: { errors: { approval_id: ['auth.approval_expired'] } } });
      expect((await own.identity.service.userState(other.userId)).roles).toEqual(['warehouse']);
    } finally {
      await own.close();
    }
  });

  it('the supervisor check: a second person with the supervisor role decides, and the approval names both', async () => {
    const finance = await staff('finance@example.cz', ['finance', 'supervisor']);
    const requested = await finance.request('POST', '/api/admin/approvals', {
      body: {
        action: 'payout',
        subject: 'VK-2026-000123',
        amount: 25_000,
        currency: 'CZK',
        reason: 'Výkup iPhone 15, nad limit',
      },
    });
    expect(requested.status).toBe(201);
    const approvalId = requested.body.approval_id as string;
    const self = await finance.request('POST', `/api/admin/approvals/${approvalId}/decision`, { body: { decision: 'grant' } });
    expect(self.status).toBe(403);
    expect(self.body.code).toBe('auth.supervisor_self_approval');
    const warehouse = await staff('sklad2@example.cz', ['warehouse']);
    expect(
      (await warehouse.request('POST', `/api/admin/approvals/${approvalId}/decision`, { body: { decision: 'grant' } })).status,
    ).toBe(403);
    const supervisor = await staff('vedouci@example.cz', ['supervisor']);
    const granted = await supervisor.request('POST', `/api/admin/approvals/${approvalId}/decision`, {
      body: { decision: 'grant', note: 'OK' },
    });
    expect(granted.body).toEqual({ approval_id: approvalId, status: 'granted' });
    const again = await supervisor.request('POST', `/api/admin/approvals/${approvalId}/decision`, {
      body: { decision: 'reject' },
    });
    expect(again.body.code).toBe('auth.approval_already_decided');
    const events = await shop.events.readStream(approvalStream(approvalId));
    const requester = await shop.identity.service.findByEmail('finance@example.cz');
    const approver = await shop.identity.service.findByEmail('vedouci@example.cz');
    expect(events.map((e) => e.type)).toEqual(['ApprovalRequested', 'ApprovalGranted']);
    expect(events[1]!.data).toMatchObject({ requestedBy: requester!.userId, approvedBy: approver!.userId });
    expect(events[1]!.metadata.actor).toEqual({ userId: approver!.userId, role: 'supervisor' });
  });
});
