import type { CategoryEvent, CategoryTreeState } from '../events';
import { checkSelection } from '../assign-products/decide';
import { FieldErrors } from '../rules';

/**
 * remove_product_categories (spec 7): every selected master product leaves
 * every selected category. A master product need not exist any more to be
 * taken out: removing what a deleted product left behind is a clean-up.
 */
export interface RemoveProducts {
  readonly type: 'RemoveProducts';
  readonly masterProductIds: readonly string[];
  readonly typeCategoryIds: readonly string[];
  readonly at: string;
}

export function decideRemoveProducts(command: RemoveProducts, state: CategoryTreeState): CategoryEvent[] {
  const errors = new FieldErrors();
  const selection = checkSelection(command, state, errors);
  errors.throwIfAny('The products cannot be removed');
  const changes = selection.categoryIds.some((categoryId) => {
    const present = new Set(state.products[categoryId] ?? []);
    return selection.masterProductIds.some((id) => present.has(id));
  });
  if (!changes) return [];
  return [{ type: 'ProductsRemovedFromCategories', data: { ...selection, at: command.at } }];
}
