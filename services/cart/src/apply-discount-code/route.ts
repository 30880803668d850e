import { actorOf, json, type SecuredRouter } from '@buyloop/http';
import { applyDiscountCodeSchema, cartDiscountCodesSchema } from '@buyloop/contracts/cart/discounts';
import { parseInput } from '@buyloop/kit';
import { cartProblems, type CartRouteDeps } from '../http/route-deps';
import type { CartDiscountCodes } from '../discounts/cart-codes';

export interface CartCodeRouteDeps extends Pick<CartRouteDeps, 'locator' | 'settle'> {
  readonly codes: CartDiscountCodes;
}

/** Spec 7's add_discount_code: a code, or an ISIC card's number and holder (spec 5). */
export function applyDiscountCodeRoute(r: SecuredRouter, deps: CartCodeRouteDeps): void {
  r.post(
    '/api/cart/discount-codes',
    'public',
    {
      summary: 'Apply a discount code or an ISIC card to the cart',
      description:
        '`{ code }`, or `{ card_number, card_holder }` for an ISIC card (both needed, spec 5). An unknown, inactive, expired, archived or used code is 400 `discount.code_invalid` under `code` (spec 8’s ‘sale code invalid’). The amount shows in `GET /api/cart`.',
      body: applyDiscountCodeSchema,
      responses: {
        201: json('Applied (or held already): the codes the cart holds', cartDiscountCodesSchema),
        400: cartProblems.unavailable,
        409: cartProblems.unavailable,
      },
    },
    async (req, res) => {
      const request = parseInput(applyDiscountCodeSchema, req.body);
      const { cartId, created } = await deps.locator.open(req, res);
      const outcome = await deps.codes.apply(cartId, request, actorOf(req, res));
      if (created) deps.locator.keep(req, res, cartId);
      await deps.settle(outcome.checkpoint);
      res.status(201).set('Cache-Control', 'no-store').json({ codes: outcome.codes, count: outcome.count });
    },
  );
}
