/** Test data and set-up shared by the buy-back API tests. */
import { publishCatalogue } from '@buyloop/buy-back';
import { smallCatalogue } from '@buyloop/buy-back/testing';
import type { StaffRole } from '@buyloop/contracts';
import { Browser, type Shop } from './identity/harness';

/** A seller as the storefront's form sends them (spec section 3), valid on the Czech market. */
export const czechSale = () => ({
  device_identifier: 'apple-iphone-13-blue',
  appraisal_version: 3,
  device_condition_choices: ['display_worn', 'body_scratched', 'functions_all', 'battery_good', 'charger_yes'],
  customer_data: {
    personal_identification_number: '850315/1239',
    identity_card_number: '123456789',
    identity_released_by: 'MěÚ Brno',
    identity_valid_to: '1.2.2030',
    degree_before_name: 'Ing.',
    first_name: 'Jiří',
    last_name: 'Dvořák',
    gender: 'male',
    district: 'Praha 1',
    street: 'Václavské náměstí 1',
    city: 'Praha',
    country: 'CZ',
    postcode: '110 00',
    phone_number: '603 123 456',
    nationality: 'CZ',
    place_of_birth: 'Brno',
    e_mail: 'jiri.dvorak@example.cz',
    bank_account_full_number: '19-2000145399',
    bank_code: '0800',
  },
  pickup_address: null as null | Record<string, string | null>,
  buyout_device: { imei: '490154203237518', serial_number: 'F2LXK1A', note: 'Krabička je doma.' },
});

/** The status link the sale confirmation e-mail carries: `/vykup/stav/<number>?token=…`. */
export function statusLinkIn(text: string, number: string): { token: string } {
  const match = new RegExp(`/vykup/stav/${number}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`No status link for ${number} in:\n${text}`);
  return { token: decodeURIComponent(match[1]!) };
}

/** The one-model test catalogue (iPhone 13, price list version 3), published and in the read model. */
export async function publishTestCatalogue(shop: Shop): Promise<void> {
  const published = await publishCatalogue(
    shop.events,
    { catalogue: smallCatalogue('cz'), source: 'demo' },
    { actor: { userId: 'test', role: 'system' }, clock: shop.time.clock },
  );
  await shop.projector.waitFor('buyout_catalogue', published.checkpoint!, 10_000);
}

/** A staff account with these roles, signed in in a browser of its own. */
export async function signedInStaff(shop: Shop, email: string, password: string, roles: readonly StaffRole[]): Promise<Browser> {
  await shop.identity.service.createAccount(
    { email, password, roles: [...roles], kind: 'staff' },
    { actor: { userId: 'test', role: 'system' } },
    'test',
    { trustedOperator: true },
  );
  const browser = new Browser(shop.base, 'cs');
  const login = await browser.logIn(email, password);
  if (login.status !== 200) throw new Error(`${email} cannot sign in: ${login.status}`);
  return browser;
}

/** The browser's cookies as a Cookie header, for requests that are not JSON (CSV, PDF). */
export const cookieHeader = (browser: Browser): string => [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
