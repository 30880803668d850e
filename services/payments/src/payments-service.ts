import { createHash, randomBytes } from 'node:crypto';
import { paymentNotificationSchema, type NotificationStatus, type PaymentNotification } from '@buyloop/contracts/payments/http';
import type { PaymentQuote, PaymentQuoteRequest, PaymentStart, Payments, StartedPayment } from '@buyloop/contracts/payments/port';
import {
  DomainError,
  fold,
  handleCommand,
  IllegalState,
  NotFound,
  parseInput,
  RequestRefused,
  systemActor,
  ValidationError,
  type Clock,
  type CommandResult,
  type Market,
  type StreamStore,
} from '@buyloop/kit';
import { bankTransferDetails, SANDBOX_ACCOUNTS, type BankAccount } from './bank-transfer';
import { paymentDecider, type PaymentCommand } from './decider';
import {
  NOTIFICATION_RECEIVED,
  NOTIFICATION_STREAM_CATEGORY,
  paymentStream,
  type NotificationReceivedData,
  type PaymentEvent,
} from './events';
import { methodFor, methodName } from './payment-methods/methods';
import { signatureValid } from './signature';
import { PAYMENT_ERROR_CODES, type PaymentState, type StartedLedger } from './state';

export interface PaymentsServiceDeps {
  readonly events: StreamStore;
  readonly market: Market;
  readonly clock: Clock;
  /** The secret gateway notifications are signed with (HMAC-SHA256). */
  readonly secret: string;
  readonly account?: BankAccount;
  /** How a refund reaches the gateway; the sandbox answers it with a signed notification. */
  readonly refunds?: (ledger: StartedLedger, refundId: string) => Promise<void>;
  /** Random parts of payment ids (tests name them). */
  readonly random?: () => string;
}

export interface ReceivedNotification {
  readonly duplicate: boolean;
  readonly outcome: 'applied' | 'unchanged' | 'refused';
  readonly notification: PaymentNotification;
  readonly checkpoint: string | null;
}

/** The sandbox's marker for a gateway that fails at start (tests of the checkout's 'payment gateway error'). */
export const GATEWAY_ERROR_EMAIL = /@gateway-error\.test$/i;

