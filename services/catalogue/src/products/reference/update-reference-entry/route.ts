import { json, type SecuredRouter } from '@buyloop/http';
import { parseInput } from '@buyloop/kit';
import { z } from 'zod';
import { commandResultSchema, referenceUpdateRequestSchemas, REFERENCE_LISTS } from '@buyloop/contracts/catalogue/products';
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
import { REFERENCE_KIND_OF } from '../create-reference-entry/route';
import { REFERENCE_NOT_FOUND } from '../state';

export function updateReferenceEntryRoutes(r: SecuredRouter, deps: ProductsRouteDeps): void {
  for (const list of REFERENCE_LISTS) {
    const kind = REFERENCE_KIND_OF[list];
    const schema = referenceUpdateRequestSchemas[list];
    r.patch(
      `/api/admin/catalogue/${list}/:id`,
      'catalogue.manage',
      {
        summary: `Rename an entry of ${list} (or change its other fields)`,
        params: z.strictObject({ id: z.string() }),
        headers: ifMatchHeaderSchema,
        body: schema,
        responses: {
          200: json('Changed (or already so)', commandResultSchema, changedHeaders),
          400: responses.invalid,
          404: responses.invalid,
          412: responses.stale,
        },
      },
      async (req, res) => {
        const id = idParam(req.params.id, REFERENCE_NOT_FOUND[kind]);
        const body = parseInput(schema, jsonBody(req)) as {
          name?: string;
          symbol?: string | null;
          value_type?: 'text' | 'number' | 'boolean';
          unit_id?: string | null;
        };
        const written = await deps.service.updateReferenceEntry(
          kind,
          id,
          { name: body.name, symbol: body.symbol, valueType: body.value_type, unitId: body.unit_id },
          callOptions(req, res),
        );
        await sendWritten(res, deps, written);
      },
    );
  }
}
