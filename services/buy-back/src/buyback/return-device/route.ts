import { z } from 'zod';
import { textField } from '@buyloop/validation';
import type { SecuredRouter } from '@buyloop/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

export const returnDeviceRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(
    r,
    deps,
    'return-device',
    'buyback.logistics',
    z.strictObject({ shipment_reference: textField({ min: 0, max: 100 }).nullable().default(null) }),
    (input) => ({ action: 'return-device', shipment_reference: input.shipment_reference || null }),
  );
