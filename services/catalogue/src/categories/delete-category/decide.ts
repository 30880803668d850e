import { subtreeIds, type CategoryEvent, type CategoryTreeState } from '../events';
import { checkTime, existing, FieldErrors } from '../rules';

/**
 * delete_category (spec 7). Deleting a category deletes everything below it
 * and their product assignments: a subcategory without its parent would
 * have nowhere to hang, and silently lifting it up a level would change the
 * storefront's menu in a way nobody asked for. The back office says how many
 * subcategories go with it before it asks to confirm; `deletedIds` lists them.
 */
export interface DeleteCategory {
  readonly type: 'DeleteCategory';
  readonly categoryId: string;
  readonly at: string;
}

export function decideDeleteCategory(command: DeleteCategory, state: CategoryTreeState): CategoryEvent[] {
  const errors = new FieldErrors();
  checkTime(errors, 'at', command.at);
  errors.throwIfAny('The category cannot be deleted');
  const node = existing(state, command.categoryId);
  return [{ type: 'CategoryDeleted', data: { categoryId: node.id, deletedIds: subtreeIds(state, node.id), at: command.at } }];
}
