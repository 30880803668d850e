import type { z } from 'zod';
import { problemSchema } from '@buyloop/contracts/http';

export const JSON_MEDIA_TYPE = 'application/json';
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/** One documented answer of a route. */
export interface ResponseContract {
  readonly description: string;
  /** The body's schema; JSON unless `mediaType` names another JSON type (problem+json). */
  readonly body?: z.ZodType;
  /**
   * The body's media type when it is not JSON ('application/pdf',
   * 'text/csv', 'text/html', 'text/event-stream'); `type/*` accepts any
   * subtype. Neither `body` nor `mediaType`: the answer has no body.
   */
  readonly mediaType?: string;
  /** Response headers a client relies on (ETag, Location, Retry-After) → what they carry. */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * What a route accepts and answers, named when the route is registered
 * (SecuredRouter). The OpenAPI document is generated from these, and the
 * test harness checks every answer of the journeys against them.
 */
export interface RouteContract {
  readonly summary: string;
  readonly description?: string;
  /** Path parameters; those left out are documented as plain strings. */
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  /** Request headers the route reads (Idempotency-Key, If-Match). */
  readonly headers?: z.ZodObject;
  /** The JSON request body. */
  readonly body?: z.ZodType;
  /** A request body that is not JSON (a CSV upload): its media types and what it holds. */
  readonly rawBody?: { readonly mediaTypes: readonly string[]; readonly description: string };
  /**
   * Every answer the route gives, by status. Answers every route may give
   * are added from the declaration: 401 and 403 behind a capability, 403
   * (CSRF) and 400/413 (malformed or oversized body) on state-changing
   * methods, 400 with a query schema, 500.
   */
  readonly responses: Readonly<Partial<Record<number, ResponseContract>>>;
}

/** A JSON answer. */
export const json = (description: string, body: z.ZodType, headers?: ResponseContract['headers']): ResponseContract => ({
  description,
  body,
  ...(headers ? { headers } : {}),
});

/** An application/problem+json answer. */
export const problem = (description: string, headers?: ResponseContract['headers']): ResponseContract => ({
  description,
  body: problemSchema,
  mediaType: PROBLEM_MEDIA_TYPE,
  ...(headers ? { headers } : {}),
});

/** An answer without a body (204, or a 202 that only acknowledges). */
export const empty = (description: string, headers?: ResponseContract['headers']): ResponseContract => ({
  description,
  ...(headers ? { headers } : {}),
});

/** A body that is not JSON: a PDF, a CSV, a page, a stream. */
export const media = (description: string, mediaType: string, headers?: ResponseContract['headers']): ResponseContract => ({
  description,
  mediaType,
  ...(headers ? { headers } : {}),
});

/** The parts of a route declaration the implied answers depend on. */
interface Declared {
  readonly method: string;
  readonly capability: string;
  readonly contract?: RouteContract;
}

/**
 * Every answer a route may give: its contract's, plus those every route of
 * its kind gives whatever it does (the guards, the body parser, our bugs).
 * The route's own description of a status wins.
 */
export function responsesOf(route: Declared): Readonly<Partial<Record<number, ResponseContract>>> {
  const contract = route.contract;
  const stateChanging = route.method !== 'get';
  const guarded = route.capability !== 'public';
  const implied: Partial<Record<number, ResponseContract>> = {};
  if (stateChanging || contract?.query || contract?.body)
    implied[400] = problem('The request is not valid: `errors` names each field, keyed like the request');
  if (guarded) implied[401] = problem('Not signed in');
  if (guarded || stateChanging)
    implied[403] = problem(
      [guarded ? 'Signed in without the capability' : '', stateChanging ? 'the CSRF token is missing or wrong' : '']
        .filter(Boolean)
        .join(', or '),
    );
  if (stateChanging) {
    implied[413] = problem('The body is too large');
    implied[415] = problem('The body’s media type, encoding or character set is not accepted');
  }
  implied[500] = problem('An error of ours; the answer shows nothing internal');
  return { ...implied, ...(contract?.responses ?? {}) };
}
