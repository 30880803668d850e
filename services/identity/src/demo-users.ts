import { RequestRefused } from '@buyloop/kit';
import type { IdentityService } from './identity-service';
import { STAFF_ROLES, type AccountRole } from './roles';

/**
 * One demo account per role for the README's quick start. Their password is
 * published, so loading them is refused in production mode.
 */
export const DEMO_PASSWORD = 'Demo-Heslo-2026';

export const DEMO_USERS: ReadonlyArray<{ readonly email: string; readonly role: AccountRole }> = (
  ['customer', 'verified_customer', 'shop_account', ...STAFF_ROLES] as const
).map((role) => ({ email: `${role.replaceAll('_', '-')}@demo.buyloop.cz`, role }));

export async function loadDemoUsers(identity: IdentityService, mode: string): Promise<{ created: string[] }> {
  if (mode === 'production')
    throw new RequestRefused(
      403,
      'auth.demo_users_refused_in_production',
      'Refused',
      'Demo users are never created in production mode',
    );
  const created: string[] = [];
  const actor = { userId: 'demo-data', role: 'system' };
  for (const { email, role } of DEMO_USERS) {
    if (await identity.findByEmail(email)) continue;
    const kind = (STAFF_ROLES as readonly string[]).includes(role) ? 'staff' : 'customer';
    await identity.createAccount({ email, password: DEMO_PASSWORD, roles: [role], kind }, { actor }, 'demo-data', {
      trustedOperator: true,
    });
    created.push(email);
  }
  return { created };
}
