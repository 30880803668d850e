import { childrenOf, depthOf, heightOf, isWithin, type CategoryEvent, type CategoryTreeState } from '../events';
import { CATEGORY_ERRORS, CATEGORY_MAX_DEPTH, checkId, checkTime, existing, FieldErrors, nameTakenUnder } from '../rules';

/**
 * move_category (spec 7): the category, with everything below it, goes
 * under `targetId` (null: the top level) at `position` among the target's
 * children, counted once the category has left its old place. A position
 * past the end means last: a sibling deleted meanwhile must not turn a drop
 * at the end into a refusal.
 */
export interface MoveCategory {
  readonly type: 'MoveCategory';
  readonly categoryId: string;
  readonly targetId: string | null;
  readonly position: number;
  readonly at: string;
}

/**
 * Whether `categoryId` may hang under `targetId`: the target exists, is not
 * the category or one of its descendants (a cycle would cut the subtree off
 * the tree), and the subtree does not end up deeper than the limit.
 */
export function checkMoveTarget(
  errors: FieldErrors,
  field: string,
  state: CategoryTreeState,
  categoryId: string,
  targetId: string | null,
): void {
  if (targetId === null) return;
  if (!state.categories[targetId]) errors.add(field, CATEGORY_ERRORS.targetNotFound);
  else if (isWithin(state, targetId, categoryId)) errors.add(field, CATEGORY_ERRORS.ownSubtree);
  else if (depthOf(state, targetId) + heightOf(state, categoryId) > CATEGORY_MAX_DEPTH)
    errors.add(field, CATEGORY_ERRORS.tooDeep);
}

export function decideMoveCategory(command: MoveCategory, state: CategoryTreeState): CategoryEvent[] {
  const errors = new FieldErrors();
  if (command.targetId !== null) checkId(errors, 'target', command.targetId);
  if (!Number.isSafeInteger(command.position) || command.position < 0) errors.add('position', 'validation.invalid_value');
  checkTime(errors, 'at', command.at);
  errors.throwIfAny('The category cannot be moved');

  const node = existing(state, command.categoryId);
  checkMoveTarget(errors, 'target', state, node.id, command.targetId);
  const sameParent = command.targetId === node.parentId;
  if (!errors.any && !sameParent && nameTakenUnder(state, command.targetId, node.name))
    errors.add('target', CATEGORY_ERRORS.nameTaken);
  errors.throwIfAny('The category cannot be moved');

  const fromPosition = childrenOf(state, node.parentId).indexOf(node.id);
  const remaining = childrenOf(state, command.targetId).filter((id) => id !== node.id).length;
  const position = Math.min(command.position, remaining);
  if (sameParent && position === fromPosition) return [];
  return [
    {
      type: 'CategoryMoved',
      data: {
        categoryId: node.id,
        targetId: command.targetId,
        position,
        fromParentId: node.parentId,
        fromPosition,
        at: command.at,
      },
    },
  ];
}
