import type { Request, Response } from 'express';
import { z } from 'zod';
import { NotFound } from '@buyloop/kit';
import { DISCOUNT_ERROR_CODES } from '@buyloop/contracts/cart/discounts';
import { problem, versionInIfMatch, type ResponseContract } from '@buyloop/http';
import type { DiscountService, DiscountWritten } from '../discount-service';

export interface DiscountRouteDeps {
  readonly service: DiscountService;
  /** Waits (bounded) until the discount read models show the checkpoint, so the grid shows the change. */
  readonly settle: (checkpoint: string | null) => Promise<void>;
}

export const DISCOUNTS_TAG = 'Back office: discounts';

export const ifMatchHeaderSchema = z.object({
  'if-match': z
    .string()
    .optional()
    .meta({ description: 'The version (ETag) the change is based on; when it is no longer current the answer is 412' }),
});

export const discountProblems = {
  invalid: problem('The request is not valid: `errors` names each field'),
  notFound: problem('No such discount'),
  conflict: problem('The current state refuses it (`code` says why: archived)'),
  stale: problem('Changed by someone else since the version in If-Match: reload'),
} as const satisfies Record<string, ResponseContract>;

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A discount id from the path; anything malformed is a discount that does not exist. */
export function discountIdParam(value: unknown): string {
  if (typeof value !== 'string' || !ID.test(value))
    throw new NotFound(DISCOUNT_ERROR_CODES.notFound, 'There is no such discount');
  return value;
}

export const expectedVersionOf = (req: Request): bigint | undefined => versionInIfMatch(req);

/** A definition command's answer, once the read models show it: the id, the version (also the ETag) and the warnings. */
export async function sendWritten(
  res: Response,
  deps: Pick<DiscountRouteDeps, 'settle'>,
  written: DiscountWritten,
  status = 200,
) {
  await deps.settle(written.checkpoint);
  res
    .status(status)
    .set('ETag', `"${written.streamVersion}"`)
    .set('Cache-Control', 'no-store')
    .json({ id: written.id, stream_version: Number(written.streamVersion), warnings: [...written.warnings] });
}

export const writtenHeaders = { ETag: 'The new version, for the next If-Match' };
