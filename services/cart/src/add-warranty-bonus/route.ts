import { actorOf, json, type SecuredRouter } from '@buyloop/http';
import { cartItemParamsSchema, warrantyBonusResultSchema, warrantyBonusSchema } from '@buyloop/contracts/cart/http';
import { NotFound, parseInput } from '@buyloop/kit';
import { CART_ERROR_CODES } from '@buyloop/contracts';
import { cartProblems, type CartRouteDeps } from '../http/route-deps';

/** Spec 7/9: POST for the free warranty bonus on a device. */
export function addWarrantyBonusRoute(r: SecuredRouter, deps: CartRouteDeps): void {
  r.post(
    '/api/cart/items/:id/warranty-bonus',
    'public',
    {
      summary: 'Give a device in the cart the free warranty bonus (spec 9)',
      description:
        '12 months: one extra year on the two-year legal warranty; 36 months: three years extra. Choosing again replaces it.',
      params: cartItemParamsSchema,
      body: warrantyBonusSchema,
      responses: {
        200: json('The device’s bonus', warrantyBonusResultSchema),
        404: cartProblems.notFound,
        409: cartProblems.unavailable,
      },
    },
    async (req, res) => {
      const { id } = parseInput(cartItemParamsSchema, req.params);
      const { months } = parseInput(warrantyBonusSchema, req.body);
      const cartId = await deps.locator.find(req, res);
      if (!cartId) throw new NotFound(CART_ERROR_CODES.itemNotFound, 'There is no such item in this cart');
      const outcome = await deps.service.addWarrantyBonus(cartId, id, months, actorOf(req, res));
      await deps.settle(outcome.checkpoint);
      res.set('Cache-Control', 'no-store').json({ item_id: id, months, count: outcome.count });
    },
  );
}
