/**
 * EAN-13 codes for the demo products. They are numbered under GS1 prefix 29,
 * which GS1 keeps for numbers a company assigns for its own use (in-store
 * codes), so a demo EAN can never be a real product's.
 */

const IN_STORE_PREFIX = '29';

/** The GS1 check digit of the first 12 digits: weights 1 and 3 alternating from the left. */
export function eanCheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new RangeError(`An EAN-13 body has 12 digits, got ${first12}`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export const isValidEan13 = (ean: string): boolean => /^\d{13}$/.test(ean) && eanCheckDigit(ean.slice(0, 12)) === Number(ean[12]);

/** The demo EAN of a sequence number (0 … 9 999 999 999): prefix 29, ten digits, check digit. */
export function inStoreEan(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 0 || sequence > 9_999_999_999)
    throw new RangeError(`An in-store EAN sequence is 0 … 9 999 999 999, got ${sequence}`);
  const body = `${IN_STORE_PREFIX}${String(sequence).padStart(10, '0')}`;
  return `${body}${eanCheckDigit(body)}`;
}
