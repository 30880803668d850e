import type { ErrorRequestHandler, Response } from 'express';
import { isDomainError, RequestRefused, ValidationError, toProblem, type ProblemDetails, type Logger } from '@buyloop/kit';
import { hasMessage, translate, type Language } from '@buyloop/i18n';
import { requestIdOf } from './request-id';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Errors thrown by Express and body-parser (the http-errors shape). */
interface HttpError {
  readonly status: number;
  readonly type?: string;
  readonly expose?: boolean;
  readonly limit?: number;
  readonly message: string;
}

const isHttpError = (error: unknown): error is HttpError =>
  error instanceof Error && 'status' in error && typeof error.status === 'number';

/**
 * Translates the framework's own errors into ours, so that no input, however
 * malformed, is answered with a 500 (DESIGN.md section 5).
 */
export function fromHttpError(error: unknown): unknown {
  // Our own refusals carry a status too; they are already what they should be.
  if (isDomainError(error)) return error;
  if (!isHttpError(error) || error.status < 400 || error.status >= 500) return error;
  switch (error.type) {
    case 'entity.parse.failed':
      return new ValidationError('request.malformed_json', {}, `The request body is not valid JSON: ${error.message}`);
    case 'entity.too.large':
      return new RequestRefused(
        413,
        'request.too_large',
        'The request body is too large',
        `The request body must not be larger than ${error.limit ?? 'the limit of'} bytes`,
      );
    case 'encoding.unsupported':
      return new RequestRefused(415, 'request.unsupported_encoding', 'Unsupported content encoding', error.message);
    case 'charset.unsupported':
      return new RequestRefused(415, 'request.unsupported_charset', 'Unsupported character set', error.message);
    case 'request.aborted':
      return new RequestRefused(400, 'request.aborted', 'The request was aborted', 'The client closed the request early');
    case 'request.size.invalid':
      return new RequestRefused(400, 'request.size_mismatch', 'The request body size is wrong', error.message);
    default:
      // http-errors marks messages safe to show with `expose`; others would be ours to hide.
      return new RequestRefused(
        error.status,
        'request.invalid',
        'The request is not valid',
        error.expose ? error.message : 'The request could not be processed',
      );
  }
}

/** A problem as the API sends it: the title and every field error also in the asker's language. */
export type LocalisedProblem = ProblemDetails & { readonly messages?: Readonly<Record<string, readonly string[]>> };

export function problemFor(
  error: unknown,
  instance: string | undefined,
  language?: Language,
  conditional = false,
): LocalisedProblem {
  const problem = toProblem(error, { ...(instance ? { instance } : {}), conditional });
  return language ? localise(problem, language) : problem;
}

/**
 * Titles and field messages in Czech, Romanian or English (spec 8: the UI
 * shows the server's message). `code` and `errors` keep the stable keys for
 * clients that translate themselves.
 */
export function localise(problem: ProblemDetails, language: Language): LocalisedProblem {
  const params = { ...(problem.params ?? {}) } as Record<string, string | number>;
  const title = hasMessage(problem.code) ? translate(problem.code, language, params) : problem.title;
  if (!problem.errors) return { ...problem, title };
  const messages = Object.fromEntries(
    Object.entries(problem.errors).map(([field, codes]) => {
      const own = { ...params, ...fieldParams(params, field) };
      return [field, codes.map((code) => fieldMessage(code, language, own))];
    }),
  );
  return { ...problem, title, messages };
}

/**
 * The parameters of one field's messages: the problem's params named with
 * the field's path before their own name (`line_3.code.code` is the `code`
 * of the message at `line_3.code`). A file's rows each name their own
 * product or line, which the problem's one set of params could not.
 */
function fieldParams(params: Record<string, string | number>, field: string): Record<string, string | number> {
  const prefix = `${field}.`;
  return Object.fromEntries(
    Object.entries(params)
      .filter(([key]) => key.startsWith(prefix) && /^\w+$/.test(key.slice(prefix.length)))
      .map(([key, value]) => [key.slice(prefix.length), value]),
  );
}

/**
 * A field's message in the asker's language. Field errors carry only their
 * key (their parameters ride in the problem's params); a text that needs a
 * number it was not given (`{{max}}`) would show the placeholder, so the
 * field then gets the general "not valid" text instead.
 */
function fieldMessage(code: string, language: Language, params: Record<string, string | number>): string {
  const text = translate(code, language, params);
  return /\{\{\w+\}\}/.test(text) ? translate('validation.invalid_value', language) : text;
}

export function sendProblem(res: Response, problem: ProblemDetails): void {
  const retryAfter = problem.params?.retryAfterSeconds;
  if (problem.status === 429 && typeof retryAfter === 'number') res.set('Retry-After', String(retryAfter));
  res.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}

/**
 * The last middleware: every error, from any route or from Express itself,
 * leaves as `application/problem+json`. Our own bugs are logged in full and
 * answered with nothing internal.
 */
export function problemHandler(logger: Logger): ErrorRequestHandler {
  return (rawError: unknown, req, res, next) => {
    // Once the head is out a problem cannot be sent; Express then ends the connection.
    if (res.headersSent) {
      next(rawError);
      return;
    }
    const error = fromHttpError(rawError);
    const requestId = requestIdOf(res);
    // A command sent with If-Match that lost the race failed its precondition (412), as HTTP says.
    const conditional = req.get('if-match') !== undefined;
    const problem = problemFor(error, requestId, res.locals.language as Language | undefined, conditional);
    if (problem.status >= 500 && !isDomainError(error)) {
      logger.error('Unhandled error while serving a request', {
        requestId,
        method: req.method,
        path: req.path,
        error: rawError,
      });
    }
    sendProblem(res, problem);
  };
}
