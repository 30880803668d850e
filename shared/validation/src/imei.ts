/** What may separate the digit groups of an IMEI as people type or print it. */
const separators = /[\s/-]/g;

/** The digits of an IMEI as typed: spaces, dashes and slashes removed. */
export const normaliseImei = (value: string): string => value.trim().replace(separators, '');

/** Luhn check over a string of digits, the last of which is the check digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Message keys for what is wrong with an IMEI; [] when it is fine. Exactly 15 digits once
 * spaces, dashes and slashes are removed (else `imei_invalid`, whose text asks for 15 digits),
 * the last a Luhn check digit over the first 14 (else `imei_check_digit`: the length is right,
 * a digit is mistyped). 14-digit IMEIs (no check digit) and 16-digit IMEISVs are refused, as
 * are placeholders that pass Luhn (`imei_not_real`): a body of one repeated digit
 * (000000000000000) or an all-zero TAC (00000000…).
 */
export function checkImei(value: unknown): string[] {
  if (typeof value !== 'string' || value.trim() === '') return ['validation.required'];
  const digits = normaliseImei(value);
  if (!/^\d{15}$/.test(digits)) return ['validation.imei_invalid'];
  if (!passesLuhn(digits)) return ['validation.imei_check_digit'];
  if (/^(\d)\1{13}/.test(digits) || digits.startsWith('00000000')) return ['validation.imei_not_real'];
  return [];
}
