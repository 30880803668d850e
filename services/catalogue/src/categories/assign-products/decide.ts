import type { CategoryEvent, CategoryTreeState } from '../events';
import {
  ASSIGNMENT_MAX_CATEGORIES,
  ASSIGNMENT_MAX_MASTER_PRODUCTS,
  CATEGORY_ERRORS,
  checkId,
  checkTime,
  distinct,
  FieldErrors,
} from '../rules';

/**
 * add_product_categories (spec 7): every selected master product goes into
 * every selected category. Field names follow the spec's payload
 * (`masterProductIds`, `typeCategoryIds`) so the refusals land under the
 * request's own fields.
 */
export interface AssignProducts {
  readonly type: 'AssignProducts';
  readonly masterProductIds: readonly string[];
  readonly typeCategoryIds: readonly string[];
  /** The selected master products whose `master-<id>` stream the application service found empty or deleted. */
  readonly missingMasterProductIds: readonly string[];
  readonly at: string;
}

/**
 * The checks both directions share: a selection on each side (spec 5: users
 * must select products and categories to update), ids that look like ids,
 * categories that exist. Answers the selection without repeats.
 */
export function checkSelection(
  command: { readonly masterProductIds: readonly string[]; readonly typeCategoryIds: readonly string[]; readonly at: string },
  state: CategoryTreeState,
  errors: FieldErrors,
): { masterProductIds: string[]; categoryIds: string[] } {
  const masters = Array.isArray(command.masterProductIds) ? command.masterProductIds : [];
  const categories = Array.isArray(command.typeCategoryIds) ? command.typeCategoryIds : [];
  if (masters.length === 0) errors.add('masterProductIds', CATEGORY_ERRORS.selectionRequired);
  if (categories.length === 0) errors.add('typeCategoryIds', CATEGORY_ERRORS.selectionRequired);
  // Spec 5's message is the refusal itself, so the page can show it as it is, above the grid.
  errors.throwIfAny('Select products and categories', CATEGORY_ERRORS.selectionRequired);
  if (masters.length > ASSIGNMENT_MAX_MASTER_PRODUCTS) errors.add('masterProductIds', 'validation.invalid_value');
  if (categories.length > ASSIGNMENT_MAX_CATEGORIES) errors.add('typeCategoryIds', 'validation.invalid_value');
  masters.forEach((id, index) => checkId(errors, `masterProductIds.${index}`, id));
  categories.forEach((id, index) => {
    checkId(errors, `typeCategoryIds.${index}`, id);
    if (typeof id === 'string' && !state.categories[id]) errors.add(`typeCategoryIds.${index}`, CATEGORY_ERRORS.notFound);
  });
  checkTime(errors, 'at', command.at);
  return { masterProductIds: distinct(masters), categoryIds: distinct(categories) };
}

export function decideAssignProducts(command: AssignProducts, state: CategoryTreeState): CategoryEvent[] {
  const errors = new FieldErrors();
  const selection = checkSelection(command, state, errors);
  command.masterProductIds.forEach((id, index) => {
    if (command.missingMasterProductIds.includes(id))
      errors.add(`masterProductIds.${index}`, CATEGORY_ERRORS.masterProductNotFound);
  });
  errors.throwIfAny('The products cannot be assigned');
  const changes = selection.categoryIds.some((categoryId) => {
    const present = new Set(state.products[categoryId] ?? []);
    return selection.masterProductIds.some((id) => !present.has(id));
  });
  // Every pair is there already: nothing to record, and a repeated click changes nothing.
  if (!changes) return [];
  return [{ type: 'ProductsAssignedToCategories', data: { ...selection, at: command.at } }];
}
