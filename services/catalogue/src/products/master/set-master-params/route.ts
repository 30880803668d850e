import { json, type SecuredRouter } from '@buyloop/http';
import { parseInput } from '@buyloop/kit';
import { z } from 'zod';
import { commandResultSchema, masterParamsRequestSchema } from '@buyloop/contracts/catalogue/products';
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

export function setMasterParamsRoute(r: SecuredRouter, deps: ProductsRouteDeps): void {
  r.put(
    '/api/admin/catalogue/masters/:id/params',
    'catalogue.manage',
    {
      summary: 'Replace a master product’s component parameters (spec 7: name, value, type)',
      params: z.strictObject({ id: z.string() }),
      headers: ifMatchHeaderSchema,
      body: masterParamsRequestSchema,
      responses: {
        200: json('Saved (or already so)', commandResultSchema, changedHeaders),
        400: responses.invalid,
        404: responses.invalid,
        412: responses.stale,
      },
    },
    async (req, res) => {
      const id = idParam(req.params.id, 'catalogue.product.master_not_found');
      const body = parseInput(masterParamsRequestSchema, jsonBody(req));
      await sendWritten(res, deps, await deps.service.setMasterParams(id, body.params, callOptions(req, res)));
    },
  );
}
