import { z } from 'zod';
import { DELIVERY_METHODS } from '../delivery/port';
import { PAYMENT_METHODS } from '../payments/port';
import { problemSchema } from '../http/problem';

/**
 * The checkout (`POST /api/cart/finish`, spec 7's finish) and the orders it
 * places (issue 15, points 4 and 5). Strict everywhere: an unknown field is a
 * 400 naming it. Order number: 10 digits, the first the year's last digit,
 * then 9 random ones (unique by the order stream: a taken number is drawn
 * again). The status token is 32 random bytes in hex, kept only hashed.
 */

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
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_ERROR_CODES = {
  empty: 'cart.empty',
  priceChanged: 'cart.price_changed',
  insurancePriceChanged: 'cart.insurance_price_changed',
  productUnavailable: 'cart.product_unavailable',
  throttled: 'cart.finish_throttled',
  portMissing: 'cart.service_unavailable',
  orderNotFound: 'order.not_found',
  alreadyPlaced: 'order.already_placed',
  notCancellable: 'order.not_cancellable',
  reasonRequired: 'order.reason_required',
  notShippable: 'order.not_shippable',
  notDelivered: 'order.not_delivered',
  withdrawalPeriodOver: 'order.withdrawal_period_over',
  notPlaced: 'order.not_placed',
  notConfirmed: 'order.not_confirmed',
  inProgress: 'order.request_in_progress',
  gatewayError: 'cart.payment_gateway_error',
} as const;

/** Spec 2: a contract concluded at a distance may be withdrawn from within 14 days of delivery. */
export const WITHDRAWAL_DAYS = 14;
/** Spec 9: an order still unfinished (not paid, not confirmed) this long after it was placed is flagged for staff. */
export const UNFINISHED_AFTER_MINUTES = 30;

export const ORDER_NUMBER_PATTERN = /^\d{10}$/;
export const ORDER_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

const text = (max: number) => z.string().trim().min(1).max(max);
const country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/)
  .transform((code) => code.toUpperCase())
  .meta({ description: 'ISO 3166-1 alpha-2', example: 'CZ' });

const addressSchema = z.strictObject({
  street: text(120),
  city: text(80),
  zip: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z -]{3,10}$/),
  country,
});

export const finishRequestSchema = z
  .strictObject({
    customer: z.strictObject({
      email: z.email().max(254),
      phone: z
        .string()
        .trim()
        .regex(/^\+?[0-9 ]{9,20}$/),
      first_name: text(60),
      last_name: text(60),
    }),
    billing_address: addressSchema.extend({
      company: text(120).optional(),
      company_id: z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z]{2,16}$/)
        .optional(),
      vat_id: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}[0-9A-Za-z]{2,14}$/)
        .optional(),
    }),
    delivery_address: addressSchema.optional(),
    delivery: z.strictObject({
      method: z.enum(DELIVERY_METHODS),
      place_id: text(64).optional(),
      store_id: text(64).optional(),
      timeslot_id: text(64).optional(),
    }),
    payment: z.strictObject({ method: z.enum(PAYMENT_METHODS) }),
    order_info: z.strictObject({
      consents: z.strictObject({ terms: z.literal(true), privacy: z.literal(true) }),
      create_account: z.boolean().optional(),
      birth_date: z.iso.date().optional(),
      note: z.string().max(1000).optional(),
      subscribe_promotions_info: z.boolean().optional(),
      internal_order_number: text(40).optional(),
    }),
    expected_total: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .meta({ description: 'The total the buyer saw; another total at finish answers 409 cart.price_changed' }),
  })
  .meta({ id: 'FinishRequest' });
export type FinishRequest = z.infer<typeof finishRequestSchema>;

const currency = z.enum(['CZK', 'RON']);

export const finishResultSchema = z
  .strictObject({
    order_number: z.string().regex(ORDER_NUMBER_PATTERN),
    token: z.string().regex(ORDER_TOKEN_PATTERN).meta({ description: 'The status page’s key; shown once, kept only hashed' }),
    status_url: z.string().meta({ example: '/objednavka/6123456789?token=…' }),
    total: z.number().int(),
    currency,
    payment: z.strictObject({
      method: z.enum(PAYMENT_METHODS),
      redirect_url: z.string().optional(),
      bank_transfer: z
        .strictObject({
          iban: z.string(),
          account: z.string(),
          variable_symbol: z.string(),
          amount: z.number(),
          currency,
          qr_text: z.string(),
          qr_svg: z.string(),
        })
        .optional(),
    }),
  })
  .meta({ id: 'FinishResult' });
export type FinishResult = z.infer<typeof finishResultSchema>;

export const orderParamsSchema = z.strictObject({ number: z.string().regex(ORDER_NUMBER_PATTERN) });
export const orderTokenQuerySchema = z.strictObject({ token: z.string().max(200) });
export const cancelOrderSchema = z.strictObject({ reason: text(500) }).meta({ id: 'CancelOrderRequest' });

