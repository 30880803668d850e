import { actorOf, json, principalOf, type SecuredRouter } from '@buyloop/http';
import { addBuybackBonusSchema, buybackBonusResultSchema } from '@buyloop/contracts/cart/http';
import { parseInput } from '@buyloop/kit';
import { cartProblems, type CartRouteDeps } from '../http/route-deps';
import type { CartBuybackBonuses } from './buyback-bonuses';

export interface BuybackBonusRouteDeps extends Pick<CartRouteDeps, 'locator' | 'settle'> {
  readonly bonuses: CartBuybackBonuses;
}

/** Spec 7/9: POST for the buy-back bonus. */
export function addBuybackBonusRoute(r: SecuredRouter, deps: BuybackBonusRouteDeps): void {
  r.post(
    '/api/cart/buyback-bonus',
    'public',
    {
      summary: 'Give a device in the cart the buy-back bonus of the customer’s old device (spec 9)',
      description:
        'The buy-back must be the customer’s: its signed-in seller, or `token` from its e-mail link (otherwise 404, like an unknown number). The bonus is 10 % of the buy-back’s offered price, at most 2 000 CZK / 400 lei and the device’s price, for a sale not yet paid out, cancelled, quarantined or awaiting an answer to a revised offer (409 `cart.buyback_not_eligible`). One buy-back gives one bonus (409 `cart.buyback_bonus_used`); another buy-back’s bonus on the same device is replaced. If the inspection revises the offer lower or the buy-back falls through, the bonus is clawed back automatically (from the cart, or as an adjustment of the order).',
      body: addBuybackBonusSchema,
      responses: {
        201: json('The device’s bonus', buybackBonusResultSchema),
        404: cartProblems.notFound,
        409: cartProblems.unavailable,
      },
    },
    async (req, res) => {
      const request = parseInput(addBuybackBonusSchema, req.body);
      const { cartId, created } = await deps.locator.open(req, res);
      const outcome = await deps.bonuses.add(cartId, request, principalOf(res).userId, actorOf(req, res));
      if (created) deps.locator.keep(req, res, cartId);
      await deps.settle(outcome.checkpoint);
      res
        .status(201)
        .set('Cache-Control', 'no-store')
        .json({
          item_id: request.item_id,
          buyback_number: outcome.bonus?.buyback_number ?? null,
          amount: outcome.bonus?.amount ?? 0,
          percent: outcome.bonus?.percent ?? 0,
          basis: outcome.bonus?.basis ?? 0,
          count: outcome.count,
        });
    },
  );
}
