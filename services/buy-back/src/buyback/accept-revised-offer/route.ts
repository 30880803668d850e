import type { SecuredRouter } from '@buyloop/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { customerActionRoute } from '../../http/customer-action-route';

export const acceptRevisedOfferRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  customerActionRoute(r, deps, 'accept-revised-offer');
