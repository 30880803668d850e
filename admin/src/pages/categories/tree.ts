/**
 * The tree editor's pure parts: where a drop or a move button puts a
 * category, in the API's terms (`{ target, position }`, the position counted
 * among the target's children once the category has left its old place),
 * and which parents the form may offer.
 */
import type { CategoryRow, CategoryTreeNode } from '@buyloop/contracts/catalogue/categories';

export type { CategoryRow, CategoryTreeNode };

export interface Move {
  readonly target: string | null;
  readonly position: number;
}

/** Where on a row something was dropped: its top quarter, its bottom quarter, or the middle. */
export type DropZone = 'before' | 'after' | 'inside';

export interface TreeIndex {
  readonly byId: ReadonlyMap<string, CategoryTreeNode>;
  /** Parent id (null: top level) → children ids in display order. */
  readonly children: ReadonlyMap<string | null, readonly string[]>;
}

export function indexTree(nodes: readonly CategoryTreeNode[]): TreeIndex {
  const byId = new Map<string, CategoryTreeNode>();
  const children = new Map<string | null, string[]>([[null, []]]);
  const visit = (list: readonly CategoryTreeNode[], parent: string | null) => {
    children.set(
      parent,
      list.map((node) => node.id),
    );
    for (const node of list) {
      byId.set(node.id, node);
      visit(node.subcategories, node.id);
    }
  };
  visit(nodes, null);
  return { byId, children };
}

const siblingsOf = (index: TreeIndex, parent: string | null): readonly string[] => index.children.get(parent) ?? [];

/** Whether `candidate` is `ancestor` or lies below it: no category may go there (a cycle). */
export function isWithin(index: TreeIndex, candidate: string | null, ancestor: string): boolean {
  for (let id = candidate; id !== null; id = index.byId.get(id)?.parent ?? null) if (id === ancestor) return true;
  return false;
}

/** The move for a category dropped on a row, or null when the drop would change nothing or make a cycle. */
export function dropMove(index: TreeIndex, dragged: string, onto: string, zone: DropZone): Move | null {
  const node = index.byId.get(dragged);
  const target = index.byId.get(onto);
  if (!node || !target || isWithin(index, onto, dragged)) return null;
  if (zone === 'inside') {
    const count = siblingsOf(index, onto).filter((id) => id !== dragged).length;
    return node.parent === onto && node.position === count ? null : { target: onto, position: count };
  }
  const remaining = siblingsOf(index, target.parent).filter((id) => id !== dragged);
  const at = remaining.indexOf(onto) + (zone === 'after' ? 1 : 0);
  if (node.parent === target.parent && node.position === at) return null;
  return { target: target.parent, position: at };
}

/** One place up among the siblings; null for the first. */
export function upMove(index: TreeIndex, id: string): Move | null {
  const node = index.byId.get(id);
  return node && node.position > 0 ? { target: node.parent, position: node.position - 1 } : null;
}

/** One place down among the siblings; null for the last. */
export function downMove(index: TreeIndex, id: string): Move | null {
  const node = index.byId.get(id);
  if (!node) return null;
  const count = siblingsOf(index, node.parent).length;
  return node.position < count - 1 ? { target: node.parent, position: node.position + 1 } : null;
}

/** Under the sibling above it, as its last child; null for the first sibling. */
export function indentMove(index: TreeIndex, id: string): Move | null {
  const node = index.byId.get(id);
  if (!node || node.position === 0) return null;
  const above = siblingsOf(index, node.parent)[node.position - 1];
  return above === undefined ? null : { target: above, position: siblingsOf(index, above).length };
}

/** Out of its parent, right after it; null at the top level. */
export function outdentMove(index: TreeIndex, id: string): Move | null {
  const node = index.byId.get(id);
  const parent = node?.parent ? index.byId.get(node.parent) : undefined;
  return parent ? { target: parent.parent, position: parent.position + 1 } : null;
}

/** The category and everything below it. */
export function subtreeOf(index: TreeIndex, id: string): string[] {
  const ids: string[] = [];
  const visit = (current: string) => {
    ids.push(current);
    for (const child of siblingsOf(index, current)) visit(child);
  };
  if (index.byId.has(id)) visit(id);
  return ids;
}

/** The parents the form may offer a category: every other category outside its own subtree. */
export function parentChoices(rows: readonly CategoryRow[], index: TreeIndex, editing: string | null): CategoryRow[] {
  return editing === null ? [...rows] : rows.filter((row) => !isWithin(index, row.id, editing));
}

/** Ids of the categories to show expanded: everything down to `depth`, and the way to `reveal`. */
export function expandedFor(index: TreeIndex, depth: number, reveal?: string | null): Set<string> {
  const open = new Set<string>();
  for (const node of index.byId.values()) if (node.depth < depth && node.children) open.add(node.id);
  for (let id = reveal ? (index.byId.get(reveal)?.parent ?? null) : null; id !== null; id = index.byId.get(id)?.parent ?? null)
    open.add(id);
  return open;
}

/** A category's path as one line: `Mobilní telefony › Apple › iPhone`. */
export const pathLabel = (row: Pick<CategoryRow, 'path'>): string => row.path.join(' › ');

/** Field errors of a refused save, by the form's fields (`manufacturers.0` belongs to `manufacturers`). */
export function fieldOf(key: string): string {
  const [head] = key.split('.');
  return head ?? key;
}