const orderLineSchema = z.strictObject({
  item_id: z.string(),
  parent_item_id: z.string().nullable(),
  product: z.string(),
  name: z.string(),
  kind: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  line_price: z.number().int(),
  vat_rate: z.number(),
});

const timelineEntrySchema = z.strictObject({
  status: z.string(),
  at: z.string(),
  note: z.string().optional(),
});

const orderPackageSchema = z.strictObject({
  id: z.string(),
  location: z.string().meta({ description: 'A stock location, `external` (a supplier’s stock) or `electronic` (licences)' }),
  items: z.array(z.strictObject({ item_id: z.string(), product: z.string(), quantity: z.number().int() })),
  delivery_method: z.string().meta({ description: 'The order’s delivery method, `parcel_carrier` or `email`' }),
  status: z.string(),
});

export const orderStatusSchema = z
  .strictObject({
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    placed_at: z.string(),
    items: z.array(orderLineSchema),
    totals: z.strictObject({
      items: z.number().int(),
      discounts: z.number().int(),
      delivery: z.number().int(),
      payment: z.number().int(),
      vat: z.number().int(),
      total: z.number().int(),
      currency,
    }),
    delivery: z.strictObject({
      method: z.string(),
      label: z.string(),
      status: z.string(),
      number: z.string().optional(),
    }),
    payment: z.strictObject({
      method: z.string(),
      status: z.string(),
      paid_at: z.string().optional(),
      refunded_at: z.string().optional().meta({ description: 'When the money went back (status refunded)' }),
      refunded_amount: z.number().int().optional(),
    }),
    packages: z
      .array(orderPackageSchema)
      .optional()
      .meta({ description: 'Once confirmed: one package per stock location, external stock and e-mailed licences apart' }),
    timeline: z.array(timelineEntrySchema),
    cancellable: z.boolean(),
  })
  .meta({ id: 'OrderStatus' });
export type OrderStatusView = z.infer<typeof orderStatusSchema>;

export const adminOrderSchema = orderStatusSchema
  .extend({
    unfinished: z.boolean().meta({ description: 'Spec 9: still not paid nor confirmed 30 minutes after it was placed' }),
    cancel_reason: z.string().nullable(),
    customer: z.strictObject({ email: z.string(), phone: z.string(), first_name: z.string(), last_name: z.string() }),
    billing_address: z.record(z.string(), z.string()),
    delivery_address: z.record(z.string(), z.string()).nullable(),
    note: z.string().nullable(),
    internal_order_number: z.string().nullable(),
  })
  .meta({ id: 'AdminOrder' });

export const adminOrderRowSchema = z
  .strictObject({
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    placed_at: z.string(),
    total: z.number().int(),
    currency,
    delivery_method: z.string(),
    payment_method: z.string(),
    payment_status: z.string(),
    unfinished: z.boolean(),
  })
  .meta({ id: 'AdminOrderRow' });

export const adminOrderPageSchema = z
  .strictObject({ rows: z.array(adminOrderRowSchema), lastRow: z.number().int() })
  .meta({ id: 'AdminOrderPage' });

export const ORDER_SORT_FIELDS = ['placed_at', 'number', 'status', 'total'] as const;

/** The grid's query string: AG Grid's models as JSON, like the other admin grids; `unfinished` picks spec 9's flagged orders. */
export const adminOrderQuerySchema = z.strictObject({
  startRow: z.coerce.number().int().min(0).max(1_000_000).optional(),
  endRow: z.coerce.number().int().min(1).max(1_000_000).optional(),
  sortModel: z
    .string()
    .max(5_000)
    .optional()
    .meta({ description: 'AG Grid’s sortModel as JSON (placed_at, number, status, total)' }),
  filterModel: z
    .string()
    .max(20_000)
    .optional()
    .meta({ description: 'AG Grid’s filterModel as JSON: status (set or text), number (text)' }),
  unfinished: z.enum(['true', 'false']).optional(),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

/** finish's 409: the problem, with what the buyer needs to decide again. */
export const checkoutProblemSchema = problemSchema
  .extend({
    unavailable: z
      .array(z.string())
      .optional()
      .meta({ description: 'cart.product_unavailable: the products that cannot be bought (spec 8)' }),
    total: z.number().int().optional().meta({ description: 'cart.price_changed: the total at today’s prices' }),
    currency: currency.optional(),
    discount_code: z.string().optional().meta({ description: 'discount.invalid: the code to remove from the cart' }),
    changed: z
      .array(z.strictObject({ item_id: z.string(), product: z.string(), unit_price: z.number().int().nullable() }))
      .optional()
      .meta({ description: 'The lines whose price changed, at their new price (the cart took them)' }),
  })
  .meta({ id: 'CheckoutProblem' });
