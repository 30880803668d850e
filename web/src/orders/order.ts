import type { Api } from '../app/api';
import { query } from '../app/api';

/** GET /api/orders/{number}?token= as pinned between the storefront and the orders (more fields may come). */
export interface OrderView {
  readonly number: string;
  readonly status: string;
  readonly status_label?: string;
  readonly placed_at: string;
  readonly currency?: string;
  /** The orders' own word on whether the customer may still cancel. */
  readonly cancellable?: boolean;
  readonly items: readonly OrderItem[];
  readonly totals: Readonly<Record<string, number | string | null>>;
  readonly delivery: {
    readonly method: string;
    readonly label: string;
    readonly status: string;
    readonly status_label?: string;
    readonly number?: string | null;
  };
  readonly payment: {
    readonly method: string;
    readonly label?: string;
    readonly status: string;
    readonly status_label?: string;
    readonly paid_at?: string | null;
    /** Status refunded: when the money went back, and how much. */
    readonly refunded_at?: string | null;
    readonly refunded_amount?: number | null;
    readonly bank_transfer?: BankTransfer | null;
  };
  /** Once the order is confirmed: what leaves from where. */
  readonly packages?: readonly OrderPackage[];
  readonly timeline: readonly TimelineEntry[];
}

export interface OrderPackage {
  readonly id: string;
  /** A stock location, `external` (a supplier's stock) or `electronic` (licences). */
  readonly location: string;
  readonly items: readonly { readonly item_id: string; readonly product: string; readonly quantity: number }[];
  /** The order's delivery method, `parcel_carrier` or `email`. */
  readonly delivery_method: string;
  readonly status: string;
}

export interface OrderItem {
  readonly code?: string;
  readonly product?: string;
  readonly name: string;
  readonly quantity: number;
  readonly unit_price?: number;
  readonly line_price?: number;
  readonly price?: number;
}

export interface TimelineEntry {
  readonly at: string;
  readonly label?: string;
  readonly text?: string;
  readonly type?: string;
  readonly status?: string;
  readonly note?: string;
}

export interface BankTransfer {
  readonly iban: string;
  readonly account?: string;
  readonly variable_symbol: string;
  readonly amount: number;
  readonly currency?: string;
  readonly qr_svg?: string;
}

export const orderQuery = (api: Api, number: string, token: string) => ({
  queryKey: ['orders', 'order', number, token] as const,
  queryFn: () => api.get<OrderView>(`/api/orders/${encodeURIComponent(number)}${query({ token })}`),
  // A server-rendered "not found" stays as rendered: hydration must see the same state.
  retryOnMount: false,
});

/** States past which the customer can no longer cancel (spec: before shipping). */
const FINAL_OR_SHIPPED = new Set(['shipped', 'delivered', 'cancelled', 'withdrawn', 'returned']);

/** Whether the customer may cancel: the order's own word when it gives one, else by its status. */
export const cancellable = (order: Pick<OrderView, 'status' | 'cancellable'>): boolean =>
  typeof order.cancellable === 'boolean' ? order.cancellable : !FINAL_OR_SHIPPED.has(order.status);

/** Whether the bank-transfer details are worth showing: a transfer not yet paid and an order still open. */
export const awaitsTransfer = (order: Pick<OrderView, 'status' | 'payment'>): boolean =>
  order.payment.method === 'bank_transfer' &&
  !['paid', 'succeeded', 'refunded', 'refund_requested'].includes(order.payment.status) &&
  !FINAL_OR_SHIPPED.has(order.status);

/** The QR code's picture: a data URL as the payments answer it, or raw SVG made into one. */
export function qrSource(svg: string | undefined): string | null {
  if (!svg) return null;
  if (svg.startsWith('data:')) return svg;
  if (svg.trimStart().startsWith('<svg')) return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return null;
}

/** A bank-transfer object kept from the finish answer, if it has the fields the page shows. */
export function bankTransferOf(value: unknown): BankTransfer | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  return typeof v.iban === 'string' && typeof v.variable_symbol === 'string' && typeof v.amount === 'number'
    ? (v as unknown as BankTransfer)
    : null;
}

/** The grand total of an order's totals, whatever it is called there. */
export const totalOf = (totals: OrderView['totals']): number | null => {
  const value = totals.total ?? totals.grand_total ?? null;
  return typeof value === 'number' ? value : null;
};
