import { json, type SecuredRouter } from '@buyloop/http';
import { parseInput } from '@buyloop/kit';
import { z } from 'zod';
import {
  addMasterProductRequestSchema,
  commandResultSchema,
  swapMetaMasterRequestSchema,
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

const params = z.strictObject({ id: z.string() });

/** Spec 7's swap-meta-master and add-master-product: both decided on the master's stream. */
export function changeMetaMasterRoutes(r: SecuredRouter, deps: ProductsRouteDeps): void {
  r.patch(
    '/api/admin/catalogue/masters/:id/swap-meta-master',
    'catalogue.manage',
    {
      summary: 'Move a master product to another meta master (from whichever it is in)',
      params,
      headers: ifMatchHeaderSchema,
      body: swapMetaMasterRequestSchema,
      responses: {
        200: json('Moved (or already there)', commandResultSchema, changedHeaders),
        400: responses.invalid,
        404: responses.invalid,
        409: responses.conflict,
        412: responses.stale,
      },
    },
    async (req, res) => {
      const id = idParam(req.params.id, 'catalogue.product.master_not_found');
      const body = parseInput(swapMetaMasterRequestSchema, jsonBody(req));
      await sendWritten(res, deps, await deps.service.swapMetaMaster(id, body.meta_master_id, callOptions(req, res)));
    },
  );

  r.patch(
    '/api/admin/catalogue/meta-masters/:id/add-master-product',
    'catalogue.manage',
    {
      summary: 'Add a master product that belongs to no meta master (one in another is swapped instead: 409)',
      params,
      body: addMasterProductRequestSchema,
      responses: {
        200: json('Added (or already there); the version is the master’s', commandResultSchema, changedHeaders),
        400: responses.invalid,
        404: responses.invalid,
        409: responses.conflict,
      },
    },
    async (req, res) => {
      const metaMasterId = idParam(req.params.id, 'catalogue.product.meta_master_not_found');
      const body = parseInput(addMasterProductRequestSchema, jsonBody(req));
      const masterId = idParam(body.master_product_id, 'catalogue.product.master_not_found');
      const written = await deps.service.addMasterToMetaMaster(metaMasterId, masterId, {
        actor: callOptions(req, res, true).actor,
      });
      await sendWritten(res, deps, written);
    },
  );
}
