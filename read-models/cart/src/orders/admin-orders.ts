import { z } from 'zod';
import { isCancellable, type OrderState, type PlacedOrder } from '@buyloop/cart';
import { adminOrderRowSchema, adminOrderSchema, WITHDRAWAL_DAYS, type OrderStatus } from '@buyloop/contracts/cart/orders';

/**
 * The back office's reading of an order beyond the read model: the parts
 * that are personal (the customer's name, company) or only in the stream
 * (pickup place, store, dates), and which staff actions the state allows.
 * The read model keeps no personal data, so these are folded from the
 * order's stream for the rows a page shows.
 */

/** Which of the staff actions the order's state allows now (the deciders refuse the others with a 409). */
export interface StaffActions {
  readonly cancel: boolean;
  readonly ship: boolean;
  readonly deliver: boolean;
  readonly withdraw: boolean;
}

export function staffActionsOf(state: Pick<OrderState, 'status' | 'delivered_at'>, now: Date): StaffActions {
  const status: OrderStatus | null = state.status;
  const withinWithdrawal =
    state.delivered_at !== null && now.getTime() <= new Date(state.delivered_at).getTime() + WITHDRAWAL_DAYS * 86_400_000;
  return {
    cancel: isCancellable(status),
    ship: status === 'confirmed',
    deliver: status === 'shipped',
    withdraw: status === 'delivered' && withinWithdrawal,
  };
}

/** Spec 3's order labels: the customer's name, and the company when the bill goes to one. */
export function customerOf(placed: PlacedOrder | null): { readonly customer_name: string; readonly company: string | null } {
  if (!placed) return { customer_name: '', company: null };
  return {
    customer_name: `${placed.customer.first_name} ${placed.customer.last_name}`.trim(),
    company: placed.billing_address.company ?? null,
  };
}

/** Where and when the goods go: spec 2's order delivery. */
export function deliveryDetailsOf(state: OrderState) {
  const placed = state.placed;
  return {
    fee: placed?.delivery.fee ?? 0,
    place_id: placed?.delivery.place_id ?? null,
    store_id: placed?.delivery.store_id ?? null,
    timeslot: placed?.delivery.timeslot ?? null,
    shipped_at: state.shipped_at,
    delivered_at: state.delivered_at,
    city: (placed?.delivery_address ?? placed?.billing_address)?.city ?? null,
  };
}

const actionsSchema = z.strictObject({
  cancel: z.boolean(),
  ship: z.boolean(),
  deliver: z.boolean(),
  withdraw: z.boolean(),
});

const deliveryDetailsSchema = z.strictObject({
  fee: z.number().int(),
  place_id: z.string().nullable().meta({ description: 'The pickup point, for pickup_point' }),
  store_id: z.string().nullable().meta({ description: 'The store, for store_pickup' }),
  timeslot: z.strictObject({ id: z.string(), from: z.string(), to: z.string() }).nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  city: z.string().nullable().meta({ description: 'The delivery address’s city (the billing one when none)' }),
});

/** The back office's order: the contract's fields plus what staff may do and where the goods go. */
export const staffOrderSchema = adminOrderSchema
  .extend({
    company: z.string().nullable(),
    actions: actionsSchema.meta({ description: 'The staff actions the order’s state allows now' }),
    delivery_details: deliveryDetailsSchema,
  })
  .meta({ id: 'StaffOrder' });

export const staffOrderRowSchema = adminOrderRowSchema
  .extend({
    customer_name: z.string(),
    company: z.string().nullable(),
    delivery_status: z.string(),
    delivery_number: z.string().nullable(),
  })
  .meta({ id: 'StaffOrderRow' });

export const staffOrderPageSchema = z
  .strictObject({ rows: z.array(staffOrderRowSchema), lastRow: z.number().int() })
  .meta({ id: 'StaffOrderPage' });

/** Reads at most this many order streams at once for a page (a page is up to 1000 rows). */
export const STREAM_READS_AT_ONCE = 20;

/** `map` over `items` with at most `limit` calls under way, keeping their order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
