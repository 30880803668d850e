/** The master product grid's request: AG Grid's block, sort and filter models and the toolbar's choices as the API's query string. */

export interface SortItem {
  readonly colId: string;
  readonly sort: 'asc' | 'desc';
}

export type FilterModel = Readonly<Record<string, unknown>>;

/** The toolbar's search and choices (the API takes them as plain query parameters beside AG Grid's models). */
export interface Toolbar {
  readonly quick: string;
  readonly manufacturer: string;
  readonly typeDevice: string;
  readonly category: string;
  readonly metaMaster: string;
}

export const EMPTY_TOOLBAR: Toolbar = { quick: '', manufacturer: '', typeDevice: '', category: '', metaMaster: '' };

const TOOLBAR_PARAMS: readonly (readonly [keyof Omit<Toolbar, 'quick'>, string])[] = [
  ['manufacturer', 'manufacturer_id'],
  ['typeDevice', 'type_device_id'],
  ['category', 'category_id'],
  ['metaMaster', 'meta_master_id'],
];

/** `GET /api/admin/catalogue/masters?…`: the models travel as JSON, as AG Grid builds them. */
export function mastersUrl(
  base: string,
  block: { readonly startRow: number; readonly endRow: number },
  sortModel: readonly SortItem[],
  filterModel: FilterModel,
  toolbar: Toolbar,
): string {
  const params = new URLSearchParams();
  params.set('startRow', String(block.startRow));
  params.set('endRow', String(block.endRow));
  if (sortModel.length > 0) params.set('sortModel', JSON.stringify(sortModel.map(({ colId, sort }) => ({ colId, sort }))));
  if (Object.keys(filterModel).length > 0) params.set('filterModel', JSON.stringify(filterModel));
  const text = toolbar.quick.trim();
  if (text) params.set('quick', text);
  for (const [key, name] of TOOLBAR_PARAMS) if (toolbar[key]) params.set(name, toolbar[key]);
  return `${base}?${params.toString()}`;
}
