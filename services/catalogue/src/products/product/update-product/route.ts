import { json, type SecuredRouter } from '@buyloop/http';
import { parseInput } from '@buyloop/kit';
import { z } from 'zod';
import { commandResultSchema, productUpdateRequestSchema } from '@buyloop/contracts/catalogue/products';
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
import { variantInputOf } from '../inputs';

export function updateProductRoute(r: SecuredRouter, deps: ProductsRouteDeps): void {
  r.patch(
    '/api/admin/catalogue/products/:code',
    'catalogue.manage',
    {
      summary: 'Change a catalogue product’s fields (those sent; the rules are checked on the result)',
      params: z.strictObject({ code: z.string() }),
      headers: ifMatchHeaderSchema,
      body: productUpdateRequestSchema,
      responses: {
        200: json('Changed (or already so)', commandResultSchema, changedHeaders),
        400: responses.invalid,
        404: responses.invalid,
        409: responses.conflict,
        412: responses.stale,
      },
    },
    async (req, res) => {
      const code = codeParam(req.params.code);
      const body = parseInput(productUpdateRequestSchema, jsonBody(req));
      await sendWritten(res, deps, await deps.service.updateProduct(code, variantInputOf(body), callOptions(req, res)));
    },
  );
}
