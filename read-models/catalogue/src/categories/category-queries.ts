import type { CategoryRow, CategoryTreeNode, TypeCategory } from '@buyloop/contracts/catalogue/categories';
import type { CategoryDocumentNode, CategoryTreeDocument } from './category-tree-projection';

/**
 * Answers about the market's category tree, from its one document: the
 * nested tree, the flat list (depth first, with paths), the categories of a
 * type device, and how many master products sit in each category and below.
 */
export interface CategoryQueries {
  tree(): Promise<{ version: number; categories: CategoryTreeNode[] }>;
  list(): Promise<{ version: number; categories: CategoryRow[] }>;
  typeCategories(typeDevice?: string): Promise<TypeCategory[]>;
}

export const emptyCategoryTree = (market: string): CategoryTreeDocument => ({ market, version: 0, root_ids: [], categories: {} });

/** The tree's nodes as the API answers them, each with its path, depth and product counts. */
export function treeOf(document: CategoryTreeDocument): CategoryTreeNode[] {
  const visit = (ids: readonly string[], path: readonly string[]): { nodes: CategoryTreeNode[]; products: Set<string> } => {
    const nodes: CategoryTreeNode[] = [];
    const products = new Set<string>();
    ids.forEach((id, position) => {
      const node = document.categories[id];
      if (!node) return;
      const below = visit(node.child_ids, [...path, node.name]);
      const mine = new Set([...node.product_ids, ...below.products]);
      for (const product of mine) products.add(product);
      nodes.push({ ...rowOf(node, position, path), subtree_product_count: mine.size, subcategories: below.nodes });
    });
    return { nodes, products };
  };
  return visit(document.root_ids, []).nodes;
}

function rowOf(node: CategoryDocumentNode, position: number, parentPath: readonly string[]): CategoryRow {
  return {
    id: node.id,
    name: node.name,
    parent: node.parent,
    seo_name: node.seo_name,
    children: node.child_ids.length > 0,
    for_display: node.for_display,
    for_buyout: node.for_buyout,
    for_service: node.for_service,
    filterable: node.filterable,
    manufacturers: [...node.manufacturers],
    photo_id: node.photo_id,
    type_device: node.type_device,
    seo_title: node.seo_title,
    seo_description: node.seo_description,
    position,
    depth: parentPath.length + 1,
    path: [...parentPath, node.name],
    product_count: node.product_ids.length,
    subtree_product_count: node.product_ids.length,
  };
}

/** Depth first, siblings in display order: the order the tree editor shows them in. */
export function flatten(nodes: readonly CategoryTreeNode[]): CategoryRow[] {
  return nodes.flatMap(({ subcategories, ...row }) => [row, ...flatten(subcategories)]);
}

export function typeCategoriesOf(document: CategoryTreeDocument, typeDevice?: string): TypeCategory[] {
  return flatten(treeOf(document))
    .filter((row) => row.type_device !== null && (typeDevice === undefined || row.type_device === typeDevice))
    .map((row) => ({ id: row.id, name: row.name, seo_name: row.seo_name, path: row.path, type_device: row.type_device! }));
}

export function categoryQueries(load: () => Promise<CategoryTreeDocument>): CategoryQueries {
  return {
    async tree() {
      const document = await load();
      return { version: document.version, categories: treeOf(document) };
    },
    async list() {
      const document = await load();
      return { version: document.version, categories: flatten(treeOf(document)) };
    },
    async typeCategories(typeDevice) {
      return typeCategoriesOf(await load(), typeDevice);
    },
  };
}
