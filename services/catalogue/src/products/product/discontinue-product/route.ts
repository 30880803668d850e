import { json, type SecuredRouter } from '@buyloop/http';
import { parseInput } from '@buyloop/kit';
import { z } from 'zod';
import { commandResultSchema, discontinueRequestSchema } from '@buyloop/contracts/catalogue/products';
import {
  callOptions,
  changedHeaders,
  codeParam,
  ifMatchHeaderSchema,
  jsonBody,
  responses,
  sendWritten,
  type ProductsRouteDeps,
} from '../../http/route-deps';

export function discontinueProductRoute(r: SecuredRouter, deps: ProductsRouteDeps): void {
  r.post(
    '/api/admin/catalogue/products/:code/discontinue',
    'catalogue.manage',
    {
      summary: 'Stop selling a catalogue product (it keeps its code, EAN and history)',
      params: z.strictObject({ code: z.string() }),
      headers: ifMatchHeaderSchema,
      body: discontinueRequestSchema,
      responses: {
        200: json('Discontinued', commandResultSchema, changedHeaders),
        400: responses.invalid,
        404: responses.invalid,
        409: responses.conflict,
        412: responses.stale,
      },
    },
    async (req, res) => {
      const code = codeParam(req.params.code);
      const body = parseInput(discontinueRequestSchema, jsonBody(req));
      await sendWritten(res, deps, await deps.service.discontinueProduct(code, body.reason ?? null, callOptions(req, res)));
    },
  );
}
