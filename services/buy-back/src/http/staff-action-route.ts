import type { z } from 'zod';
import { parseInput, ValidationError } from '@buyloop/kit';
import { actorOf, json, ownSession, problem, type RouteContract, type SecuredRouter } from '@buyloop/http';
import { STAFF_ACTIONS, type Capability, type StaffActionName } from '@buyloop/contracts';
import { buyoutNumberParamsSchema, commandResultSchema, ifMatchHeaderSchema } from '@buyloop/contracts/buy-back/http';
import type { StaffAction } from '../buyback-service';
import { buyoutNumberParam, jsonBody, ifMatchOf, sendCommandResult, type BuybackRouteDeps } from './route-deps';

/** What each back-office command does, for the API reference. */
const SUMMARIES: Readonly<Record<StaffActionName, string>> = {
  'order-pickup': 'Order the courier pickup',
  receive: 'Receive the device (late: the price guarantee is lost and the price list in force reprices it)',
  inspect: 'Record the inspection: the quality found, a finding per condition question, the IMEI read from the device',
  'release-quarantine': 'Release a quarantined device (a false blacklist hit, a typo in the submission)',
  'report-quarantine': 'Hand a quarantined device to the authorities',
  approve: 'Approve: the inspection matches the declaration, the price stands',
  'revise-offer': 'Offer a lower price, with a reason per differing finding',
  'return-device': 'Send the device back to the customer',
  'order-payout': 'Order the payout (above the configured amount with a granted supervisor check)',
  'confirm-payout': 'Confirm the bank transferred the payout',
  complete: 'Close a paid buy-back',
  cancel: 'Cancel, with a reason (a device already here goes back)',
};

/** The contract of a back-office command: its body, If-Match, and the answers every such command gives. */
export const staffActionContract = (action: StaffActionName, body: z.ZodType): RouteContract => ({
  summary: SUMMARIES[action],
  params: buyoutNumberParamsSchema,
  headers: ifMatchHeaderSchema,
  body,
  responses: {
    200: json('Done: the buy-back’s new status and version', commandResultSchema, {
      ETag: 'The new version, for the next If-Match',
    }),
    404: problem('No such buy-back'),
    409: problem('The buy-back’s state does not allow it now'),
    412: problem('Someone else changed the buy-back since it was read: reload'),
    428: problem('If-Match is missing'),
  },
});

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
  // The capability of each action is written once, in the contracts; a route that names another is a mistake.
  if (STAFF_ACTIONS[action] !== capability)
    throw new Error(
      `POST /api/admin/buybacks/:number/${action} checks ${capability}, the contracts say ${STAFF_ACTIONS[action]}`,
    );
  r.post(`/api/admin/buybacks/:number/${action}`, capability, staffActionContract(action, schema), async (req, res) => {
    ownSession(res);
    const buyoutNumber = buyoutNumberParam(req.params.number);
    const input = parseInput(schema, jsonBody(req));
    const expectedVersion = ifMatchOf(req);
    const result = await deps.service
      .staffAction(buyoutNumber, toAction(input), { actor: actorOf(req, res), expectedVersion })
      .catch((error: unknown) => {
        throw error instanceof ValidationError ? inRequestTerms(error) : error;
      });
    await sendCommandResult(res, deps, buyoutNumber, result);
  });
}

/** Where the decider's own names differ from the request's beyond camelCase (DESIGN.md 5: errors keyed like the request). */
const REQUEST_FIELDS: Readonly<Record<string, string>> = {
  'imei.found': 'imei',
  'approval.amount': 'approval_id',
  'approval.approvedBy': 'approval_id',
  'approval.approvalId': 'approval_id',
};

/** A field of the decider's command as the request named it: `findings[0].foundChoice` → `findings.0.found_choice`. */
export function requestPathOf(field: string): string {
  const named = REQUEST_FIELDS[field] ?? field;
  return named.replace(/\[(\d+)\]/g, '.$1').replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function inRequestTerms(error: ValidationError): ValidationError {
  const errors: Record<string, string[]> = {};
  for (const [field, codes] of Object.entries(error.fieldErrors)) (errors[requestPathOf(field)] ??= []).push(...codes);
  return new ValidationError(error.code, errors, error.message, error.params);
}
