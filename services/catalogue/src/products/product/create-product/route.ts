import { json, type SecuredRouter } from '@buyloop/http';
import { parseInput } from '@buyloop/kit';
import { z } from 'zod';
import { commandResultSchema, variantCreateRequestSchema } from '@buyloop/contracts/catalogue/products';
import {
  callOptions,
  createdHeaders,
  idempotencyKeyHeaderSchema,
  idParam,
  jsonBody,
  responses,
  sendWritten,
  type ProductsRouteDeps,
} from '../../http/route-deps';
import { variantCreateInputOf } from '../inputs';

export function createProductRoute(r: SecuredRouter, deps: ProductsRouteDeps): void {
  r.post(
    '/api/admin/catalogue/masters/:id/variants',
    'catalogue.manage',
    {
      summary: 'Create a catalogue product (a sellable variant) of a master product',
      description:
        'The code is unique (a taken code is 409 catalogue.product.code_taken), so is the EAN (409 catalogue.product.ean_taken); a used product needs a grade, a new one has none; the VAT rate must be one of the market’s.',
      params: z.strictObject({ id: z.string() }),
      headers: idempotencyKeyHeaderSchema,
      body: variantCreateRequestSchema,
      responses: {
        201: json('Created', commandResultSchema, createdHeaders),
        400: responses.invalid,
        404: responses.invalid,
        409: responses.conflict,
      },
    },
    async (req, res) => {
      const masterId = idParam(req.params.id, 'catalogue.product.master_not_found');
      const body = parseInput(variantCreateRequestSchema, jsonBody(req));
      const written = await deps.service.addVariant(masterId, variantCreateInputOf(body), callOptions(req, res, true));
      await sendWritten(res, deps, written, 201, `/api/admin/catalogue/products/${encodeURIComponent(written.id)}`);
    },
  );
}
