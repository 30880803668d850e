import { z } from 'zod';
import { textField } from '@buyloop/validation';
import type { SecuredRouter } from '@buyloop/http';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

/** `where`: the buy-back centre or warehouse that took the device in. */
export const receiveRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(r, deps, 'receive', 'buyback.logistics', z.strictObject({ where: textField({ max: 100 }) }), (input) => ({
    action: 'receive',
    ...input,
  }));
