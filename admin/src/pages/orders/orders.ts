/** The order pages' pure parts: the API's shapes, the grids' requests, the labels of codes and which actions to offer. */
import { mergeFilters } from '../../lib/grid';
import { messages, type MessageKey } from '../../i18n/messages';

export const ORDER_STATUSES = [
  'awaiting_payment',
  'payment_failed',
  'paid',
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
  'withdrawn',
] as const;

/** The columns the API sorts by (the others are read from each order's stream and cannot be). */
export const SORTABLE = ['placed_at', 'number', 'status', 'total'] as const;

export interface OrderRow {
  readonly number: string;
  readonly status: string;
  readonly placed_at: string;
  readonly total: number;
  readonly currency: string;
  readonly delivery_method: string;
  readonly payment_method: string;
  readonly payment_status: string;
  readonly unfinished: boolean;
  readonly customer_name: string;
  readonly company: string | null;
  readonly delivery_status: string;
  readonly delivery_number: string | null;
}

export interface DeliveryRow {
  readonly number: string;
  readonly status: string;
  readonly placed_at: string;
  readonly method: string;
  readonly label: string;
  readonly delivery_status: string;
  readonly delivery_number: string | null;
  readonly place_id: string | null;
  readonly store_id: string | null;
  readonly city: string | null;
  readonly customer_name: string;
  readonly shipped_at: string | null;
  readonly delivered_at: string | null;
}

export type ActionName = 'cancel' | 'ship' | 'deliver' | 'withdraw';
export const ACTIONS: readonly ActionName[] = ['cancel', 'ship', 'deliver', 'withdraw'];

/** `GET /api/admin/orders/{number}`. */
export interface StaffOrder {
  readonly number: string;
  readonly status: string;
  readonly placed_at: string;
  readonly items: readonly {
    readonly item_id: string;
    readonly parent_item_id: string | null;
    readonly product: string;
    readonly name: string;
    readonly kind: string;
    readonly quantity: number;
    readonly unit_price: number;
    readonly line_price: number;
  }[];
  readonly totals: {
    readonly items: number;
    readonly discounts: number;
    readonly delivery: number;
    readonly payment: number;
    readonly vat: number;
    readonly total: number;
    readonly currency: string;
  };
  readonly delivery: { readonly method: string; readonly label: string; readonly status: string; readonly number?: string };
  readonly payment: { readonly method: string; readonly status: string; readonly paid_at?: string };
  readonly timeline: readonly { readonly status: string; readonly at: string; readonly note?: string }[];
  readonly unfinished: boolean;
  readonly cancel_reason: string | null;
  readonly customer: { readonly email: string; readonly phone: string; readonly first_name: string; readonly last_name: string };
  readonly company: string | null;
  readonly billing_address: Readonly<Record<string, string>>;
  readonly delivery_address: Readonly<Record<string, string>> | null;
  readonly note: string | null;
  readonly internal_order_number: string | null;
  readonly actions: Readonly<Record<ActionName, boolean>>;
  readonly delivery_details: {
    readonly fee: number;
    readonly place_id: string | null;
    readonly store_id: string | null;
    readonly timeslot: { readonly id: string; readonly from: string; readonly to: string } | null;
    readonly shipped_at: string | null;
    readonly delivered_at: string | null;
    readonly city: string | null;
  };
}

export interface OrderGridQuery {
  readonly statuses: readonly string[];
  /** What is typed in the number box: only a whole order number (10 digits) filters. */
  readonly number: string;
  readonly unfinished: boolean;
}

export const isOrderNumber = (text: string): boolean => /^\d{10}$/.test(text.trim());

/** A grid block's request: AG Grid's sort (the columns the API sorts by) and the toolbar's filters as its filterModel. */
export function orderGridUrl(
  path: '/api/admin/orders' | '/api/admin/order-deliveries',
  block: { readonly startRow: number; readonly endRow: number },
  sortModel: readonly { readonly colId: string; readonly sort: 'asc' | 'desc' }[],
  query: OrderGridQuery,
): string {
  const params = new URLSearchParams();
  params.set('startRow', String(block.startRow));
  params.set('endRow', String(block.endRow));
  const sort = sortModel
    .filter(({ colId }) => (SORTABLE as readonly string[]).includes(colId))
    .map(({ colId, sort: direction }) => ({ colId, sort: direction }));
  if (sort.length > 0) params.set('sortModel', JSON.stringify(sort));
  const filters = mergeFilters(
    isOrderNumber(query.number) ? { number: { filterType: 'text', type: 'equals', filter: query.number.trim() } } : {},
    query.statuses,
  );
  if (Object.keys(filters).length > 0) params.set('filterModel', JSON.stringify(filters));
  if (query.unfinished) params.set('unfinished', 'true');
  return `${path}?${params.toString()}`;
}

/** A code's label (`ord.status.shipped`), or the code itself for one the back office has no text for yet. */
export function codeLabel(prefix: string, code: string, t: (key: MessageKey) => string): string {
  const key = `${prefix}.${code}`;
  return key in messages ? t(key as MessageKey) : code;
}

/** The actions to offer: those the order's state allows, and only to someone who may act on orders. */
export const offeredActions = (order: Pick<StaffOrder, 'actions'>, manage: boolean): ActionName[] =>
  manage ? ACTIONS.filter((action) => order.actions[action]) : [];

/** The body each action sends; null when the dialog's input is missing something it needs. */
export function actionBody(action: ActionName, input: string): Record<string, string> | null {
  const text = input.trim();
  switch (action) {
    case 'cancel':
      return text === '' ? null : { reason: text };
    case 'ship':
      return text === '' ? {} : { tracking_number: text };
    case 'deliver':
      return {};
    case 'withdraw':
      return text === '' ? {} : { reason: text };
    default: {
      const unknown: never = action;
      throw new Error(`Unknown order action ${String(unknown)}`);
    }
  }
}

/** Spec 3's customer label: the name, and the company when there is one. */
export const customerLabel = (name: string, company: string | null): string => (company ? `${name} (${company})` : name);
