import type { SecuredRouter } from '@buyloop/http';
import { addCategoryRoute } from '../add-category/route';
import { updateCategoryRoute } from '../update-category/route';
import { moveCategoryRoute } from '../move-category/route';
import { deleteCategoryRoute } from '../delete-category/route';
import { assignProductsRoute } from '../assign-products/route';
import { removeProductsRoute } from '../remove-products/route';
import type { CategoryRouteDeps } from './route-deps';

/**
 * The categories' command routes. The assignment paths come before
 * `/:id` so `assign` is never read as a category id (they are POSTs and
 * `/:id` takes PATCH and DELETE, but the order keeps that obvious).
 */
export function categoryCommandRoutes(r: SecuredRouter, deps: CategoryRouteDeps): void {
  assignProductsRoute(r, deps);
  removeProductsRoute(r, deps);
  addCategoryRoute(r, deps);
  updateCategoryRoute(r, deps);
  moveCategoryRoute(r, deps);
  deleteCategoryRoute(r, deps);
}
