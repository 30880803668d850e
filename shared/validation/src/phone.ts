import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

export type PhoneCheck = { ok: true; e164: string } | { ok: false; error: string };

const defaultCountry: Readonly<Record<'cz' | 'ro', CountryCode>> = { cz: 'CZ', ro: 'RO' };
/** What people type into a phone field: digits, one leading +, and the usual separators. */
const phoneCharacters = /^\+?[\d\s()./-]+$/;
const PHONE_MAX_LENGTH = 40;

/**
 * A phone number as E.164 ('+420603123456'), or the message key of what is wrong with it.
 * National forms are read in the market's country (CZ: '603 123 456', RO: '0722 123 456');
 * international ones with '+' or '00' may be from any country. Uses libphonenumber's full
 * ("max") metadata, so a number must fall into a range its country actually assigns, not
 * only have the right length.
 */
export function checkPhone(value: unknown, market: 'cz' | 'ro'): PhoneCheck {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, error: 'validation.required' };
  const text = value.trim();
  if (text.length > PHONE_MAX_LENGTH || !phoneCharacters.test(text)) return { ok: false, error: 'validation.phone_invalid' };
  const country = defaultCountry[market] ?? 'CZ';
  const phone = parsePhoneNumberFromString(text, { defaultCountry: country, extract: false });
  if (!phone?.isValid() || phone.ext) return { ok: false, error: 'validation.phone_invalid' };
  return { ok: true, e164: phone.number };
}
