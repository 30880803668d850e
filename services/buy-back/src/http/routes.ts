import type { SecuredRouter } from '@buyloop/http';
import { acceptRevisedOfferRoute } from '../buyback/accept-revised-offer/route';
import { approveRoute } from '../buyback/approve/route';
import { cancelRoutes } from '../buyback/cancel/route';
import { completeRoute } from '../buyback/complete/route';
import { confirmPayoutRoute } from '../buyback/confirm-payout/route';
import { sendToEmailRoute } from '../buyback/email-offer/route';
import { inspectRoute } from '../buyback/inspect/route';
import { orderPayoutRoute } from '../buyback/order-payout/route';
import { orderPickupRoute } from '../buyback/order-pickup/route';
import { receiveRoute } from '../buyback/receive/route';
import { rejectRevisedOfferRoute } from '../buyback/reject-revised-offer/route';
import { releaseQuarantineRoute } from '../buyback/release-quarantine/route';
import { reportQuarantineRoute } from '../buyback/report-quarantine/route';
import { returnDeviceRoute } from '../buyback/return-device/route';
import { reviseOfferRoute } from '../buyback/revise-offer/route';
import { sellOnlineRoute } from '../buyback/submit/route';
import type { BuybackRouteDeps } from './route-deps';

/** Every buy-back command route: the storefront's, the customer's (token) and the back office's (If-Match). */
export function buybackCommandRoutes(r: SecuredRouter, deps: BuybackRouteDeps): void {
  sendToEmailRoute(r, deps);
  sellOnlineRoute(r, deps);
  acceptRevisedOfferRoute(r, deps);
  rejectRevisedOfferRoute(r, deps);
  cancelRoutes(r, deps);
  orderPickupRoute(r, deps);
  receiveRoute(r, deps);
  inspectRoute(r, deps);
  releaseQuarantineRoute(r, deps);
  reportQuarantineRoute(r, deps);
  approveRoute(r, deps);
  reviseOfferRoute(r, deps);
  returnDeviceRoute(r, deps);
  orderPayoutRoute(r, deps);
  confirmPayoutRoute(r, deps);
  completeRoute(r, deps);
}
