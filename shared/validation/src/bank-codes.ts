/**
 * Czech payment-system bank codes (kódy platebního styku) from the ČNB code list, as of
 * January 2026. Codes withdrawn since 2024 (among them 6100, 2020, 3050 and 4000) are not here.
 *
 * The list changes. To update it, staff download the current code list of payment-system
 * bank codes that ČNB publishes as CSV (`;`-separated: code; name; BIC; CERTIS), read it with `parseCnbBankCodes`,
 * and replace the codes below with the result (or pass the parsed set to
 * `checkCzechBankAccount` as `bankCodes` without a release), then update the date above.
 */
export const CZECH_BANK_CODES: ReadonlySet<string> = new Set(
  [
    '0100 0300 0600 0710 0800 2010 2060 2070 2100 2200 2220 2250',
    '2260 2600 2700 3030 3060 3500 4300 5500 5800 6000 6200 6210',
    '6300 6363 6700 6800 7910 7950 7960 7970 7990 8030 8040 8060',
    '8090 8150 8190 8198 8220 8250 8255 8265 8500 8610 8660',
  ]
    .join(' ')
    .split(' '),
);

/**
 * The bank codes in ČNB's CSV code list: every line whose first `;`-separated field is four
 * digits (the header and blank lines are skipped), quoted or not. The text must already be
 * decoded from the file's encoding; only the names depend on it, the codes are ASCII digits.
 */
export function parseCnbBankCodes(csv: string): ReadonlySet<string> {
  const codes = new Set<string>();
  for (const line of csv.split(/\r?\n/)) {
    const code = (line.split(';')[0] ?? '').trim().replace(/^"(.*)"$/, '$1');
    if (/^\d{4}$/.test(code)) codes.add(code);
  }
  return codes;
}
