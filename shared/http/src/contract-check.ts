import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { JSON_MEDIA_TYPE, responsesOf } from './route-contract';
import { routeOf } from './secured-router';

export interface ContractViolation {
  /** `GET /api/buyout/:number` as registered. */
  readonly route: string;
  /** What was asked for: `GET /api/buyout/123?token=…` (query left out). */
  readonly request: string;
  readonly status: number;
  readonly problem: string;
}

const MAX_ISSUES = 8;

const mediaTypeOf = (res: Response): string | null => {
  const header = res.get('content-type');
  return header ? header.split(';')[0]!.trim().toLowerCase() : null;
};

/** `text/*` accepts `text/css`; a JSON type accepts the same type. */
const mediaTypeMatches = (documented: string, actual: string): boolean =>
  documented === actual || documented === '*/*' || (documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1)));

const isJsonType = (type: string): boolean => type === JSON_MEDIA_TYPE || type.endsWith('+json');

function hasBody(body: unknown): boolean {
  if (body === undefined || body === null) return false;
  if (typeof body === 'string') return body.length > 0;
  if (Buffer.isBuffer(body)) return body.length > 0;
  return true;
}

function parsedJson(body: unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    if (typeof body === 'string') return { ok: true, value: JSON.parse(body) as unknown };
    if (Buffer.isBuffer(body)) return { ok: true, value: JSON.parse(body.toString('utf8')) as unknown };
    return { ok: true, value: JSON.parse(JSON.stringify(body)) as unknown };
  } catch {
    return { ok: false };
  }
}

function issuesOf(error: z.ZodError): string {
  const issues = error.issues.slice(0, MAX_ISSUES).map((issue) => `${issue.path.join('.') || '(whole)'}: ${issue.message}`);
  const more = error.issues.length > MAX_ISSUES ? ` (and ${error.issues.length - MAX_ISSUES} more)` : '';
  return `${issues.join('; ')}${more}`;
}

/**
 * Checks every answer the app gives against the contract of the route that
 * gave it: the status is documented, the media type is the documented one,
 * and a JSON body parses with the documented schema; and every request a
 * route accepted against the documented request body and query. The test harness
 * mounts it first, so every journey the tests walk is also a test of the
 * API reference; what does not match is collected, and `assertNone` fails
 * with the whole list.
 */
export class ResponseContractCheck {
  readonly violations: ContractViolation[] = [];

  readonly middleware: RequestHandler = (req, res, next) => {
    if (req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    let body: unknown;
    let captured = false;
    const send = res.send.bind(res);
    // res.json and the problem handler both end in send; the first call holds what the route gave.
    res.send = (chunk?: unknown) => {
      if (!captured) {
        captured = true;
        body = chunk;
      }
      return send(chunk);
    };
    res.on('finish', () => this.inspect(req, res, body));
    next();
  };

  private inspect(req: Request, res: Response, body: unknown): void {
    const route = routeOf(res);
    if (!route) return;
    const violation = (problem: string): void => {
      this.violations.push({
        route: `${route.method.toUpperCase()} ${route.path}`,
        request: `${req.method} ${req.path}`,
        status: res.statusCode,
        problem,
      });
    };
    if (!route.contract) return violation('the route names no contract');
    // A request the route accepted must be one the reference describes: this catches a documented body
    // that drifted from a reader written by hand, or a query parameter the reference does not name.
    if (res.statusCode < 300) {
      const accepted: [string, z.ZodType | undefined, unknown][] = [
        ['request body', route.contract.body, req.body ?? {}],
        ['query', route.contract.query, req.query],
      ];
      for (const [part, schema, value] of accepted) {
        const result = schema?.safeParse(value);
        if (result && !result.success)
          violation(`the ${part} was accepted but does not match the documented schema: ${issuesOf(result.error)}`);
      }
    }
    const documented = responsesOf(route)[res.statusCode];
    if (!documented) return violation(`status ${res.statusCode} is not documented`);
    const expected = documented.mediaType ?? (documented.body ? JSON_MEDIA_TYPE : null);
    const actual = mediaTypeOf(res);
    if (expected === null) {
      if (hasBody(body)) violation(`documented without a body, answered ${actual ?? 'a body'}`);
      return;
    }
    if (!actual || !mediaTypeMatches(expected, actual))
      return violation(`documented as ${expected}, answered ${actual ?? 'no media type'}`);
    if (!documented.body || !isJsonType(actual)) return;
    const parsed = parsedJson(body);
    if (!parsed.ok) return violation('the body is not JSON');
    const result = documented.body.safeParse(parsed.value);
    if (!result.success) violation(`the body does not match the documented schema: ${issuesOf(result.error)}`);
  }

  /** Fails with every violation seen, one per line. */
  assertNone(): void {
    if (this.violations.length === 0) return;
    throw new Error(
      `${this.violations.length} answer(s) do not match the API contract:\n${this.violations
        .map((v) => `  ${v.route} (${v.request}) → ${v.status}: ${v.problem}`)
        .join('\n')}`,
    );
  }
}
