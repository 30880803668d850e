import { z } from 'zod';
import { parseInput } from '@buyloop/kit';
import { actorOf, principalOf, type SecuredRouter } from '@buyloop/http';
import type { CustomerAction } from '../buyback-service';
import { buyoutNumberParam, jsonBody, sendCommandResult, type BuybackRouteDeps } from './route-deps';

const body = z.strictObject({ token: z.string().trim().min(1).max(200).optional() });

/**
 * A customer's action on their buy-back, allowed with the access token from
 * their e-mail or as the signed-in owner; anyone else finds no such buy-back.
 */
export function customerActionRoute(r: SecuredRouter, deps: BuybackRouteDeps, action: CustomerAction): void {
  r.post(`/api/buyout/:number/${action}`, 'public', async (req, res) => {
    const buyoutNumber = buyoutNumberParam(req.params.number);
    const { token } = parseInput(body, jsonBody(req));
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
