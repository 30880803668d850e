import { json, type SecuredRouter } from '@buyloop/http';
import { parseInput } from '@buyloop/kit';
import { z } from 'zod';
import {
  commandResultSchema,
  metaMasterCreateRequestSchema,
  metaMasterUpdateRequestSchema,
} from '@buyloop/contracts/catalogue/products';
import {
  callOptions,
  changedHeaders,
  createdHeaders,
  idempotencyKeyHeaderSchema,
  idParam,
  ifMatchHeaderSchema,
  jsonBody,
  responses,
  sendWritten,
  type ProductsRouteDeps,
} from '../http/route-deps';

const params = z.strictObject({ id: z.string() });

/** Spec 7's add-meta-master, update-meta-master and delete-meta-master. */
export function metaMasterCommandRoutes(r: SecuredRouter, deps: ProductsRouteDeps): void {
  r.post(
    '/api/admin/catalogue/meta-masters',
    'catalogue.manage',
    {
      summary: 'Create a meta master (a group of master products)',
      headers: idempotencyKeyHeaderSchema,
      body: metaMasterCreateRequestSchema,
      responses: { 201: json('Created', commandResultSchema, createdHeaders), 400: responses.invalid, 422: responses.invalid },
    },
    async (req, res) => {
      const body = parseInput(metaMasterCreateRequestSchema, jsonBody(req));
      const written = await deps.service.createMetaMaster(
        { name: body.name, description: body.description ?? null },
        callOptions(req, res, true),
      );
      await sendWritten(res, deps, written, 201, `/api/admin/catalogue/meta-masters/${written.id}`);
    },
  );

  r.patch(
    '/api/admin/catalogue/meta-masters/:id',
    'catalogue.manage',
    {
      summary: 'Change a meta master’s name or description',
      params,
      headers: ifMatchHeaderSchema,
      body: metaMasterUpdateRequestSchema,
      responses: {
        200: json('Changed (or already so)', commandResultSchema, changedHeaders),
        400: responses.invalid,
        404: responses.invalid,
        412: responses.stale,
      },
    },
    async (req, res) => {
      const id = idParam(req.params.id, 'catalogue.product.meta_master_not_found');
      const body = parseInput(metaMasterUpdateRequestSchema, jsonBody(req));
      const written = await deps.service.updateMetaMaster(
        id,
        { name: body.name, description: body.description },
        callOptions(req, res),
      );
      await sendWritten(res, deps, written);
    },
  );

  r.delete(
    '/api/admin/catalogue/meta-masters/:id',
    'catalogue.manage',
    {
      summary: 'Delete a meta master (its master products are then in none)',
      params,
      headers: ifMatchHeaderSchema,
      responses: { 200: json('Deleted', commandResultSchema, changedHeaders), 404: responses.invalid, 412: responses.stale },
    },
    async (req, res) => {
      const id = idParam(req.params.id, 'catalogue.product.meta_master_not_found');
      await sendWritten(res, deps, await deps.service.deleteMetaMaster(id, callOptions(req, res)));
    },
  );
}
