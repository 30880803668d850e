import { actorOf, json, type SecuredRouter } from '@buyloop/http';
import { cartItemChangedSchema, cartItemParamsSchema, changeCartItemSchema } from '@buyloop/contracts/cart/http';
import { NotFound, parseInput } from '@buyloop/kit';
import { CART_ERROR_CODES } from '@buyloop/contracts';
import { cartProblems, type CartRouteDeps } from '../http/route-deps';

/** Spec 7's cart_package_product_data PATCH: an item's pieces. */
export function changeQuantityRoute(r: SecuredRouter, deps: CartRouteDeps): void {
  r.patch(
    '/api/cart/items/:id',
    'public',
    {
      summary: 'Change the pieces of a cart item',
      description:
        'An insurance or a warranty extension under a device follows the device’s pieces and is not changed on its own (409). A raise re-prices the line (and what follows it) at the price now; lowering keeps the price.',
      params: cartItemParamsSchema,
      body: changeCartItemSchema,
      responses: {
        200: json('Changed', cartItemChangedSchema),
        404: cartProblems.notFound,
        409: cartProblems.unavailable,
      },
    },
    async (req, res) => {
      const { id } = parseInput(cartItemParamsSchema, req.params);
      const { quantity } = parseInput(changeCartItemSchema, req.body);
      const cartId = await deps.locator.find(req, res);
      if (!cartId) throw new NotFound(CART_ERROR_CODES.itemNotFound, 'There is no such item in this cart');
      const outcome = await deps.service.changeQuantity(cartId, id, quantity, actorOf(req, res));
      await deps.settle(outcome.checkpoint);
      res.set('Cache-Control', 'no-store').json({ item_id: id, quantity, count: outcome.count });
    },
  );
}
