import { json, type SecuredRouter } from '@buyloop/http';
import { parseInput } from '@buyloop/kit';
import { commandResultSchema, masterCreateRequestSchema } from '@buyloop/contracts/catalogue/products';
import {
  callOptions,
  createdHeaders,
  idempotencyKeyHeaderSchema,
  jsonBody,
  responses,
  sendWritten,
  type ProductsRouteDeps,
} from '../../http/route-deps';
import { masterCreateInputOf } from '../inputs';

export function createMasterRoute(r: SecuredRouter, deps: ProductsRouteDeps): void {
  r.post(
    '/api/admin/catalogue/masters',
    'catalogue.manage',
    {
      summary: 'Create a master product (a model)',
      description:
        'The manufacturer and type device must exist, every photo id must be an uploaded image, seo_name must be a free slug; the description is sanitised to a small HTML allow-list.',
      headers: idempotencyKeyHeaderSchema,
      body: masterCreateRequestSchema,
      responses: {
        201: json('Created', commandResultSchema, createdHeaders),
        400: responses.invalid,
        409: responses.conflict,
        422: responses.invalid,
      },
    },
    async (req, res) => {
      const body = parseInput(masterCreateRequestSchema, jsonBody(req));
      const written = await deps.service.createMaster(masterCreateInputOf(body), callOptions(req, res, true));
      await sendWritten(res, deps, written, 201, `/api/admin/catalogue/masters/${written.id}`);
    },
  );
}
