/** The buy-back grid's pure parts: the request to the API, the CSV link, the saved column state. */
import { BUYBACK_STATUSES, type BuybackStatus } from '@buyloop/contracts';

export { BUYBACK_STATUSES, type BuybackStatus };

/** The statuses offered as quick-filter buttons (the ones somebody works on). */
export const QUICK_STATUSES: readonly BuybackStatus[] = [
  'submitted',
  'awaiting_device',
  'received',
  'inspected',
  'quarantined',
  'revised',
  'approved',
  'payout_ordered',
  'paid',
  'completed',
  'cancelled',
];

export interface SortModelItem {
  readonly colId: string;
  readonly sort: 'asc' | 'desc';
}

export type FilterModel = Readonly<Record<string, unknown>>;

export interface GridQuery {
  readonly sortModel: readonly SortModelItem[];
  readonly filterModel: FilterModel;
  readonly quick: string;
}

export interface GridRequest {
  readonly startRow: number;
  readonly endRow: number;
  readonly sortModel: readonly SortModelItem[];
  readonly filterModel: FilterModel;
  readonly quick?: string;
}

/** The grid's own filters plus the status buttons' set filter (the API speaks AG Grid's model). */
export function mergeFilters(gridFilters: FilterModel, statuses: readonly string[]): FilterModel {
  const { status: _ignored, ...rest } = gridFilters;
  return statuses.length > 0 ? { ...rest, status: { filterType: 'set', values: [...statuses] } } : rest;
}

/** The body of POST /api/admin/buybacks/query. */
export function gridRequest(startRow: number, endRow: number, query: GridQuery): GridRequest {
  const quick = query.quick.trim();
  return {
    startRow,
    endRow,
    sortModel: query.sortModel.map(({ colId, sort }) => ({ colId, sort })),
    filterModel: query.filterModel,
    ...(quick ? { quick } : {}),
  };
}

/** GET /api/admin/buybacks.csv with the grid's filters, sort and search as JSON query parameters. */
export function csvExportUrl(query: GridQuery): string {
  const params = new URLSearchParams();
  params.set('filterModel', JSON.stringify(query.filterModel));
  params.set('sortModel', JSON.stringify(query.sortModel.map(({ colId, sort }) => ({ colId, sort }))));
  const quick = query.quick.trim();
  if (quick) params.set('quick', quick);
  return `/api/admin/buybacks.csv?${params.toString()}`;
}

/** Toggle one status among the selected; an empty selection is "all". */
export function toggleStatus(selected: readonly string[], status: string): string[] {
  return selected.includes(status) ? selected.filter((s) => s !== status) : [...selected, status];
}

/** One column's saved state, as AG Grid's getColumnState gives it (the parts we keep). */
export interface SavedColumn {
  readonly colId: string;
  readonly width?: number | null;
  readonly hide?: boolean | null;
  readonly sort?: 'asc' | 'desc' | null;
  readonly sortIndex?: number | null;
}

export const columnStateKey = (userId: string): string => `buyloop.admin.buybacks.columns.${userId}`;

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The user's saved column state, or null when none (or it does not parse). */
export function loadColumnState(storage: StorageLike, userId: string): SavedColumn[] | null {
  try {
    const raw = storage.getItem(columnStateKey(userId));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return null;
    return parsed.filter(
      (entry): entry is SavedColumn =>
        typeof entry === 'object' && entry !== null && typeof (entry as { colId?: unknown }).colId === 'string',
    );
  } catch {
    return null;
  }
}

export function saveColumnState(storage: StorageLike, userId: string, state: readonly SavedColumn[]): void {
  const kept = state.map(({ colId, width, hide, sort, sortIndex }) => ({
    colId,
    ...(typeof width === 'number' ? { width } : {}),
    hide: hide ?? false,
    sort: sort ?? null,
    sortIndex: sortIndex ?? null,
  }));
  try {
    storage.setItem(columnStateKey(userId), JSON.stringify(kept));
  } catch {
    // A full or disabled storage only loses the layout.
  }
}

export function clearColumnState(storage: StorageLike, userId: string): void {
  try {
    storage.removeItem(columnStateKey(userId));
  } catch {
    // Nothing to clear.
  }
}
