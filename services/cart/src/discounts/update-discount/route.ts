import { actorOf, json, jsonBody, type SecuredRouter } from '@buyloop/http';
import {
  discountFieldsOf,
  discountIdParamsSchema,
  discountPatchOf,
  discountPatchSchema,
  discountRequestSchema,
  discountWrittenSchema,
} from '@buyloop/contracts/cart/discounts';
import { parseInput } from '@buyloop/kit';
import {
  discountIdParam,
  discountProblems,
  expectedVersionOf,
  ifMatchHeaderSchema,
  sendWritten,
  writtenHeaders,
  type DiscountRouteDeps,
} from '../http/route-deps';

const responses = {
  200: json('Changed (or already so): the version and warnings', discountWrittenSchema, writtenHeaders),
  400: discountProblems.invalid,
  404: discountProblems.notFound,
  409: discountProblems.conflict,
  412: discountProblems.stale,
};

/** A definition's fields: every one (PUT) or those sent (PATCH). */
export function updateDiscountRoutes(r: SecuredRouter, deps: DiscountRouteDeps): void {
  r.put(
    '/api/admin/discounts/:id',
    'discounts.manage',
    {
      summary: 'Replace a discount definition’s fields',
      description: 'Fields not sent take their defaults, as on creation.',
      params: discountIdParamsSchema,
      headers: ifMatchHeaderSchema,
      body: discountRequestSchema,
      responses,
    },
    async (req, res) => {
      const id = discountIdParam(req.params.id);
      const request = parseInput(discountRequestSchema, jsonBody(req));
      const written = await deps.service.update(
        id,
        { replace: discountFieldsOf(request) },
        actorOf(req, res),
        expectedVersionOf(req),
      );
      await sendWritten(res, deps, written);
    },
  );

  r.patch(
    '/api/admin/discounts/:id',
    'discounts.manage',
    {
      summary: 'Change some of a discount definition’s fields',
      description: 'The fields sent change (null clears an optional one); the rest stay.',
      params: discountIdParamsSchema,
      headers: ifMatchHeaderSchema,
      body: discountPatchSchema,
      responses,
    },
    async (req, res) => {
      const id = discountIdParam(req.params.id);
      const patch = discountPatchOf(parseInput(discountPatchSchema, jsonBody(req)));
      const written = await deps.service.update(id, { patch }, actorOf(req, res), expectedVersionOf(req));
      await sendWritten(res, deps, written);
    },
  );
}
