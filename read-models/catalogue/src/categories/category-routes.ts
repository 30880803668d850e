import { json, type SecuredRouter } from '@buyloop/http';
import { parseInput } from '@buyloop/kit';
import {
  categoryListSchema,
  categoryTreeSchema,
  typeCategoriesQuerySchema,
  typeCategoriesSchema,
} from '@buyloop/contracts/catalogue/categories';
import type { CategoryQueries } from './category-queries';

/** get_categories_tree, get_categories_list and get_type_categories (spec 7), for the back office. */
export function categoryQueryRoutes(r: SecuredRouter, queries: CategoryQueries): void {
  r.get(
    '/api/admin/catalogue/categories/tree',
    'catalogue.read',
    {
      summary: 'The market’s category tree, siblings in display order',
      description: 'Each node has its path, depth, product counts and its `subcategories`; `children` is the flag of spec 3.',
      responses: { 200: json('The tree', categoryTreeSchema, { ETag: 'The tree’s version' }) },
    },
    async (_req, res) => {
      const tree = await queries.tree();
      res.set('Cache-Control', 'no-store').set('ETag', `"${tree.version}"`).json(tree);
    },
  );

  r.get(
    '/api/admin/catalogue/categories',
    'catalogue.read',
    {
      summary: 'Every category of the market as a flat list, depth first',
      responses: { 200: json('The categories', categoryListSchema, { ETag: 'The tree’s version' }) },
    },
    async (_req, res) => {
      const list = await queries.list();
      res.set('Cache-Control', 'no-store').set('ETag', `"${list.version}"`).json(list);
    },
  );

  r.get(
    '/api/admin/catalogue/type-categories',
    'catalogue.read',
    {
      summary: 'The categories bound to a type device (phones, tablets…), depth first',
      query: typeCategoriesQuerySchema,
      responses: { 200: json('The type categories', typeCategoriesSchema) },
    },
    async (req, res) => {
      const query = parseInput(typeCategoriesQuerySchema, req.query);
      res.set('Cache-Control', 'no-store').json({ type_categories: await queries.typeCategories(query.type_device) });
    },
  );
}
