import type { SecuredRouter } from '@buyloop/http';
import { staffActionRequestSchemas } from '@buyloop/contracts/buy-back/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

export const returnDeviceRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(r, deps, 'return-device', 'buyback.logistics', staffActionRequestSchemas['return-device'], (input) => ({
    action: 'return-device',
    shipment_reference: input.shipment_reference || null,
  }));
