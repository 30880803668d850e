import { z } from 'zod';
import { DELIVERY_METHODS } from '../delivery/port';
import { PAYMENT_METHODS } from './port';

/**
 * The payments context's HTTP contract (issue 15, Deliver 3): payment
 * methods by delivery, the (sandbox) gateway's notifications, the sandbox's
 * own pages and test hooks, the wallets' shapes of spec 7 and the staff's
 * view of an order's payment. Strict everywhere: an unknown field is a 400.
 */

const currency = z.enum(['CZK', 'RON']);
const wholeAmount = z.number().int().min(1).max(100_000_000).meta({ description: 'Whole CZK / lei', example: 12_990 });

/** An order number as the orders context gives them (10 digits). */
export const orderNumberSchema = z
  .string()
  .regex(/^\d{10}$/)
  .meta({ description: 'An order number (10 digits)', example: '6000000123' });

/** The ledger's payment id: the order number and a random part, so a gateway's page finds its stream without a read model. */
export const paymentIdSchema = z
  .string()
  .regex(/^pay_\d{10}_[0-9a-f]{16}$/)
  .meta({ description: 'A payment id as `start` answered it', example: 'pay_6000000123_0123456789abcdef' });

export const paymentMethodsQuerySchema = z.strictObject({
  delivery: z.enum(DELIVERY_METHODS).meta({ description: 'The delivery method code the buyer chose' }),
});

export const paymentMethodSchema = z.object({
  code: z.enum(PAYMENT_METHODS),
  name: z.string(),
  fee: z.number().int().min(0).meta({ description: 'Whole CZK / lei with VAT' }),
  currency,
  available: z.boolean(),
});

export const paymentMethodsSchema = z.object({ payments: z.array(paymentMethodSchema) });

/** What a gateway tells us about a payment. */
export const NOTIFICATION_STATUSES = ['pending', 'authorised', 'paid', 'failed', 'refunded'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const NOTIFICATION_SIGNATURE_HEADER = 'x-buyloop-signature';

/**
 * A gateway's notification, sent as `application/octet-stream` or
 * `text/plain` so that its signature (HMAC-SHA256 of the raw bytes, hex, in
 * `X-Buyloop-Signature: sha256=<hex>`) is checked on exactly what was sent.
 */
export const paymentNotificationSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.:-]+$/)
    .meta({ description: 'The gateway’s notification id: a second one with the same id is a duplicate' }),
  payment_id: paymentIdSchema,
  status: z.enum(NOTIFICATION_STATUSES),
  amount: wholeAmount,
  currency,
  at: z.iso.datetime({ offset: true }).meta({ description: 'When the gateway saw the change' }),
});
export type PaymentNotification = z.infer<typeof paymentNotificationSchema>;

export const PAYMENT_PROVIDERS = ['sandbox', 'sandbox-bank'] as const;
export const notificationParamsSchema = z.strictObject({ provider: z.enum(PAYMENT_PROVIDERS) });

export const notificationAnswerSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean().meta({ description: 'The same (provider, id) was stored before: nothing more was applied' }),
  outcome: z
    .enum(['applied', 'unchanged', 'refused'])
    .meta({ description: 'What the ledger made of it: recorded something, nothing new, or refused (kept for staff)' }),
});

export const bankTransferNoticeSchema = z.strictObject({
  variable_symbol: z
    .string()
    .regex(/^\d{1,10}$/)
    .meta({ description: 'The variable symbol of the incoming payment (the order number)' }),
  amount: wholeAmount,
});

export const sandboxDecisionSchema = z.strictObject({
  decision: z.enum(['approve', 'decline', 'challenge']),
});
export const sandboxChallengeSchema = z.strictObject({
  code: z.string().min(1).max(12).meta({ description: 'The 3-D Secure code (the sandbox takes 1234)' }),
});
export const sandboxRedirectSchema = z.object({
  redirect_url: z.string().meta({ description: 'Where the buyer goes next: the challenge page or the shop’s return_url' }),
});

/** The sandbox's test hook: the notification a real gateway may send late, twice or out of order. */
export const sandboxNotifySchema = z.strictObject({
  status: z.enum(NOTIFICATION_STATUSES),
  notification_id: paymentNotificationSchema.shape.id.optional(),
  times: z.number().int().min(1).max(3).optional().meta({ description: 'Send it this many times (default 1)' }),
});
export const sandboxNotifiedSchema = z.object({
  sent: z.array(z.object({ notification_id: z.string(), status: z.number().int() })),
});

/** Spec 7's card wallets, answered the sandbox's way. */
export const walletEchoSchema = z.object({
  available: z.boolean(),
  merchant_id: z.string(),
  message: z.string().optional().meta({ description: 'Spec 8: card wallet not available or failed to load' }),
});
export const walletInitSchema = z.strictObject({ payment_id: paymentIdSchema });
export const walletInitAnswerSchema = z.object({
  payment_id: z.string(),
  amount: z.number().int(),
  currency,
  merchant_id: z.string(),
  country: z.string(),
});
export const walletProcessSchema = z.strictObject({
  payment_id: paymentIdSchema,
  token: z.string().min(1).max(4000).meta({ description: 'The wallet’s payment token (the sandbox declines `decline`)' }),
});
export const applePaySessionSchema = z.strictObject({
  validation_url: z.url().max(500),
});
export const applePaySessionAnswerSchema = z.object({ merchant_session: z.string(), expires_at: z.string() });
export const cardPaySchema = z.strictObject({ payment_id: paymentIdSchema });

export const PAYMENT_STATUSES = ['started', 'pending', 'authorised', 'paid', 'failed', 'refund_requested', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const adminPaymentParamsSchema = z.strictObject({ order_number: orderNumberSchema });

export const adminPaymentSchema = z.object({
  order_number: z.string(),
  payment_id: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  currency,
  started_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  notifications: z.number().int().meta({ description: 'Gateway notifications received (duplicates stored once)' }),
  late_failures: z
    .array(z.object({ notification_id: z.string(), at: z.string() }))
    .meta({ description: '“failed” notifications that came after the payment was paid: kept for staff, they change nothing' }),
  updated_at: z.string(),
});
