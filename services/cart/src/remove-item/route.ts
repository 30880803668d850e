import { actorOf, json, type SecuredRouter } from '@buyloop/http';
import { cartItemParamsSchema, cartItemRemovedSchema } from '@buyloop/contracts/cart/http';
import { NotFound, parseInput } from '@buyloop/kit';
import { CART_ERROR_CODES } from '@buyloop/contracts';
import { cartProblems, type CartRouteDeps } from '../http/route-deps';

/** Spec 7's remove_product: an item, with its package when it is a device. */
export function removeItemRoute(r: SecuredRouter, deps: CartRouteDeps): void {
  r.delete(
    '/api/cart/items/:id',
    'public',
    {
      summary: 'Remove a cart item (a device with its package)',
      params: cartItemParamsSchema,
      responses: {
        200: json('Removed: every item that went, and the pieces left', cartItemRemovedSchema),
        404: cartProblems.notFound,
        409: cartProblems.unavailable,
      },
    },
    async (req, res) => {
      const { id } = parseInput(cartItemParamsSchema, req.params);
      const cartId = await deps.locator.find(req, res);
      if (!cartId) throw new NotFound(CART_ERROR_CODES.itemNotFound, 'There is no such item in this cart');
      const outcome = await deps.service.remove(cartId, id, actorOf(req, res));
      await deps.settle(outcome.checkpoint);
      res.set('Cache-Control', 'no-store').json({ removed_item_ids: [...outcome.removed], count: outcome.count });
    },
  );
}
