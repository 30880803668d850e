import type { SecuredRouter } from '@buyloop/http';
import { addItemRoute } from './add-item/route';
import { changeQuantityRoute } from './change-quantity/route';
import { removeItemRoute } from './remove-item/route';
import { addWarrantyBonusRoute } from './add-warranty-bonus/route';
import { removeWarrantyBonusRoute } from './remove-warranty-bonus/route';
import type { CartRouteDeps } from './http/route-deps';

/** Every cart command route, one per slice. */
export function cartCommandRoutes(r: SecuredRouter, deps: CartRouteDeps): void {
  addItemRoute(r, deps);
  changeQuantityRoute(r, deps);
  removeItemRoute(r, deps);
  addWarrantyBonusRoute(r, deps);
  removeWarrantyBonusRoute(r, deps);
}
