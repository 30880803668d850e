import type { Currency } from '@buyloop/kit';

/** Payment methods (issue 15): codes the acceptance checks use, keep them. */
export const PAYMENT_METHODS = ['card', 'google_pay', 'apple_pay', 'bank_transfer', 'cash_on_delivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What the checkout asks the payments context before the order is placed: is this method allowed, and what does it cost. */
export interface PaymentQuoteRequest {
  readonly method: string;
  readonly delivery: string;
  readonly amount: number;
  readonly currency: Currency;
}

export type PaymentQuote =
  | { readonly ok: true; readonly method: PaymentMethod; readonly fee: number; readonly label: string }
  | { readonly ok: false; readonly code: 'payment.method_unavailable'; readonly field: 'payment' };

/** Starts collecting an order's money once the order is placed; idempotent per order number. */
export interface PaymentStart {
  readonly order_number: string;
  readonly method: PaymentMethod;
  /** Whole CZK / lei to collect, fees included. */
  readonly amount: number;
  readonly currency: Currency;
  /** Where the gateway sends the buyer back (the order's status page with its token). */
  readonly return_url: string;
  readonly customer_email: string;
}

export interface StartedPayment {
  readonly payment_id: string;
  /** card, google_pay, apple_pay: the (sandbox) gateway's page. */
  readonly redirect_url?: string;
  /** bank_transfer: what the buyer pays to, with the QR payment code (SPAYD on cz). */
  readonly bank_transfer?: {
    readonly iban: string;
    readonly account: string;
    readonly variable_symbol: string;
    readonly amount: number;
    readonly currency: Currency;
    /** The QR payment code's text (SPAYD on cz) and its picture as an SVG data URL. */
    readonly qr_text: string;
    readonly qr_svg: string;
  };
}

export interface Payments {
  quote(request: PaymentQuoteRequest): Promise<PaymentQuote>;
  start(request: PaymentStart): Promise<StartedPayment>;
  /** Refunds what was collected (an order cancelled); idempotent per order. Nothing collected: nothing to do. */
  refund(order_number: string, reason: string): Promise<void>;
}

export const PAYMENTS_PORT: { readonly name: 'payments.payments'; readonly __port?: Payments } = {
  name: 'payments.payments',
};

/**
 * The payment ledger's events other contexts react to (the orders' process
 * manager marks an order paid or its payment failed). Stream
 * `payment-<order_number>`; these are the published shapes, keep them.
 */
export const PAYMENT_EVENT_TYPES = {
  started: 'PaymentStarted',
  paid: 'PaymentSucceeded',
  failed: 'PaymentFailed',
  refunded: 'PaymentRefunded',
} as const;

export interface PublishedPaymentEvent {
  readonly order_number: string;
  readonly payment_id: string;
  readonly method: PaymentMethod;
  readonly amount: number;
  readonly currency: Currency;
  readonly at: string;
}
