import type { Request, Response } from 'express';
import { z } from 'zod';
import { NotFound, type Checkpoint } from '@buyloop/kit';
import { actorOf, idempotencyKeyIn, jsonBody, problem, versionInIfMatch, type ResponseContract } from '@buyloop/http';
import type { CallOptions, ProductsService, Written } from '../service';
import { ENTITY_ID, PRODUCT_CODE } from '../rules';

export interface ProductsRouteDeps {
  readonly service: ProductsService;
  /** Waits (bounded) until the catalogue's read models show the checkpoint, so the next page shows the change. */
  readonly settle: (checkpoint: Checkpoint | null) => Promise<void>;
}

export const ifMatchHeaderSchema = z.object({
  'if-match': z
    .string()
    .optional()
    .meta({ description: 'The version (ETag) the change is based on; when it is no longer current the answer is 412' }),
});

export const idempotencyKeyHeaderSchema = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: 'Repeating the request with the same key answers the same entry; another body with it is 422' }),
});

export const responses = {
  invalid: problem('The request is not valid: `errors` names each field'),
  conflict: problem('The current state refuses it (`code` says why)'),
  stale: problem('Changed by someone else since the version in If-Match: reload'),
} as const satisfies Record<string, ResponseContract>;

/** An id from the path; anything malformed is an entry that does not exist. */
export function idParam(value: unknown, notFoundCode: string): string {
  if (typeof value !== 'string' || !ENTITY_ID.test(value)) throw new NotFound(notFoundCode, 'There is no such entry');
  return value;
}

/** A catalogue product's code from the path, upper-cased as codes are. */
export function codeParam(value: unknown): string {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (!PRODUCT_CODE.test(code)) throw new NotFound('catalogue.product.not_found', 'There is no such catalogue product');
  return code;
}

/** The version in If-Match, when the client sent one. */
export function expectedVersionOf(req: Request): { expectedVersion?: bigint } {
  const version = versionInIfMatch(req);
  return version === undefined ? {} : { expectedVersion: version };
}

/** The Idempotency-Key of a creating POST, when the client sent one. */
export function idempotencyKeyOf(req: Request): { idempotencyKey?: string } {
  const key = idempotencyKeyIn(req);
  return key === undefined ? {} : { idempotencyKey: key };
}

export { jsonBody };

/** Who asks, and the version or key they sent. */
export const callOptions = (req: Request, res: Response, creating = false): CallOptions => ({
  actor: actorOf(req, res),
  ...(creating ? idempotencyKeyOf(req) : expectedVersionOf(req)),
});

/** A command's answer: the id, the version (also the ETag) and the position for read-your-writes, once the read models show it. */
export async function sendWritten(
  res: Response,
  deps: Pick<ProductsRouteDeps, 'settle'>,
  written: Written,
  status = 200,
  location?: string,
): Promise<void> {
  await deps.settle(written.checkpoint);
  res.status(status).set('ETag', `"${written.streamVersion}"`).set('Cache-Control', 'no-store');
  if (location) res.set('Location', location);
  res.json({
    id: written.id,
    stream_version: Number(written.streamVersion),
    position: written.globalPosition.toString(),
    events: [...written.events],
  });
}

/** Answers with the new version as the ETag and the Location of what was created. */
export const createdHeaders = { ETag: 'The new version, for the next If-Match', Location: 'Where the new entry is read' };
export const changedHeaders = { ETag: 'The new version, for the next If-Match' };
