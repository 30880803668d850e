import { actorOf, json, type SecuredRouter } from '@buyloop/http';
import { parseInput } from '@buyloop/kit';
import { addCategoryRequestSchema, categoryCommandResultSchema } from '@buyloop/contracts/catalogue/categories';
import {
  categoryResponses,
  expectedVersionOf,
  ifMatchHeaderSchema,
  jsonBody,
  written,
  type CategoryRouteDeps,
} from '../http/route-deps';
import { categoryView } from '../view';

/** add_new_category: 201 with the category as it stands, the tree's version as the ETag. */
export function addCategoryRoute(r: SecuredRouter, deps: CategoryRouteDeps): void {
  r.post(
    '/api/admin/catalogue/categories',
    'catalogue.manage',
    {
      summary: 'Add a category (at the top level or under a parent)',
      description:
        'Defaults: for_display true, for_buyout, for_service and filterable false; seo_name is derived from the name when empty and must be unique in the tree; the name must be unique among its siblings.',
      headers: ifMatchHeaderSchema,
      body: addCategoryRequestSchema,
      responses: {
        201: json('Added', categoryCommandResultSchema, { ETag: 'The tree’s version' }),
        400: categoryResponses.invalid,
        409: categoryResponses.conflict,
        412: categoryResponses.conflict,
      },
    },
    async (req, res) => {
      const input = parseInput(addCategoryRequestSchema, jsonBody(req));
      const { categoryId, result } = await deps.service.add(
        {
          parentId: input.parent ?? null,
          name: input.name,
          seoName: input.seo_name || null,
          ...(input.position !== undefined ? { position: input.position } : {}),
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
      const node = result.state.categories[categoryId]!;
      const meta = await written(res, deps, result);
      res.status(201).json({ category: categoryView(result.state, node), ...meta });
    },
  );
}
