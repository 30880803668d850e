import type { z } from 'zod';
import { parseInput, ValidationError } from '@buyloop/kit';
import { actorOf, ownSession, type SecuredRouter } from '@buyloop/http';
import { type Capability } from '@buyloop/contracts';
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
