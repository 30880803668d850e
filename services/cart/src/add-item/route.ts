import { actorOf, json, type SecuredRouter } from '@buyloop/http';
import { addCartItemSchema, cartItemAddedSchema } from '@buyloop/contracts/cart/http';
import { parseInput } from '@buyloop/kit';
import { cartProblems, type CartRouteDeps } from '../http/route-deps';

/** Spec 7's add_product (issue 15's shape: 201 `{ item_id, count }`). */
export function addItemRoute(r: SecuredRouter, deps: CartRouteDeps): void {
  r.post(
    '/api/cart/items',
    'public',
    {
      summary: 'Add a product to the cart',
      description:
        'The price and stock are the catalogue’s at this moment. `parent_item_id` puts an accessory or service under a device already in the cart (a package); `insurance_id` and `warranty_months` add an insurance and a paid warranty extension under the device being added, the only way to add them. Adding a plain product the cart holds as a plain line raises that line, re-priced at the price now. A visitor without a cart gets one (HttpOnly cookie `buyloop_cart`).',
      body: addCartItemSchema,
      responses: {
        201: json('Added (or the same line raised): the item and the pieces in the cart', cartItemAddedSchema),
        404: cartProblems.notFound,
        409: cartProblems.unavailable,
      },
    },
    async (req, res) => {
      const request = parseInput(addCartItemSchema, req.body);
      const { cartId, created } = await deps.locator.open(req, res);
      const outcome = await deps.service.add(cartId, request, actorOf(req, res));
      if (created) deps.locator.keep(req, res, cartId);
      await deps.settle(outcome.checkpoint);
      res.status(201).set('Cache-Control', 'no-store').json({ item_id: outcome.item_id, count: outcome.count });
    },
  );
}
