import { actorOf, json, type SecuredRouter } from '@buyloop/http';
import { categoryDeletedSchema, categoryParamsSchema } from '@buyloop/contracts/catalogue/categories';
import {
  categoryIdParam,
  categoryResponses,
  expectedVersionOf,
  ifMatchHeaderSchema,
  written,
  type CategoryRouteDeps,
} from '../http/route-deps';

/** delete_category: the category and everything below it, with their product assignments. */
export function deleteCategoryRoute(r: SecuredRouter, deps: CategoryRouteDeps): void {
  r.delete(
    '/api/admin/catalogue/categories/:id',
    'catalogue.manage',
    {
      summary: 'Delete a category with every category below it',
      description: 'Their product assignments go with them; `deleted_ids` lists every deleted category.',
      params: categoryParamsSchema,
      headers: ifMatchHeaderSchema,
      responses: {
        200: json('Deleted', categoryDeletedSchema, { ETag: 'The tree’s version' }),
        404: categoryResponses.notFound,
        409: categoryResponses.conflict,
        412: categoryResponses.conflict,
      },
    },
    async (req, res) => {
      const categoryId = categoryIdParam(req.params.id);
      const result = await deps.service.delete(categoryId, { actor: actorOf(req, res), ...expectedVersionOf(req) });
      const deleted = result.events.find((event) => event.type === 'CategoryDeleted');
      const deletedIds = deleted?.type === 'CategoryDeleted' ? [...deleted.data.deletedIds] : [];
      const meta = await written(res, deps, result);
      res.json({ deleted_ids: deletedIds, ...meta });
    },
  );
}
