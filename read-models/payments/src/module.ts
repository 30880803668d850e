import { randomBytes } from 'node:crypto';
import { PAYMENTS_PORT } from '@buyloop/contracts/payments/port';
import { SecuredRouter } from '@buyloop/http';
import {
  NOTIFICATION_STREAM_CATEGORY,
  PAYMENT_STREAM_CATEGORY,
  PAYMENTS_TAG,
  paymentDecider,
  paymentMessages,
  PaymentsService,
  paymentsRoutes,
  SandboxGateway,
  type NotificationEvent,
} from '@buyloop/payments';
import type { Module, ModuleProcessManager, Projection, SettingsReader, StreamFolder } from '@buyloop/projector';
import { paymentsProjection } from './projection';
import { paymentReadRoutes } from './routes';
import { notificationsManager } from './notifications-manager';

export interface PaymentsSettings {
  /** The secret gateway notifications are signed with (HMAC-SHA256). */
  readonly gatewaySecret: string;
}

/** Development and tests sign with a known secret, so tools and tests can sign notifications too. */
export const DEV_GATEWAY_SECRET = 'buyloop-sandbox-gateway-secret';

const GATEWAY_SECRET = {
  name: 'PAYMENTS_GATEWAY_SECRET',
  expected: 'at least 16 characters shared with the payment gateway',
  secret: true,
} as const;

export const paymentsSettings: SettingsReader<PaymentsSettings> = {
  variables: [GATEWAY_SECRET],
  read(env, { mode }) {
    const given = env[GATEWAY_SECRET.name] || undefined;
    if (given !== undefined && given.length < 16)
      return { ok: false, errors: [`${GATEWAY_SECRET.name} must be ${GATEWAY_SECRET.expected}, got (hidden)`] };
    // Unset in production: a secret of this process's own, known only to the sandbox gateway it runs, never the public default.
    const fallback = mode === 'production' ? randomBytes(32).toString('hex') : DEV_GATEWAY_SECRET;
    return { ok: true, settings: { gatewaySecret: given ?? fallback } };
  },
};

/** The notifications' own streams are replayed only to be shown: one event each. */
const notificationFolder: StreamFolder = {
  initialState: () => null,
  evolve: (_state: unknown, event: NotificationEvent) => event.data,
} as unknown as StreamFolder;

export interface PaymentsHandle {
  readonly service: PaymentsService;
  readonly gateway: SandboxGateway;
  readonly secret: string;
}

/**
 * Payments (issue 15, Deliver 3) as a bounded context: one ledger per order
 * (`payment-<order_number>`) kept by a pure decider, gateway notifications
 * checked (HMAC), stored under (provider, id) and applied monotonically, a
 * sandbox gateway served by our own process, methods by delivery, and the
 * PAYMENTS_PORT the checkout and the orders call.
 */
export function paymentsModule(): Module<PaymentsHandle> {
  return {
    name: 'payments',
    capabilities: ['payments.read'],
    projections: [paymentsProjection as unknown as Projection],
    streams: {
      [PAYMENT_STREAM_CATEGORY]: paymentDecider as unknown as StreamFolder,
      [NOTIFICATION_STREAM_CATEGORY]: notificationFolder,
    },
    settings: paymentsSettings,
    // The buyer's return address carries the order's status token.
    logRedactions: ['return_url'],
    messages: paymentMessages,
    async open(context) {
      const { gatewaySecret } =
        (context.settings as PaymentsSettings | undefined) ??
        (
          paymentsSettings.read(context.env, { market: context.market, mode: context.mode }) as {
            settings: PaymentsSettings;
          }
        ).settings;
      const service: PaymentsService = new PaymentsService({
        events: context.events,
        market: context.market,
        clock: context.clock,
        secret: gatewaySecret,
        // The sandbox refunds at once; its signed notification confirms it through the same checks and storage.
        refunds: async (ledger, refundId) =>
          gateway.deliverInProcess('sandbox', gateway.notificationOf(ledger, 'refunded', { id: `refund-${refundId}` })),
      });
      const gateway: SandboxGateway = new SandboxGateway(
        (provider, body, signature) => service.receive(provider, body, signature),
        gatewaySecret,
        context.clock,
      );
      context.ports.provide(PAYMENTS_PORT, service);
      const routes = new SecuredRouter({ tag: PAYMENTS_TAG });
      paymentsRoutes(routes, { service, gateway });
      const admin = new SecuredRouter({ tag: 'Back office: payments' });
      paymentReadRoutes(admin, { documents: context.documents, collection: (name) => context.collection(name) });
      return {
        routes: [routes, admin],
        processManagers: [notificationsManager(service) as ModuleProcessManager],
        handle: { service, gateway, secret: gatewaySecret },
      };
    },
  };
}
