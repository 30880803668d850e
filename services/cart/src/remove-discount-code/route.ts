import { actorOf, json, type SecuredRouter } from '@buyloop/http';
import { cartDiscountCodesSchema, DISCOUNT_ERROR_CODES, discountCodeParamsSchema } from '@buyloop/contracts/cart/discounts';
import { NotFound, parseInput } from '@buyloop/kit';
import { cartProblems } from '../http/route-deps';
import type { CartCodeRouteDeps } from '../apply-discount-code/route';

/** Spec 7's remove_product_discount. */
export function removeDiscountCodeRoute(r: SecuredRouter, deps: CartCodeRouteDeps): void {
  r.delete(
    '/api/cart/discount-codes/:code',
    'public',
    {
      summary: 'Take a discount code (or the ISIC card, `ISIC`) off the cart',
      params: discountCodeParamsSchema,
      responses: {
        200: json('Removed: the codes the cart still holds', cartDiscountCodesSchema),
        404: cartProblems.notFound,
        409: cartProblems.unavailable,
      },
    },
    async (req, res) => {
      const { code } = parseInput(discountCodeParamsSchema, req.params);
      const cartId = await deps.locator.find(req, res);
      if (!cartId) throw new NotFound(DISCOUNT_ERROR_CODES.codeNotInCart, 'This code is not in the cart');
      const outcome = await deps.codes.remove(cartId, code, actorOf(req, res));
      await deps.settle(outcome.checkpoint);
      res.set('Cache-Control', 'no-store').json({ codes: outcome.codes, count: outcome.count });
    },
  );
}
