import { actorOf, json, type SecuredRouter } from '@buyloop/http';
import { cartItemParamsSchema, warrantyBonusResultSchema } from '@buyloop/contracts/cart/http';
import { NotFound, parseInput } from '@buyloop/kit';
import { CART_ERROR_CODES } from '@buyloop/contracts';
import { cartProblems, type CartRouteDeps } from '../http/route-deps';

/** Spec 7/9: DELETE for the free warranty bonus on a device. */
export function removeWarrantyBonusRoute(r: SecuredRouter, deps: CartRouteDeps): void {
  r.delete(
    '/api/cart/items/:id/warranty-bonus',
    'public',
    {
      summary: 'Take the free warranty bonus off a device in the cart',
      params: cartItemParamsSchema,
      responses: {
        200: json('The device without a bonus', warrantyBonusResultSchema),
        404: cartProblems.notFound,
        409: cartProblems.unavailable,
      },
    },
    async (req, res) => {
      const { id } = parseInput(cartItemParamsSchema, req.params);
      const cartId = await deps.locator.find(req, res);
      if (!cartId) throw new NotFound(CART_ERROR_CODES.itemNotFound, 'There is no such item in this cart');
      const outcome = await deps.service.removeWarrantyBonus(cartId, id, actorOf(req, res));
      await deps.settle(outcome.checkpoint);
      res.set('Cache-Control', 'no-store').json({ item_id: id, months: null, count: outcome.count });
    },
  );
}
