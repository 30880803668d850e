/**
 * Postcode shapes (validation-rules.md beside the design guide): Czechia five digits
 * written 'NNN NN' with the first digit 1–7, Slovakia the same shape with 0, 8 or 9,
 * Romania six digits. Other countries: 2–10 Latin letters, digits, spaces or dashes.
 */
const shapes: Readonly<Record<string, RegExp>> = {
  CZ: /^[1-7]\d{2} ?\d{2}$/,
  SK: /^[089]\d{2} ?\d{2}$/,
  RO: /^\d{6}$/,
};
const otherCountries = /^[A-Za-z0-9 -]{2,10}$/;
const alphanumeric = /[A-Za-z0-9]/;

const countryOf = (country: string): string => country.trim().toUpperCase();

/** Message keys for what is wrong with a postcode of `country` (ISO 3166-1 alpha-2); [] when it is fine. */
export function checkPostcode(value: unknown, country: 'CZ' | 'RO' | string): string[] {
  if (typeof value !== 'string' || value.trim() === '') return ['validation.required'];
  const text = value.trim();
  const shape = shapes[countryOf(country)];
  const ok = shape ? shape.test(text) : otherCountries.test(text) && alphanumeric.test(text);
  return ok ? [] : ['validation.postcode_invalid'];
}

/**
 * The form a postcode is stored in: Czech and Slovak ones as 'NNN NN', others trimmed,
 * upper-cased, with runs of spaces made one. Meant for a value `checkPostcode` accepted;
 * anything else comes back only trimmed.
 */
export function normalisePostcode(value: string, country: 'CZ' | 'RO' | string): string {
  const text = value.trim();
  if (checkPostcode(text, country).length > 0) return text;
  const code = countryOf(country);
  if (code === 'CZ' || code === 'SK') {
    const digits = text.replace(' ', '');
    return `${digits.slice(0, 3)} ${digits.slice(3)}`;
  }
  return text.replace(/\s+/g, ' ').toUpperCase();
}