/** A UUID-shaped id derived from its parts: the store keeps one event per id, so a repeated notification is stored once. */
function derivedId(...parts: readonly string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const orderNumberOfPaymentId = (paymentId: string): string | null =>
  /^pay_(\d{10})_[0-9a-f]{16}$/.exec(paymentId)?.[1] ?? null;

/**
 * The payments context's application service: the ledger through its pure
 * decider, and gateway notifications checked, stored, then applied. Answers
 * the PAYMENTS_PORT the checkout and the orders call.
 */
export class PaymentsService implements Payments {
  private readonly random: () => string;
  private readonly account: BankAccount;

  constructor(private readonly deps: PaymentsServiceDeps) {
    this.random = deps.random ?? (() => randomBytes(8).toString('hex'));
    this.account = deps.account ?? SANDBOX_ACCOUNTS[deps.market];
  }

  get market(): Market {
    return this.deps.market;
  }

  async state(orderNumber: string): Promise<PaymentState> {
    const recorded = await this.deps.events.readStream(paymentStream(orderNumber));
    return fold(paymentDecider, recorded as unknown as readonly PaymentEvent[]);
  }

  /** The ledger of a payment id, or a 404 when no such payment was started. */
  async ledgerOf(paymentId: string): Promise<StartedLedger> {
    const orderNumber = orderNumberOfPaymentId(paymentId);
    const state = orderNumber === null ? null : await this.state(orderNumber);
    if (!state || state.status === 'none' || state.payment_id !== paymentId)
      throw new NotFound(PAYMENT_ERROR_CODES.notFound, 'No such payment');
    return state;
  }

  async quote(request: PaymentQuoteRequest): Promise<PaymentQuote> {
    const found = methodFor(request.method, request.delivery, this.deps.market);
    if (!found) return { ok: false, code: 'payment.method_unavailable', field: 'payment' };
    return { ok: true, method: found.method, fee: found.fee, label: methodName(found.method, this.language()) };
  }

  async start(request: PaymentStart): Promise<StartedPayment> {
    if (!/^\d{10}$/.test(request.order_number))
      throw new ValidationError('validation.invalid_value', { order_number: ['validation.invalid_value'] });
    if (GATEWAY_ERROR_EMAIL.test(request.customer_email))
      throw new RequestRefused(
        502,
        PAYMENT_ERROR_CODES.gatewayError,
        'Payment gateway error',
        'The payment gateway did not take the order',
      );
    const before = await this.state(request.order_number);
    const result = await this.run(request.order_number, {
      type: 'StartPayment',
      // A retried start keeps the payment id the first one gave, so the buyer's gateway page stays the same.
      payment_id: before.status === 'none' ? `pay_${request.order_number}_${this.random()}` : before.payment_id,
      order_number: request.order_number,
      method: request.method,
      amount: request.amount,
      currency: request.currency,
      return_url: request.return_url,
      at: this.now(),
    });
    const ledger = result.state as StartedLedger;
    switch (ledger.method) {
      case 'card':
      case 'google_pay':
      case 'apple_pay':
        return { payment_id: ledger.payment_id, redirect_url: sandboxPageOf(ledger.payment_id) };
      case 'bank_transfer':
        return {
          payment_id: ledger.payment_id,
          bank_transfer: await bankTransferDetails(
            this.deps.market,
            this.account,
            ledger.order_number,
            ledger.amount,
            ledger.currency,
          ),
        };
      case 'cash_on_delivery':
        return { payment_id: ledger.payment_id };
    }
  }

  async refund(orderNumber: string, reason: string): Promise<void> {
    const refundId = derivedId('refund', orderNumber);
    let result: CommandResult<PaymentEvent, PaymentState>;
    try {
      result = await this.run(orderNumber, { type: 'RequestRefund', refund_id: refundId, reason, at: this.now() });
    } catch (error) {
      // Nothing started or nothing collected: nothing to give back (the port's promise to a cancellation).
      if (error instanceof NotFound || (error instanceof IllegalState && error.code === PAYMENT_ERROR_CODES.nothingCollected))
        return;
      throw error;
    }
    // Asked again before the gateway confirmed (a crash in between): ask the gateway again; its refund is idempotent too.
    if (result.state.status === 'refund_requested' && this.deps.refunds) await this.deps.refunds(result.state, refundId);
  }

  /**
   * A gateway's notification: the signature over the raw body first (a
   * forged one stores nothing), then stored under (provider, id) before it
   * is applied, so a crash between the two loses nothing: the process
   * manager behind every stored notification (or the gateway's retry) applies it. A duplicate is stored once and
   * applied once (the ledger remembers the ids it applied).
   */
  async receive(provider: string, body: Buffer, signature: string | undefined): Promise<ReceivedNotification> {
    if (!signatureValid(this.deps.secret, body, signature))
      throw new RequestRefused(
        401,
        PAYMENT_ERROR_CODES.signatureInvalid,
        'The notification is not signed by the gateway',
        'The signature is missing or does not match the body',
      );
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw new ValidationError('request.malformed_json', { _: ['request.malformed_json'] });
    }
    const notification = parseInput(paymentNotificationSchema, parsed);
    const orderNumber = orderNumberOfPaymentId(notification.payment_id)!;
    const data: NotificationReceivedData = {
      provider,
      notification_id: notification.id,
      order_number: orderNumber,
      payment_id: notification.payment_id,
      status: notification.status,
      body: body.toString('utf8'),
      received_at: this.now(),
    };
    const key = createHash('sha256').update(`${provider}\u0000${notification.id}`).digest('hex').slice(0, 40);
    const stored = await this.deps.events.append(
      `${NOTIFICATION_STREAM_CATEGORY}-${key}`,
      [{ id: derivedId('payment-notification', provider, notification.id), type: NOTIFICATION_RECEIVED, data }],
      { actor: { userId: `gateway:${provider}`, role: 'system' }, market: this.deps.market },
    );
    const applied = await this.apply(notification);
    return {
      duplicate: stored.duplicate,
      outcome: applied.outcome,
      notification,
      checkpoint: applied.checkpoint ?? stored.checkpoint,
    };
  }

  /**
   * A stored notification applied again (the process manager behind every
   * stored one, for a crash between storing and applying): the ledger
   * remembers what it applied, so this records nothing the second time.
   */
  async applyStored(data: NotificationReceivedData): Promise<'applied' | 'unchanged' | 'refused'> {
    const notification = parseInput(paymentNotificationSchema, JSON.parse(data.body));
    return (await this.apply(notification)).outcome;
  }

  private async apply(
    notification: PaymentNotification,
  ): Promise<{ outcome: 'applied' | 'unchanged' | 'refused'; checkpoint: string | null }> {
    try {
      const applied = await this.run(orderNumberOfPaymentId(notification.payment_id)!, {
        type: 'ApplyNotification',
        notification_id: notification.id,
        payment_id: notification.payment_id,
        status: notification.status,
        amount: notification.amount,
        currency: notification.currency,
        at: notification.at,
      });
      return { outcome: applied.events.length > 0 ? 'applied' : 'unchanged', checkpoint: applied.checkpoint };
    } catch (error) {
      // Kept for staff and acknowledged: answering an error would only make the gateway send it again, forever.
      if (error instanceof DomainError && (error.kind === 'not_found' || error.kind === 'illegal_state'))
        return { outcome: 'refused', checkpoint: null };
      throw error;
    }
  }

  /** Notification statuses the buyer's choice on the sandbox page leads to. */
  static statusesOf(decision: 'approve' | 'decline' | 'challenge_passed'): readonly NotificationStatus[] {
    return decision === 'approve' ? ['paid'] : decision === 'decline' ? ['failed'] : ['authorised', 'paid'];
  }

  private language(): 'cs' | 'ro' {
    return this.deps.market === 'ro' ? 'ro' : 'cs';
  }

  private run(orderNumber: string, command: PaymentCommand): Promise<CommandResult<PaymentEvent, PaymentState>> {
    return handleCommand(this.deps.events, paymentDecider, paymentStream(orderNumber), command, {
      actor: systemActor,
      market: this.deps.market,
      retry: { attempts: 3 },
    });
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }
}

export const SANDBOX_PAGE_PATH = '/api/payments/sandbox/pay';
export const sandboxPageOf = (paymentId: string): string => `${SANDBOX_PAGE_PATH}/${paymentId}`;
