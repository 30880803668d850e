import { actorOf, json, type SecuredRouter } from '@buyloop/http';
import { buybackBonusResultSchema, cartItemParamsSchema } from '@buyloop/contracts/cart/http';
import { NotFound, parseInput } from '@buyloop/kit';
import { CART_ERROR_CODES } from '@buyloop/contracts';
import { cartProblems } from '../http/route-deps';
import type { BuybackBonusRouteDeps } from '../add-buyback-bonus/route';

/** Spec 7/9: DELETE for the buy-back bonus (the buy-back may then give it to another device). */
export function removeBuybackBonusRoute(r: SecuredRouter, deps: BuybackBonusRouteDeps): void {
  r.delete(
    '/api/cart/buyback-bonus/:id',
    'public',
    {
      summary: 'Take the buy-back bonus off a device in the cart',
      params: cartItemParamsSchema,
      responses: {
        200: json('The device without a bonus', buybackBonusResultSchema),
        404: cartProblems.notFound,
        409: cartProblems.unavailable,
      },
    },
    async (req, res) => {
      const { id } = parseInput(cartItemParamsSchema, req.params);
      const cartId = await deps.locator.find(req, res);
      if (!cartId) throw new NotFound(CART_ERROR_CODES.itemNotFound, 'There is no such item in this cart');
      const outcome = await deps.bonuses.remove(cartId, id, actorOf(req, res));
      await deps.settle(outcome.checkpoint);
      res
        .set('Cache-Control', 'no-store')
        .json({ item_id: id, buyback_number: null, amount: 0, percent: 0, basis: 0, count: outcome.count });
    },
  );
}
