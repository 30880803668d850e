import { actorOf, json, principalOf, problem, type SecuredRouter } from '@buyloop/http';
import { idempotencyKeyHeaderSchema, sellOnlineRequestSchema, sellOnlineResultSchema } from '@buyloop/contracts/buy-back/http';
import { buybackPaths } from '../paths';
import { parseIdempotencyKey } from '../../idempotency/idempotency-keys';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { parseSellOnline } from './sell-online-input';

/**
 * Spec 7 sell_buyout_online: the customer sells at the price the server
 * recomputes; the page goes to the Location (the thank-you page). The same
 * request repeated with one Idempotency-Key answers the same buy-back.
 */
export function sellOnlineRoute(r: SecuredRouter, deps: BuybackRouteDeps): void {
  const paths = buybackPaths(deps.market);
  const contract = {
    summary: 'Sell a device at the price the server recomputes',
    description:
      'The page goes to the Location (the thank-you page). Every field error comes back in one answer, keyed like the request.',
    headers: idempotencyKeyHeaderSchema,
    body: sellOnlineRequestSchema,
    responses: {
      201: json('Sold', sellOnlineResultSchema, { Location: 'The thank-you page' }),
      404: problem('No buy-back catalogue is published for the market'),
      409: problem('The page shows another price list version; the problem names the one in force and its price'),
      422: problem('The Idempotency-Key was used with another body'),
    },
  };
  r.post('/api/buyout/sell-online', 'public', contract, async (req, res) => {
    const idempotencyKey = parseIdempotencyKey(req.get('idempotency-key'));
    const input = parseSellOnline(req.body, { market: deps.market, today: deps.clock() });
    const principal = principalOf(res);
    const ownerUserId =
      principal.via === 'session' && principal.roles.some((role) => role.endsWith('customer')) ? principal.userId : null;
    const sold = await deps.service.sellOnline(input, { actor: actorOf(req, res), idempotencyKey, ownerUserId });
    await deps.settle(sold.result.checkpoint);
    res
      .status(201)
      .location(paths.thankYou(sold.buyoutNumber, sold.accessToken))
      .set('Cache-Control', 'no-store')
      .json({ buyout_number: sold.buyoutNumber });
  });
}
