/** CZK / Lei with no decimals (spec 9), grouped the Czech or Romanian way. */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  const grouped = Math.round(amount)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, currency === 'RON' ? '.' : '\u00a0');
  return currency === 'RON' ? `${grouped} Lei` : `${grouped}\u00a0Kč`;
}

const TIME_ZONES: Readonly<Record<string, string>> = { CZK: 'Europe/Prague', RON: 'Europe/Bucharest' };

/** The time zone of a market by its currency (the back office reads times as the shop's clock shows them). */
export const timeZoneOf = (currency: string | null | undefined): string => TIME_ZONES[currency ?? 'CZK'] ?? 'Europe/Prague';

function parts(iso: string, timeZone: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const formatted = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => formatted.find((p) => p.type === type)?.value ?? '';
  return { day: part('day'), month: part('month'), year: part('year'), hour: part('hour'), minute: part('minute') };
}

/** DD.MM.YYYY (spec 9). */
export function formatDate(iso: string | null | undefined, timeZone = 'Europe/Prague'): string {
  const p = iso ? parts(iso, timeZone) : null;
  return p ? `${p.day}.${p.month}.${p.year}` : '';
}

/** DD.MM.YYYY HH:mm. */
export function formatDateTime(iso: string | null | undefined, timeZone = 'Europe/Prague'): string {
  const p = iso ? parts(iso, timeZone) : null;
  return p ? `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}` : '';
}
