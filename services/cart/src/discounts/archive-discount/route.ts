import { actorOf, json, type SecuredRouter } from '@buyloop/http';
import { discountIdParamsSchema, discountWrittenSchema } from '@buyloop/contracts/cart/discounts';
import {
  discountIdParam,
  discountProblems,
  expectedVersionOf,
  ifMatchHeaderSchema,
  sendWritten,
  writtenHeaders,
  type DiscountRouteDeps,
} from '../http/route-deps';

/** Spec 3's archive: the definition and its codes apply nowhere any more; carts holding them show them as invalid. */
export function archiveDiscountRoute(r: SecuredRouter, deps: DiscountRouteDeps): void {
  r.post(
    '/api/admin/discounts/:id/archive',
    'discounts.manage',
    {
      summary: 'Archive a discount definition',
      description:
        'Archiving again changes nothing. Carts holding its codes show spec 8’s ‘invalid discount in the cart (remove it)’.',
      params: discountIdParamsSchema,
      headers: ifMatchHeaderSchema,
      responses: {
        200: json('Archived', discountWrittenSchema, writtenHeaders),
        400: discountProblems.invalid,
        404: discountProblems.notFound,
        412: discountProblems.stale,
      },
    },
    async (req, res) => {
      const id = discountIdParam(req.params.id);
      await sendWritten(res, deps, await deps.service.archive(id, actorOf(req, res), expectedVersionOf(req)));
    },
  );
}
