import { parseInput } from '@buyloop/kit';
import { actorOf, json, principalOf, problem, type SecuredRouter } from '@buyloop/http';
import { accessTokenSchema, buyoutNumberParamsSchema, commandResultSchema } from '@buyloop/contracts/buy-back/http';
import type { CustomerAction } from '../buyback-service';
import { buyoutNumberParam, jsonBody, sendCommandResult, type BuybackRouteDeps } from './route-deps';

const SUMMARIES: Readonly<Record<CustomerAction, string>> = {
  'accept-revised-offer': 'The customer accepts the revised offer',
  'reject-revised-offer': 'The customer rejects the revised offer: the device comes back',
  cancel: 'The customer cancels before the device is received',
};

/**
 * A customer's action on their buy-back, allowed with the access token from
 * their e-mail or as the signed-in owner; anyone else finds no such buy-back.
 */
export function customerActionRoute(r: SecuredRouter, deps: BuybackRouteDeps, action: CustomerAction): void {
  const contract = {
    summary: SUMMARIES[action],
    description:
      'With the token from the customer’s e-mail, or as the signed-in owner; to anyone else the buy-back does not exist.',
    params: buyoutNumberParamsSchema,
    body: accessTokenSchema,
    responses: {
      200: json('Done: the buy-back’s new status and version', commandResultSchema, { ETag: 'The new version' }),
      404: problem('No such buy-back (or not with this token)'),
      409: problem('The buy-back’s state does not allow it now'),
    },
  };
  r.post(`/api/buyout/:number/${action}`, 'public', contract, async (req, res) => {
    const buyoutNumber = buyoutNumberParam(req.params.number);
    const { token } = parseInput(accessTokenSchema, jsonBody(req));
    const principal = principalOf(res);
    const result = await deps.service.customerAction(
      buyoutNumber,
      action,
      { token: token ?? null, userId: principal.via === 'session' ? principal.userId : null },
      { actor: actorOf(req, res) },
    );
    await sendCommandResult(res, deps, buyoutNumber, result);
  });
}
