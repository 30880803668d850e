/**
 * The delivery, place, timeslot and payment lists as the checkout's APIs answer them, read leniently
 * (a list, or a list under a named field; a label or a name; a fee or a price), so the page shows
 * what is there rather than nothing.
 */
export interface Choice {
  readonly code: string;
  readonly label: string;
  readonly fee: number;
  /** The goods total from which the fee is 0 (a pickup point or a courier), null when it is always charged. */
  readonly free_from: number | null;
  readonly description: string | null;
  readonly available: boolean;
  /** Store pickup's stores, with when a reservation made now is ready. */
  readonly stores: readonly StoreOption[];
}

export interface StoreOption {
  readonly id: string;
  readonly name: string;
  readonly address: string;
  readonly ready_by: string | null;
}

export interface Place {
  readonly id: string;
  readonly name: string;
  readonly address: string;
  readonly raw: Readonly<Record<string, unknown>>;
}

export interface Timeslot {
  readonly id: string;
  readonly label: string;
}

type Row = Readonly<Record<string, unknown>>;

export function listOf(body: unknown, ...names: string[]): Row[] {
  if (Array.isArray(body)) return body.filter((row): row is Row => typeof row === 'object' && row !== null);
  if (typeof body !== 'object' || body === null) return [];
  for (const name of [...names, 'items', 'data']) {
    const value = (body as Row)[name];
    if (Array.isArray(value)) return listOf(value);
  }
  return [];
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function choicesOf(body: unknown, ...names: string[]): Choice[] {
  return listOf(body, ...names).flatMap((row) => {
    const code = str(row.code) ?? str(row.method) ?? str(row.id);
    if (!code) return [];
    return [
      {
        code,
        label: str(row.label) ?? str(row.name) ?? str(row.title) ?? code,
        fee: num(row.fee) ?? num(row.price) ?? 0,
        free_from: num(row.free_from),
        description: str(row.description) ?? str(row.note),
        available: row.available !== false,
        stores: listOf(row.stores).flatMap((store) => {
          const id = str(store.id);
          return id
            ? [
                {
                  id,
                  name: str(store.name) ?? id,
                  address: [str(store.street), str(store.city)].filter(Boolean).join(', '),
                  ready_by: str(store.ready_by),
                },
              ]
            : [];
        }),
      },
    ];
  });
}

/**
 * The choice as the buyer pays it for goods worth `goods` (after discounts, as the finish quotes it):
 * free from its `free_from`, so the summary's total is the order's.
 */
export const pricedFor = (choice: Choice, goods: number): Choice =>
  choice.free_from !== null && goods >= choice.free_from ? { ...choice, fee: 0 } : choice;

export function placesOf(body: unknown): Place[] {
  return listOf(body, 'places').flatMap((row) => {
    const id = str(row.id) ?? str(row.code);
    if (!id) return [];
    const address =
      str(row.address) ?? [str(row.street), [str(row.zip), str(row.city)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
    return [{ id, name: str(row.name) ?? str(row.label) ?? id, address, raw: row }];
  });
}

const time = (iso: string | null, timeZone: string): string | null => {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
};

export function timeslotsOf(body: unknown, timeZone: string): Timeslot[] {
  return listOf(body, 'timeslots', 'slots').flatMap((row) => {
    const id = str(row.id);
    if (!id) return [];
    const from = time(str(row.from), timeZone);
    const to = time(str(row.to), timeZone);
    // "24.11.2026 10:00–12:00": the day once, then the two times.
    const label = str(row.label) ?? (from && to ? `${from}–${to.slice(-5)}` : (from ?? id));
    return [{ id, label }];
  });
}
