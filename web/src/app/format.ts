/** Money and dates as the spec shows them: CZK/Lei without decimals, DD.MM.YYYY (HH:mm). */
const formatters = new Map<string, Intl.NumberFormat>();

/** As @buyloop/kit formatMoney: whole units, Romanian lei with the narrow symbol ("1.234 Lei"). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const romanian = locale.startsWith('ro');
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: romanian ? 'narrowSymbol' : 'symbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    formatters.set(key, formatter);
  }
  // Intl puts a narrow no-break space in thousands in cs-CZ; a plain no-break space reads the same and matches tests.
  return formatter.format(amount).replace(/\u202f/g, '\u00a0');
}

const parts = (iso: string, timeZone: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const values = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => values.find((p) => p.type === type)?.value ?? '';
  return { day: part('day'), month: part('month'), year: part('year'), hour: part('hour'), minute: part('minute') };
};

/** 'DD.MM.YYYY' of an instant in the market's time zone ('' when it is not a time). */
export function formatDate(iso: string, timeZone: string): string {
  const p = parts(iso, timeZone);
  return p ? `${p.day}.${p.month}.${p.year}` : '';
}

/** 'DD.MM.YYYY HH:mm' of an instant in the market's time zone. */
export function formatDateTime(iso: string, timeZone: string): string {
  const p = parts(iso, timeZone);
  return p ? `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}` : '';
}
