import type { SecuredRouter } from '@buyloop/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { customerActionRoute } from '../../http/customer-action-route';

/** Rejecting sends the device back free of charge. */
export const rejectRevisedOfferRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  customerActionRoute(r, deps, 'reject-revised-offer');
