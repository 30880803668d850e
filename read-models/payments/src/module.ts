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
  type SandboxExposure,
} from '@buyloop/payments';
import type { Module, ModuleContext, ModuleProcessManager, Projection, SettingsReader, StreamFolder } from '@buyloop/projector';
import { paymentsProjection } from './projection';
import { paymentReadRoutes } from './routes';
import { notificationsManager } from './notifications-manager';

/** Card gateways this build can talk to; a real gateway's adapter adds its name here. */
export const PAYMENT_PROVIDERS = ['sandbox'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export interface PaymentsSettings {
  /** The secret gateway notifications are signed with (HMAC-SHA256). */
  readonly gatewaySecret: string;
  readonly provider: PaymentProvider;
  /** What of the sandbox is served over HTTP (nothing of it unless the sandbox is the provider). */
  readonly sandbox: SandboxExposure;
}

/** Development and tests sign with a known secret, so tools and tests can sign notifications too. */
export const DEV_GATEWAY_SECRET = 'buyloop-sandbox-gateway-secret';

const GATEWAY_SECRET = {
  name: 'PAYMENTS_GATEWAY_SECRET',
  expected: 'at least 16 characters shared with the payment gateway',
  secret: true,
} as const;

const PROVIDER = {
  name: 'PAYMENTS_PROVIDER',
  expected: `the card payment gateway, one of ${PAYMENT_PROVIDERS.join(', ')} (default sandbox: pages served by this process, no money moves)`,
} as const;

const SANDBOX_TEST_HOOKS = {
  name: 'PAYMENTS_SANDBOX_TEST_HOOKS',
  expected: 'on or off: the sandbox routes that send notifications and bank transfers on demand (default on, off in production)',
} as const;

export const paymentsSettings: SettingsReader<PaymentsSettings> = {
  variables: [GATEWAY_SECRET, PROVIDER, SANDBOX_TEST_HOOKS],
  read(env, { mode }) {
    const errors: string[] = [];
    const given = env[GATEWAY_SECRET.name] || undefined;
    if (given !== undefined && given.length < 16)
      errors.push(`${GATEWAY_SECRET.name} must be ${GATEWAY_SECRET.expected}, got (hidden)`);
    const providerText = (env[PROVIDER.name] || 'sandbox').trim().toLowerCase();
    const provider = PAYMENT_PROVIDERS.find((name) => name === providerText);
    if (provider === undefined)
      errors.push(`${PROVIDER.name} must be ${PROVIDER.expected}, got ${JSON.stringify(env[PROVIDER.name])}`);
    // Off by default in production: a hook that answers "paid" for any order is a free shop where money is real.
    const hooksText = (env[SANDBOX_TEST_HOOKS.name] || (mode === 'production' ? 'off' : 'on')).trim().toLowerCase();
    if (hooksText !== 'on' && hooksText !== 'off')
      errors.push(
        `${SANDBOX_TEST_HOOKS.name} must be ${SANDBOX_TEST_HOOKS.expected}, got ${JSON.stringify(env[SANDBOX_TEST_HOOKS.name])}`,
      );
    if (errors.length > 0 || provider === undefined) return { ok: false, errors };
    // Unset in production: a secret of this process's own, known only to the sandbox gateway it runs, never the public default.
    const fallback = mode === 'production' ? randomBytes(32).toString('hex') : DEV_GATEWAY_SECRET;
    const isSandbox = provider === 'sandbox';
    return {
      ok: true,
      settings: {
        gatewaySecret: given ?? fallback,
        provider,
        sandbox: { pages: isSandbox, testHooks: isSandbox && hooksText === 'on' },
      },
    };
  },
};

/** Settings when the API did not read them first (a test opening the module itself); refused ones stop the opening. */
function settingsOf(context: Pick<ModuleContext, 'env' | 'market' | 'mode'>): PaymentsSettings {
  const read = paymentsSettings.read(context.env, { market: context.market, mode: context.mode });
  if (!read.ok) throw new Error(`Invalid payments settings: ${read.errors.join('; ')}`);
  return read.settings;
}

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
      const { gatewaySecret, sandbox } = (context.settings as PaymentsSettings | undefined) ?? settingsOf(context);
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
        sandbox,
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
