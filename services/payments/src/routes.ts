import type { SecuredRouter } from '@buyloop/http';
import { notificationRoute } from './apply-notification/route';
import type { PaymentsRouteDeps } from './http/route-deps';
import { paymentMethodsRoute } from './payment-methods/route';
import { sandboxRoutes } from './sandbox/routes';
import { walletRoutes } from './wallets/routes';

/** Every route of the payments context's write side, one folder each. */
export function paymentsRoutes(r: SecuredRouter, deps: PaymentsRouteDeps): void {
  paymentMethodsRoute(r, deps);
  notificationRoute(r, deps);
  sandboxRoutes(r, deps);
  walletRoutes(r, deps);
}
