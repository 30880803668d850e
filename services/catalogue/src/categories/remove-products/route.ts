import type { SecuredRouter } from '@buyloop/http';
import { assignmentRoute } from '../assign-products/route';
import type { CategoryRouteDeps } from '../http/route-deps';

/** remove_product_categories (spec 7): the same request as the assignment, the other way. */
export function removeProductsRoute(r: SecuredRouter, deps: CategoryRouteDeps): void {
  assignmentRoute(r, deps, 'unassign');
}
