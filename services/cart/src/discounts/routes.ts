import type { SecuredRouter } from '@buyloop/http';
import { createDiscountRoute } from './create-discount/route';
import { updateDiscountRoutes } from './update-discount/route';
import { archiveDiscountRoute } from './archive-discount/route';
import { generateCodesRoute } from './generate-codes/route';
import type { DiscountRouteDeps } from './http/route-deps';

/** Every discount definition command route, one per slice. */
export function discountCommandRoutes(r: SecuredRouter, deps: DiscountRouteDeps): void {
  createDiscountRoute(r, deps);
  updateDiscountRoutes(r, deps);
  archiveDiscountRoute(r, deps);
  generateCodesRoute(r, deps);
}
