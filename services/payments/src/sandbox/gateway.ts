import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import {
  NOTIFICATION_SIGNATURE_HEADER,
  notificationAnswerSchema,
  type NotificationStatus,
  type PaymentNotification,
} from '@buyloop/contracts/payments/http';
import { CSRF_COOKIE, CSRF_HEADER } from '@buyloop/http';
import { RequestRefused, type Clock } from '@buyloop/kit';
import type { PaymentsService } from '../payments-service';
import { signBody } from '../signature';
import type { StartedLedger } from '../state';

/** What one notification the sandbox sent got back from our notification endpoint. */
export interface SentNotification {
  readonly notification_id: string;
  readonly status: number;
  readonly outcome?: 'applied' | 'unchanged' | 'refused';
}

/**
 * The base address of the server that answered this request, over loopback:
 * the sandbox gateway calls our own notification endpoint as a real gateway
 * would call it from outside, through the HTTP stack (signature, storage).
 */
export function loopbackOf(req: Request): string {
  const local = req.socket.localAddress ?? '127.0.0.1';
  const address = local.startsWith('::ffff:') ? local.slice('::ffff:'.length) : local;
  return `http://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}

export const newNotificationId = (): string => `sbx-${randomBytes(12).toString('hex')}`;

/**
 * Which of the sandbox's HTTP routes this process serves. The pages let a
 * buyer "pay" without money, so they exist only where the sandbox is the
 * configured gateway; the test hooks let anyone send a "paid" for any order
 * (or a bank transfer that never happened), so production has them only
 * when an operator asks for them explicitly.
 */
export interface SandboxExposure {
  /** The pay and 3-D Secure pages the buyer is redirected to, with their script. */
  readonly pages: boolean;
  /** Late, repeated and out-of-order notifications on demand, and the sandbox bank's incoming transfers. */
  readonly testHooks: boolean;
}

/** Development and tests: everything, which is what the journeys and the demo need. */
export const FULL_SANDBOX_EXPOSURE: SandboxExposure = { pages: true, testHooks: true };

/**
 * The sandbox gateway served by our own process: it signs a notification
 * about a payment (HMAC-SHA256 of the raw body) and sends it to the
 * notification endpoint the way a gateway does, as `application/octet-stream`.
 */
export class SandboxGateway {
  constructor(
    /** The notification endpoint's own handling, for deliveries in process. */
    private readonly receive: PaymentsService['receive'],
    private readonly secret: string,
    private readonly clock: Clock,
    readonly exposure: SandboxExposure = FULL_SANDBOX_EXPOSURE,
  ) {}

  notificationOf(
    ledger: StartedLedger,
    status: NotificationStatus,
    overrides: Partial<Pick<PaymentNotification, 'id' | 'amount'>> = {},
  ): PaymentNotification {
    return {
      id: overrides.id ?? newNotificationId(),
      payment_id: ledger.payment_id,
      status,
      amount: overrides.amount ?? ledger.amount,
      currency: ledger.currency,
      at: this.clock().toISOString(),
    };
  }

  /** Sends it over HTTP to `base` (loopback), `times` times with the same id, as a gateway retrying would. */
  async send(base: string, provider: string, notification: PaymentNotification, times = 1): Promise<SentNotification[]> {
    const body = JSON.stringify(notification);
    const sent: SentNotification[] = [];
    for (let attempt = 0; attempt < times; attempt++) {
      // Every POST of ours carries the double-submit CSRF pair; the signature is what proves the sender.
      const csrf = randomBytes(16).toString('hex');
      let response: Response;
      try {
        response = await fetch(`${base}/api/payments/notifications/${provider}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/octet-stream',
            [NOTIFICATION_SIGNATURE_HEADER]: signBody(this.secret, body),
            [CSRF_HEADER]: csrf,
            cookie: `${CSRF_COOKIE}=${csrf}`,
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        throw new RequestRefused(
          502,
          'payment.gateway_error',
          'Payment gateway error',
          'The sandbox gateway could not reach the notification endpoint',
        );
      }
      const answer = notificationAnswerSchema.safeParse(await response.json().catch(() => null));
      sent.push({
        notification_id: notification.id,
        status: response.status,
        ...(answer.success ? { outcome: answer.data.outcome } : {}),
      });
    }
    return sent;
  }

  /** Without a request to learn our address from (a refund asked by a process manager): the same path, in process. */
  async deliverInProcess(provider: string, notification: PaymentNotification): Promise<void> {
    const body = Buffer.from(JSON.stringify(notification));
    await this.receive(provider, body, signBody(this.secret, body));
  }
}
