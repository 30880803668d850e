import type { Request, Response } from 'express';
import { z } from 'zod';
import { NotFound, type Checkpoint } from '@buyloop/kit';
import { jsonBody, problem, versionInIfMatch, type ResponseContract } from '@buyloop/http';
import type { CategoryService, CategoryResult } from '../service';
import { CATEGORY_ERRORS } from '../rules';

export interface CategoryRouteDeps {
  readonly service: CategoryService;
  /** Waits (bounded) until the catalogue's read models show the checkpoint, so the next page shows the change. */
  readonly settle: (checkpoint: Checkpoint | null) => Promise<void>;
}

/** If-Match on a category command: optional, since every command re-checks the tree it lands on. */
export const ifMatchHeaderSchema = z.object({
  'if-match': z
    .string()
    .optional()
    .meta({ description: 'The tree’s version (ETag) the change is based on; a newer tree then answers 412' }),
});

export const categoryResponses = {
  notFound: problem('No such category'),
  invalid: problem('The request is not valid: `errors` names each field (an unknown parent, a move under its own subcategory…)'),
  conflict: problem('The tree changed since the version in If-Match'),
} as const satisfies Record<string, ResponseContract>;

const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

/** A category id from the path; anything malformed is a category that does not exist. */
export function categoryIdParam(value: unknown): string {
  if (typeof value !== 'string' || !ID.test(value)) throw new NotFound(CATEGORY_ERRORS.notFound, 'There is no such category');
  return value;
}

/** The tree version in If-Match, when the client sent one. */
export function expectedVersionOf(req: Request): { expectedVersion?: bigint } {
  const version = versionInIfMatch(req);
  return version === undefined ? {} : { expectedVersion: version };
}

export { jsonBody };

/** What every command answer carries: the tree's version (also the ETag) and the position for read-your-writes. */
export async function written(res: Response, deps: Pick<CategoryRouteDeps, 'settle'>, result: CategoryResult) {
  await deps.settle(result.checkpoint);
  res.set('ETag', `"${result.streamVersion}"`).set('Cache-Control', 'no-store');
  return { stream_version: Number(result.streamVersion), global_position: result.globalPosition.toString() };
}
