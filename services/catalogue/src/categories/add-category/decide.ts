import { IllegalState } from '@buyloop/kit';
import { childrenOf, depthOf, type CategoryEvent, type CategoryTreeState } from '../events';
import {
  CATEGORY_ERRORS,
  CATEGORY_MAX_COUNT,
  CATEGORY_MAX_DEPTH,
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
  FieldErrors,
  freeSlugFor,
  nameTakenUnder,
  seoNameTaken,
  seoTextOf,
  type MissingReferences,
} from '../rules';

/** add_new_category (spec 7): a new category under a parent (or at the top), last among its siblings unless placed. */
export interface AddCategory {
  readonly type: 'AddCategory';
  /** Chosen by the caller (the route generates it), so a decision never makes up ids. */
  readonly categoryId: string;
  readonly parentId: string | null;
  /** Index among the parent's children; last when absent, clamped to the end. */
  readonly position?: number;
  readonly name: string;
  /** Derived from the name when absent or null (and made unique). */
  readonly seoName?: string | null;
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

export function decideAddCategory(command: AddCategory, state: CategoryTreeState): CategoryEvent[] {
  const errors = new FieldErrors();
  checkId(errors, 'id', command.categoryId);
  if (command.parentId !== null) checkId(errors, 'parent', command.parentId);
  checkName(errors, 'name', command.name);
  if (command.seoName !== undefined && command.seoName !== null) checkSeoName(errors, 'seo_name', command.seoName);
  if (command.position !== undefined && (!Number.isSafeInteger(command.position) || command.position < 0))
    errors.add('position', 'validation.invalid_value');
  checkFlag(errors, 'for_display', command.forDisplay);
  checkFlag(errors, 'for_buyout', command.forBuyout);
  checkFlag(errors, 'for_service', command.forService);
  checkFlag(errors, 'filterable', command.filterable);
  checkSeoText(errors, 'seo_title', command.seoTitle, CATEGORY_SEO_TITLE_MAX_LENGTH);
  checkSeoText(errors, 'seo_description', command.seoDescription, CATEGORY_SEO_DESCRIPTION_MAX_LENGTH, true);
  checkReferences(errors, command, command.missing);
  checkTime(errors, 'at', command.at);
  errors.throwIfAny('The category cannot be added');

  if (state.categories[command.categoryId])
    throw new IllegalState(CATEGORY_ERRORS.alreadyExists, `Category ${command.categoryId} exists already`);
  if (Object.keys(state.categories).length >= CATEGORY_MAX_COUNT)
    throw new IllegalState(CATEGORY_ERRORS.tooMany, 'The tree holds as many categories as it may', { max: CATEGORY_MAX_COUNT });

  const name = command.name.trim();
  if (command.parentId !== null && !state.categories[command.parentId]) errors.add('parent', CATEGORY_ERRORS.parentNotFound);
  else {
    if (command.parentId !== null && depthOf(state, command.parentId) + 1 > CATEGORY_MAX_DEPTH)
      errors.add('parent', CATEGORY_ERRORS.tooDeep);
    if (nameTakenUnder(state, command.parentId, name)) errors.add('name', CATEGORY_ERRORS.nameTaken);
  }
  if (command.seoName && seoNameTaken(state, command.seoName)) errors.add('seo_name', CATEGORY_ERRORS.seoNameTaken);
  errors.throwIfAny('The category cannot be added');

  const siblings = childrenOf(state, command.parentId).length;
  return [
    {
      type: 'CategoryAdded',
      data: {
        categoryId: command.categoryId,
        parentId: command.parentId,
        position: Math.min(command.position ?? siblings, siblings),
        name,
        seoName: command.seoName || freeSlugFor(state, name),
        forDisplay: command.forDisplay ?? true,
        forBuyout: command.forBuyout ?? false,
        forService: command.forService ?? false,
        filterable: command.filterable ?? false,
        manufacturerIds: distinct(command.manufacturerIds ?? []),
        photoId: command.photoId ?? null,
        typeDeviceId: command.typeDeviceId ?? null,
        seoTitle: seoTextOf(command.seoTitle),
        seoDescription: seoTextOf(command.seoDescription),
        at: command.at,
      },
    },
  ];
}
