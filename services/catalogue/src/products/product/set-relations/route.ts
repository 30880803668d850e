import { json, type SecuredRouter } from '@buyloop/http';
import { parseInput } from '@buyloop/kit';
import { z } from 'zod';
import { commandResultSchema, relationsRequestSchema } from '@buyloop/contracts/catalogue/products';
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

export function setRelationsRoute(r: SecuredRouter, deps: ProductsRouteDeps): void {
  r.put(
    '/api/admin/catalogue/products/:code/relations',
    'catalogue.manage',
    {
      summary: 'Replace what is offered with a catalogue product',
      description:
        'Codes of other sold catalogue products: accessories of kind accessory, insurance of kind insurance, warranty extensions of kind warranty_extension; gifts and special offers of any kind; never the product itself.',
      params: z.strictObject({ code: z.string() }),
      headers: ifMatchHeaderSchema,
      body: relationsRequestSchema,
      responses: {
        200: json('Saved (or already so)', commandResultSchema, changedHeaders),
        400: responses.invalid,
        404: responses.invalid,
        409: responses.conflict,
        412: responses.stale,
      },
    },
    async (req, res) => {
      const code = codeParam(req.params.code);
      const body = parseInput(relationsRequestSchema, jsonBody(req));
      const written = await deps.service.setRelations(
        code,
        {
          accessories: body.accessories,
          gifts: body.gifts,
          specialOffers: body.special_offers,
          insurance: body.insurance,
          warrantyExtensions: body.warranty_extensions,
        },
        callOptions(req, res),
      );
      await sendWritten(res, deps, written);
    },
  );
}
