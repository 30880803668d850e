import type { Decider } from '@buyloop/kit';
import {
  evolveCategoryTree,
  initialCategoryTreeState,
  neverCategoryCase,
  type CategoryEvent,
  type CategoryTreeState,
} from './events';
import { decideAddCategory, type AddCategory } from './add-category/decide';
import { decideUpdateCategory, type UpdateCategory } from './update-category/decide';
import { decideMoveCategory, type MoveCategory } from './move-category/decide';
import { decideDeleteCategory, type DeleteCategory } from './delete-category/decide';
import { decideAssignProducts, type AssignProducts } from './assign-products/decide';
import { decideRemoveProducts, type RemoveProducts } from './remove-products/decide';

export type CategoryCommand = AddCategory | UpdateCategory | MoveCategory | DeleteCategory | AssignProducts | RemoveProducts;

/** The market's category tree and its product assignments: one stream, `categorytree-<market>`. */
export const categoryTreeDecider: Decider<CategoryCommand, CategoryEvent, CategoryTreeState> = {
  initialState: initialCategoryTreeState,
  evolve: evolveCategoryTree,
  decide(command, state) {
    switch (command.type) {
      case 'AddCategory':
        return decideAddCategory(command, state);
      case 'UpdateCategory':
        return decideUpdateCategory(command, state);
      case 'MoveCategory':
        return decideMoveCategory(command, state);
      case 'DeleteCategory':
        return decideDeleteCategory(command, state);
      case 'AssignProducts':
        return decideAssignProducts(command, state);
      case 'RemoveProducts':
        return decideRemoveProducts(command, state);
      default:
        return neverCategoryCase(command);
    }
  },
};
