import { json, type SecuredRouter } from '@buyloop/http';
import { z } from 'zod';
import { commandResultSchema } from '@buyloop/contracts/catalogue/products';
import {
  callOptions,
  changedHeaders,
  idParam,
  ifMatchHeaderSchema,
  responses,
  sendWritten,
  type ProductsRouteDeps,
} from '../../http/route-deps';

export function deleteMasterRoute(r: SecuredRouter, deps: ProductsRouteDeps): void {
  r.delete(
    '/api/admin/catalogue/masters/:id',
    'catalogue.manage',
    {
      summary: 'Delete a master product',
      description:
        'Refused with catalogue.product.master_has_active_variants (409) while any of its catalogue products is not discontinued.',
      params: z.strictObject({ id: z.string() }),
      headers: ifMatchHeaderSchema,
      responses: {
        200: json('Deleted', commandResultSchema, changedHeaders),
        404: responses.invalid,
        409: responses.conflict,
        412: responses.stale,
      },
    },
    async (req, res) => {
      const id = idParam(req.params.id, 'catalogue.product.master_not_found');
      await sendWritten(res, deps, await deps.service.deleteMaster(id, callOptions(req, res)));
    },
  );
}
