import type { CategoryEvent, CategoryFields, CategoryTreeState } from '../events';
import { childrenOf } from '../events';
import { checkMoveTarget } from '../move-category/decide';
import {
  CATEGORY_ERRORS,
  CATEGORY_SEO_DESCRIPTION_MAX_LENGTH,
  CATEGORY_SEO_TITLE_MAX_LENGTH,
  checkFlag,
  checkId,
  checkName,
  checkReferences,
  checkSeoName,
  checkSeoText,
  checkTime,
  distinct,
  existing,
  FieldErrors,
  freeSlugFor,
  nameTakenUnder,
  seoNameTaken,
  seoTextOf,
  type MissingReferences,
} from '../rules';

/**
 * update_category (spec 7): the fields of the category form; absent fields
 * stay as they are. A new `parentId` moves the category to the end of that
 * parent's children, under the same rules as a move (no cycle, no depth
 * beyond the limit).
 */
export interface UpdateCategory {
  readonly type: 'UpdateCategory';
  readonly categoryId: string;
  readonly name?: string;
  /** A slug; null derives a new one from the (new) name. */
  readonly seoName?: string | null;
  /** null: the top level. */
  readonly parentId?: string | null;
  readonly forDisplay?: boolean;
  readonly forBuyout?: boolean;
  readonly forService?: boolean;
  readonly filterable?: boolean;
  readonly manufacturerIds?: readonly string[];
  readonly photoId?: string | null;
  readonly typeDeviceId?: string | null;
  /** Blank or null: none. */
  readonly seoTitle?: string | null;
  readonly seoDescription?: string | null;
  readonly missing?: MissingReferences;
  readonly at: string;
}

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((value, index) => value === b[index]);

export function decideUpdateCategory(command: UpdateCategory, state: CategoryTreeState): CategoryEvent[] {
  const errors = new FieldErrors();
  if (command.name !== undefined) checkName(errors, 'name', command.name);
  if (command.seoName !== undefined && command.seoName !== null) checkSeoName(errors, 'seo_name', command.seoName);
  if (command.parentId !== undefined && command.parentId !== null) checkId(errors, 'parent', command.parentId);
  checkFlag(errors, 'for_display', command.forDisplay);
  checkFlag(errors, 'for_buyout', command.forBuyout);
  checkFlag(errors, 'for_service', command.forService);
  checkFlag(errors, 'filterable', command.filterable);
  checkSeoText(errors, 'seo_title', command.seoTitle, CATEGORY_SEO_TITLE_MAX_LENGTH);
  checkSeoText(errors, 'seo_description', command.seoDescription, CATEGORY_SEO_DESCRIPTION_MAX_LENGTH, true);
  checkReferences(errors, command, command.missing);
  checkTime(errors, 'at', command.at);
  errors.throwIfAny('The category cannot be changed');

  const node = existing(state, command.categoryId);
  const name = command.name?.trim() ?? node.name;
  const parentId = command.parentId === undefined ? node.parentId : command.parentId;
  const moving = parentId !== node.parentId;
  if (moving) checkMoveTarget(errors, 'parent', state, node.id, parentId);
  if ((moving || name !== node.name) && !errors.any && nameTakenUnder(state, parentId, name, node.id))
    errors.add('name', CATEGORY_ERRORS.nameTaken);
  if (command.seoName && seoNameTaken(state, command.seoName, node.id)) errors.add('seo_name', CATEGORY_ERRORS.seoNameTaken);
  errors.throwIfAny('The category cannot be changed');

  const wanted: Partial<CategoryFields> = {
    name,
    ...(command.seoName !== undefined ? { seoName: command.seoName ?? freeSlugFor(state, name, node.id) } : {}),
    ...(command.forDisplay !== undefined ? { forDisplay: command.forDisplay } : {}),
    ...(command.forBuyout !== undefined ? { forBuyout: command.forBuyout } : {}),
    ...(command.forService !== undefined ? { forService: command.forService } : {}),
    ...(command.filterable !== undefined ? { filterable: command.filterable } : {}),
    ...(command.manufacturerIds !== undefined ? { manufacturerIds: distinct(command.manufacturerIds) } : {}),
    ...(command.photoId !== undefined ? { photoId: command.photoId } : {}),
    ...(command.typeDeviceId !== undefined ? { typeDeviceId: command.typeDeviceId } : {}),
    ...(command.seoTitle !== undefined ? { seoTitle: seoTextOf(command.seoTitle) } : {}),
    ...(command.seoDescription !== undefined ? { seoDescription: seoTextOf(command.seoDescription) } : {}),
  };
  const changed = Object.fromEntries(
    Object.entries(wanted).filter(([field, value]) => {
      const current = node[field as keyof CategoryFields];
      return Array.isArray(value) ? !sameList(value, current as readonly string[]) : value !== current;
    }),
  ) as Partial<CategoryFields>;

  const events: CategoryEvent[] = [];
  if (Object.keys(changed).length > 0)
    events.push({ type: 'CategoryUpdated', data: { categoryId: node.id, ...changed, at: command.at } });
  if (moving)
    events.push({
      type: 'CategoryMoved',
      data: {
        categoryId: node.id,
        targetId: parentId,
        position: childrenOf(state, parentId).length,
        fromParentId: node.parentId,
        fromPosition: childrenOf(state, node.parentId).indexOf(node.id),
        at: command.at,
      },
    });
  return events;
}
