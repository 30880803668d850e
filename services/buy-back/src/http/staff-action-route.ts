import type { z } from 'zod';
import { parseInput } from '@buyloop/kit';
import { actorOf, ownSession, type Capability, type SecuredRouter } from '@buyloop/identity';
import type { StaffAction } from '../buyback-service';
import { buyoutNumberParam, jsonBody, ifMatchOf, sendCommandResult, type BuybackRouteDeps } from './route-deps';

/**
 * A back-office command on one buy-back: `POST /api/admin/buybacks/:number/<action>`
 * with the body the slice's schema allows and the version seen in If-Match.
 * A signed-in staff member only: every change names the person.
 */
export function staffActionRoute<Schema extends z.ZodType>(
  r: SecuredRouter,
  deps: BuybackRouteDeps,
  action: StaffAction['action'],
  capability: Capability,
  schema: Schema,
  toAction: (input: z.infer<Schema>) => StaffAction,
): void {
  r.post(`/api/admin/buybacks/:number/${action}`, capability, async (req, res) => {
    ownSession(res);
    const buyoutNumber = buyoutNumberParam(req.params.number);
    const input = parseInput(schema, jsonBody(req));
    const expectedVersion = ifMatchOf(req);
    const result = await deps.service.staffAction(buyoutNumber, toAction(input), { actor: actorOf(req, res), expectedVersion });
    await sendCommandResult(res, deps, buyoutNumber, result);
  });
}
