import { actorOf, json, type SecuredRouter } from '@buyloop/http';
import { parseInput } from '@buyloop/kit';
import {
  categoryCommandResultSchema,
  categoryParamsSchema,
  moveCategoryRequestSchema,
} from '@buyloop/contracts/catalogue/categories';
import {
  categoryIdParam,
  categoryResponses,
  expectedVersionOf,
  ifMatchHeaderSchema,
  jsonBody,
  written,
  type CategoryRouteDeps,
} from '../http/route-deps';
import { categoryView } from '../view';

/** move_category: `{ target, position }`; a target in the category's own subtree is refused under `target`. */
export function moveCategoryRoute(r: SecuredRouter, deps: CategoryRouteDeps): void {
  r.patch(
    '/api/admin/catalogue/categories/:id/move',
    'catalogue.manage',
    {
      summary: 'Move a category, with everything below it, under another parent or among its siblings',
      description:
        '`position` counts among the target’s children once the category is there; past the end means last. A target that is the category itself or lies below it (a cycle) is refused under `target`, as is a tree deeper than 8 levels; nothing is written.',
      params: categoryParamsSchema,
      headers: ifMatchHeaderSchema,
      body: moveCategoryRequestSchema,
      responses: {
        200: json('Moved (or already there)', categoryCommandResultSchema, { ETag: 'The tree’s version' }),
        400: categoryResponses.invalid,
        404: categoryResponses.notFound,
        409: categoryResponses.conflict,
        412: categoryResponses.conflict,
      },
    },
    async (req, res) => {
      const categoryId = categoryIdParam(req.params.id);
      const input = parseInput(moveCategoryRequestSchema, jsonBody(req));
      const result = await deps.service.move(categoryId, input.target, input.position, {
        actor: actorOf(req, res),
        ...expectedVersionOf(req),
      });
      const meta = await written(res, deps, result);
      res.json({ category: categoryView(result.state, result.state.categories[categoryId]!), ...meta });
    },
  );
}
