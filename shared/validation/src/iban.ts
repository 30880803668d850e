import { friendlyFormatIBAN, isValidIBAN } from 'ibantools';
import { isValidAccountNumber, isValidAccountPrefix } from './bank-account';
import { CZECH_BANK_CODES } from './bank-codes';

export type IbanCheck =
  { ok: true; iban: string; friendly: string; country: string; bankCode: string } | { ok: false; errors: string[] };

export const IBAN_INVALID = 'validation.iban_invalid';

/** Romania: RO, two check digits, the bank's four letters, sixteen letters or digits. */
const romanian = /^RO\d{2}[A-Z]{4}[A-Z0-9]{16}$/;

/** The electronic form of an IBAN: whitespace removed, upper-cased. */
export const normaliseIban = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/**
 * An IBAN checked (ibantools: country length and BBAN format, ISO 7064 MOD 97-10) and in its
 * electronic form, or the message keys of what is wrong with it. With `country` the IBAN must
 * be of that country (the Romanian market passes 'RO'). A Romanian IBAN is RO + 2 digits +
 * 4 letters + 16 alphanumerics; its `bankCode` is characters 5–8. A Czech IBAN must also pass
 * the national prefix and number checks and name a bank code on the list (`bankCodes`, by
 * default the shipped ČNB list), which IBAN libraries do not fully do.
 */
export function checkIban(value: unknown, options: { country?: 'RO' | string; bankCodes?: ReadonlySet<string> } = {}): IbanCheck {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, errors: ['validation.required'] };
  const iban = normaliseIban(value);
  const country = iban.slice(0, 2);
  const invalid: IbanCheck = { ok: false, errors: [IBAN_INVALID] };
  if (options.country !== undefined && country !== options.country.trim().toUpperCase()) return invalid;
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) || !isValidIBAN(iban)) return invalid;
  if (country === 'RO' && !romanian.test(iban)) return invalid;
  const bankCode = iban.slice(4, 8);
  if (country === 'CZ') {
    const [prefix, number] = [iban.slice(8, 14), iban.slice(14, 24)];
    if (!isValidAccountPrefix(prefix) || !isValidAccountNumber(number)) return invalid;
    if (!(options.bankCodes ?? CZECH_BANK_CODES).has(bankCode)) return invalid;
  }
  return { ok: true, iban, friendly: friendlyFormatIBAN(iban) ?? iban, country, bankCode };
}
