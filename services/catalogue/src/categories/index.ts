export {
  CATEGORY_EVENT_TYPES,
  categoryTreeStream,
  childrenOf,
  evolveCategoryTree,
  initialCategoryTreeState,
  insertAt,
  subtreeIds,
  type CategoryEvent,
  type CategoryEventType,
  type CategoryFields,
  type CategoryNode,
  type CategoryTreeState,
} from './events';
export { categoryTreeDecider, type CategoryCommand } from './decider';
export type { AddCategory } from './add-category/decide';
export type { UpdateCategory } from './update-category/decide';
export type { MoveCategory } from './move-category/decide';
export type { DeleteCategory } from './delete-category/decide';
export type { AssignProducts } from './assign-products/decide';
export type { RemoveProducts } from './remove-products/decide';
export { ASSIGNMENT_MAX_CATEGORIES, ASSIGNMENT_MAX_MASTER_PRODUCTS, CATEGORY_ERRORS, CATEGORY_MAX_DEPTH, slugOf } from './rules';
export {
  CategoryService,
  referencedStreams,
  type AddCategoryInput,
  type CategoryCommandOptions,
  type CategoryEventStore,
  type CategoryResult,
  type CategoryServiceDeps,
  type UpdateCategoryInput,
} from './service';
export { categoryView } from './view';
export { categoryCommandRoutes } from './http/routes';
export type { CategoryRouteDeps } from './http/route-deps';
