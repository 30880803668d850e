import { actorOf, json, type SecuredRouter } from '@buyloop/http';
import { parseInput } from '@buyloop/kit';
import {
  categoryCommandResultSchema,
  categoryParamsSchema,
  updateCategoryRequestSchema,
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

/** update_category: the form's fields; a new parent moves the category to that parent's end. */
export function updateCategoryRoute(r: SecuredRouter, deps: CategoryRouteDeps): void {
  r.patch(
    '/api/admin/catalogue/categories/:id',
    'catalogue.manage',
    {
      summary: 'Change a category’s fields (absent fields stay)',
      description:
        'A new `parent` moves the category, with everything below it, to the end of that parent’s children; a parent below the category itself is refused under `parent`. A null or empty seo_name derives a new slug from the name.',
      params: categoryParamsSchema,
      headers: ifMatchHeaderSchema,
      body: updateCategoryRequestSchema,
      responses: {
        200: json('Changed (or already so)', categoryCommandResultSchema, { ETag: 'The tree’s version' }),
        400: categoryResponses.invalid,
        404: categoryResponses.notFound,
        409: categoryResponses.conflict,
        412: categoryResponses.conflict,
      },
    },
    async (req, res) => {
      const categoryId = categoryIdParam(req.params.id);
      const input = parseInput(updateCategoryRequestSchema, jsonBody(req));
      const result = await deps.service.update(
        categoryId,
        {
          ...(input.parent !== undefined ? { parentId: input.parent } : {}),
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.seo_name !== undefined ? { seoName: input.seo_name || null } : {}),
          ...(input.for_display !== undefined ? { forDisplay: input.for_display } : {}),
          ...(input.for_buyout !== undefined ? { forBuyout: input.for_buyout } : {}),
          ...(input.for_service !== undefined ? { forService: input.for_service } : {}),
          ...(input.filterable !== undefined ? { filterable: input.filterable } : {}),
          ...(input.manufacturers !== undefined ? { manufacturerIds: input.manufacturers } : {}),
          ...(input.photo_id !== undefined ? { photoId: input.photo_id } : {}),
          ...(input.type_device !== undefined ? { typeDeviceId: input.type_device } : {}),
          ...(input.seo_title !== undefined ? { seoTitle: input.seo_title } : {}),
          ...(input.seo_description !== undefined ? { seoDescription: input.seo_description } : {}),
        },
        { actor: actorOf(req, res), ...expectedVersionOf(req) },
      );
      const meta = await written(res, deps, result);
      res.json({ category: categoryView(result.state, result.state.categories[categoryId]!), ...meta });
    },
  );
}
