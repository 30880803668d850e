import { json, type SecuredRouter } from '@buyloop/http';
import { parseInput } from '@buyloop/kit';
import { z } from 'zod';
import {
  commandResultSchema,
  masterUpdateRequestSchema,
  seoTextUpdateRequestSchema,
} from '@buyloop/contracts/catalogue/products';
import {
  callOptions,
  changedHeaders,
  idParam,
  ifMatchHeaderSchema,
  jsonBody,
  responses,
  sendWritten,
  type ProductsRouteDeps,
} from '../../http/route-deps';
import { masterInputOf } from '../inputs';

const params = z.strictObject({ id: z.string() });

export function updateMasterRoutes(r: SecuredRouter, deps: ProductsRouteDeps): void {
  r.patch(
    '/api/admin/catalogue/masters/:id',
    'catalogue.manage',
    {
      summary: 'Change a master product’s fields (those sent; the rest stay)',
      params,
      headers: ifMatchHeaderSchema,
      body: masterUpdateRequestSchema,
      responses: {
        200: json('Changed (or already so)', commandResultSchema, changedHeaders),
        400: responses.invalid,
        404: responses.invalid,
        409: responses.conflict,
        412: responses.stale,
      },
    },
    async (req, res) => {
      const id = idParam(req.params.id, 'catalogue.product.master_not_found');
      const body = parseInput(masterUpdateRequestSchema, jsonBody(req));
      await sendWritten(res, deps, await deps.service.updateMaster(id, masterInputOf(body), callOptions(req, res)));
    },
  );

  r.patch(
    '/api/admin/catalogue/seo-texts/master/:id',
    'catalogue.manage',
    {
      summary: 'Change a master product’s SEO texts (seo_name, title, description)',
      description: 'Categories’ SEO fields are changed with the category (PATCH /api/admin/catalogue/categories/:id).',
      params,
      headers: ifMatchHeaderSchema,
      body: seoTextUpdateRequestSchema,
      responses: {
        200: json('Changed (or already so)', commandResultSchema, changedHeaders),
        400: responses.invalid,
        404: responses.invalid,
        409: responses.conflict,
        412: responses.stale,
      },
    },
    async (req, res) => {
      const id = idParam(req.params.id, 'catalogue.product.master_not_found');
      const body = parseInput(seoTextUpdateRequestSchema, jsonBody(req));
      const written = await deps.service.updateMaster(
        id,
        { seoName: body.seo_name, seoTitle: body.seo_title, seoDescription: body.seo_description },
        callOptions(req, res),
      );
      await sendWritten(res, deps, written);
    },
  );
}
