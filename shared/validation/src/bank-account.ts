import { CZECH_BANK_CODES } from './bank-codes';

export type BankAccountCheck =
  { ok: true; normalised: string; prefix: string; number: string; bankCode: string } | { ok: false; errors: string[] };

export const BANK_ACCOUNT_INVALID = 'validation.bank_account_invalid';
export const BANK_ACCOUNT_PREFIX_INVALID = 'validation.bank_account_prefix_invalid';
export const BANK_CODE_INVALID = 'validation.bank_code_invalid';

const prefixWeights = [10, 5, 8, 4, 2, 1] as const;
const numberWeights = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1] as const;

/** Whether the digits, left-padded to the weights' length, have a weighted sum divisible by 11 (ČNB decree 169/2011 Sb.). */
function passesMod11(digits: string, weights: readonly number[]): boolean {
  const padded = digits.padStart(weights.length, '0');
  return weights.reduce((sum, weight, i) => sum + weight * Number(padded[i]), 0) % 11 === 0;
}

/** Whether a prefix (up to 6 digits) passes the ČNB check; an empty or all-zero prefix does. */
export const isValidAccountPrefix = (prefix: string): boolean => /^\d{0,6}$/.test(prefix) && passesMod11(prefix, prefixWeights);

/** Whether an account number (2–10 digits) passes the ČNB check and has at least two non-zero digits. */
export const isValidAccountNumber = (number: string): boolean =>
  /^\d{2,10}$/.test(number) && passesMod11(number, numberWeights) && number.replace(/0/g, '').length >= 2;

const withoutLeadingZeros = (digits: string): string => digits.replace(/^0+(?=\d)/, '');

/**
 * A Czech bank account `[prefix-]number/bankcode` checked and normalised, or the message keys
 * of what is wrong with it: 'validation.bank_account_prefix_invalid' for the prefix,
 * 'validation.bank_account_invalid' for the number (or an input of the wrong shape) and
 * 'validation.bank_code_invalid' for a bank code not on the list (`bankCodes`, by default the
 * shipped ČNB list). Spaces are removed. `normalised` has no leading zeros and no all-zero
 * prefix: '19-2000145399/0800', '123457/0100'.
 */
export function checkCzechBankAccount(value: unknown, options: { bankCodes?: ReadonlySet<string> } = {}): BankAccountCheck {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, errors: ['validation.required'] };
  // Split leniently, so each part can be reported on its own; a missing '/code' is a missing bank code.
  const parts = /^(?:(\d*)-)?([^/]*)(?:\/(.*))?$/.exec(value.replace(/\s+/g, ''));
  if (!parts) return { ok: false, errors: [BANK_ACCOUNT_INVALID] };
  const [, prefix = '', number = '', bankCode = ''] = parts;
  const bankCodes = options.bankCodes ?? CZECH_BANK_CODES;
  const errors: string[] = [];
  const hasPrefix = parts[1] !== undefined;
  if (hasPrefix && !(/^\d{1,6}$/.test(prefix) && isValidAccountPrefix(prefix))) errors.push(BANK_ACCOUNT_PREFIX_INVALID);
  if (!isValidAccountNumber(number)) errors.push(BANK_ACCOUNT_INVALID);
  if (!/^\d{4}$/.test(bankCode) || !bankCodes.has(bankCode)) errors.push(BANK_CODE_INVALID);
  if (errors.length > 0) return { ok: false, errors };

  const normalisedPrefix = /^0*$/.test(prefix) ? '' : withoutLeadingZeros(prefix);
  const normalisedNumber = withoutLeadingZeros(number);
  return {
    ok: true,
    normalised: `${normalisedPrefix ? `${normalisedPrefix}-` : ''}${normalisedNumber}/${bankCode}`,
    prefix: normalisedPrefix,
    number: normalisedNumber,
    bankCode,
  };
}
