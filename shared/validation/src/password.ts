export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

const upper = /\p{Lu}/u;
const lower = /\p{Ll}/u;
const digit = /\p{Nd}/u;
/** Anything that is neither a letter (with its combining marks) nor a digit: punctuation, symbols, spaces. */
const special = /[^\p{L}\p{M}\p{Nd}]/u;
const allDigits = /^\p{Nd}+$/u;

/**
 * Message keys for what is wrong with a new password, each at most once; [] when it is fine.
 * Letters are Unicode letters, so 'Řeřicha-2024' has its upper-case Ř. The text is taken in
 * NFC, so a decomposed 'R + ˇ' counts as one letter and one character, as the user sees it.
 * Length counts characters (code points), not UTF-16 units or bytes.
 */
export function checkPassword(password: unknown): string[] {
  if (typeof password !== 'string' || password === '') return ['validation.required'];
  const text = password.normalize('NFC');
  const length = [...text].length;
  const errors: string[] = [];
  if (length < PASSWORD_MIN_LENGTH) errors.push('validation.password_too_short');
  if (length > PASSWORD_MAX_LENGTH) errors.push('validation.password_too_long');
  const followsRules = upper.test(text) && lower.test(text) && digit.test(text) && special.test(text) && !allDigits.test(text);
  if (!followsRules) errors.push('validation.password_rules');
  return errors;
}
