import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, Page } from 'playwright-core';
import type { AccountRole } from '@buyloop/identity';
import { Browser, openShop, type Shop } from '../identity/harness';
import { ensureFrontEndsBuilt, hydrated, launchChromium, snapshot } from './browser-harness';

const PASSWORD = 'Schvalovani-Heslo-2026';

/**
 * The back office's approvals page in real Chromium: a supervisor looks up a
 * request by its id, sees what it allows (a role change names the roles the
 * person is to hold), grants it, and sees it spent once the administrator
 * made the change; a payout's request reads as before.
 */
describe('the supervisor check in the back office', () => {
  let shop: Shop;
  let chromium: Chromium;
  let admin: Browser;
  let workerId: string;

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', { frontEnds: true, clockStart: new Date().toISOString() });
    const accounts: readonly (readonly [string, AccountRole])[] = [
      ['spravce@approvals.buyloop.cz', 'administrator'],
      ['vedouci@approvals.buyloop.cz', 'supervisor'],
      ['sklad@approvals.buyloop.cz', 'warehouse'],
    ];
    for (const [email, role] of accounts)
      await shop.identity.service.createAccount(
        { email, password: PASSWORD, roles: [role], kind: 'staff' },
        { actor: { userId: 'test', role: 'system' } },
        'test',
        { trustedOperator: true },
      );
    workerId = (await shop.identity.service.findByEmail('sklad@approvals.buyloop.cz'))!.userId!;
    admin = new Browser(shop.base, 'cs');
    expect((await admin.logIn('spravce@approvals.buyloop.cz', PASSWORD)).status).toBe(200);
    chromium = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  });

  const ask = async (body: Record<string, unknown>) => {
    const asked = await admin.request('POST', '/api/admin/approvals', { body });
    expect(asked.status).toBe(201);
    return asked.body.approval_id as string;
  };
  const find = async (page: Page, approvalId: string) => {
    await page.locator('[name="approval_lookup"]').fill(approvalId);
    await page.getByTestId('approval-find').click();
    await page.getByTestId('approval').waitFor();
  };
  const state = (page: Page) => page.getByTestId('approval').getAttribute('data-state');

  it('shows a role change’s roles, grants it, and shows it spent once the change is made', async () => {
    const roleChange = await ask({
      action: 'staff_role',
      subject: 'sklad@approvals.buyloop.cz',
      roles: ['warehouse', 'supervisor'],
      reason: 'Vedoucí skladu',
    });
    const payout = await ask({ action: 'payout', subject: '261122000001', amount: 25_000, currency: 'CZK', reason: 'Nad limit' });

    const context = await chromium.newContext({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    const page = await context.newPage();
    await page.goto(`${shop.base}/admin/`);
    await hydrated(page);
    await page.locator('[name="email"]').fill('vedouci@approvals.buyloop.cz');
    await page.locator('[name="password"]').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('menu-buybacks').waitFor();
    await page.goto(`${shop.base}/admin/approvals`);
    await hydrated(page);

    await find(page, roleChange);
    expect(await state(page)).toBe('pending');
    expect(await page.getByTestId('approval-roles').textContent()).toContain('Sklad, Supervizor');
    await page.getByTestId('approval-grant').click();
    await expect.poll(() => state(page)).toBe('granted');
    await snapshot(page, 'approvals', '1-granted');

    const changed = await admin.request('PUT', `/api/admin/users/${workerId}/roles`, {
      body: { roles: ['warehouse', 'supervisor'], approval_id: roleChange },
    });
    expect(changed.status).toBe(200);
    await page.reload();
    await hydrated(page);
    await find(page, roleChange);
    expect(await state(page)).toBe('used');
    expect(await page.getByTestId('approval').textContent()).toContain('Schváleno a použito');
    await snapshot(page, 'approvals', '2-used');

    // A payout's request names no roles, and is granted as before.
    await find(page, payout);
    expect(await page.getByTestId('approval-roles').count()).toBe(0);
    await page.getByTestId('approval-grant').click();
    await expect.poll(() => state(page)).toBe('granted');
    await context.close();
  }, 120_000);
});
