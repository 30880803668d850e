/**
 * The products area's master grid (`GET /api/admin/catalogue/masters`) as
 * the assignment grid asks it: AG Grid's block, sort and filter models, the
 * search, and the category whose products to show.
 */

/** A master product row, as far as the assignment grid reads it. */
export interface AssignmentMasterRow {
  readonly id: string;
  readonly name: string;
  readonly manufacturer_id: string;
  readonly manufacturer_name: string | null;
  readonly type_device_id: string;
  readonly type_device_name: string | null;
  readonly category_ids: readonly string[];
}

export interface MastersPage {
  readonly rows: readonly AssignmentMasterRow[];
  readonly total: number;
}

export interface MastersBlock {
  readonly startRow: number;
  readonly endRow: number;
  readonly sortModel: readonly { readonly colId: string; readonly sort: 'asc' | 'desc' }[];
}

export function mastersUrl(block: MastersBlock, query: { readonly shownIn: string; readonly quick: string }): string {
  const params = new URLSearchParams();
  params.set('startRow', String(block.startRow));
  params.set('endRow', String(block.endRow));
  if (block.sortModel.length > 0)
    params.set('sortModel', JSON.stringify(block.sortModel.map(({ colId, sort }) => ({ colId, sort }))));
  if (query.shownIn) params.set('category_id', query.shownIn);
  const text = query.quick.trim();
  if (text) params.set('quick', text);
  return `/api/admin/catalogue/masters?${params.toString()}`;
}
