import type { MessageKey } from '../i18n';

/** A role's name in the current language (the code itself for one we have no text for). */
export function roleLabel(role: string, t: (key: MessageKey) => string): string {
  const key = `role.${role}`;
  return key in ROLE_KEYS ? t(key as MessageKey) : role;
}

const ROLE_KEYS: Readonly<Record<string, true>> = Object.fromEntries(
  [
    'warehouse',
    'buyback_technician',
    'catalogue_manager',
    'customer_support',
    'finance',
    'administrator',
    'supervisor',
    'customer',
    'verified_customer',
    'shop_account',
    'system',
    'visitor',
  ].map((role) => [`role.${role}`, true]),
);
