import type { ErrorRequestHandler, Response } from 'express';
import { isDomainError, ValidationError, toProblem, type ProblemDetails } from '@buyloop/kit';
import type { Logger } from './logger';
import { requestIdOf } from './request-id';

/**
 * A refusal at the HTTP level that the domain vocabulary has no kind for
 * (body too large, unsupported encoding, dependency down). The answer is still
 * built by `toProblem`; only status, title and code are this error's own.
 */
export class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'HttpRefusal';
  }
}

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
  if (!isHttpError(error) || error.status < 400 || error.status >= 500) return error;
  switch (error.type) {
    case 'entity.parse.failed':
      return new ValidationError('request.malformed_json', {}, `The request body is not valid JSON: ${error.message}`);
    case 'entity.too.large':
      return new HttpRefusal(
        413,
        'request.too_large',
        'The request body is too large',
        `The request body must not be larger than ${error.limit ?? 'the limit of'} bytes`,
      );
    case 'encoding.unsupported':
      return new HttpRefusal(415, 'request.unsupported_encoding', 'Unsupported content encoding', error.message);
    case 'charset.unsupported':
      return new HttpRefusal(415, 'request.unsupported_charset', 'Unsupported character set', error.message);
    case 'request.aborted':
      return new HttpRefusal(400, 'request.aborted', 'The request was aborted', 'The client closed the request early');
    case 'request.size.invalid':
      return new HttpRefusal(400, 'request.size_mismatch', 'The request body size is wrong', error.message);
    default:
      // http-errors marks messages safe to show with `expose`; others would be ours to hide.
      return new HttpRefusal(
        error.status,
        'request.invalid',
        'The request is not valid',
        error.expose ? error.message : 'The request could not be processed',
      );
  }
}

export function problemFor(error: unknown, instance: string | undefined): ProblemDetails {
  const base = toProblem(error, instance ? { instance } : {});
  if (!(error instanceof HttpRefusal)) return base;
  return {
    ...base,
    type: `https://buyloop.invalid/problems/${error.code}`,
    title: error.title,
    status: error.status,
    code: error.code,
    detail: error.detail,
  };
}

export function sendProblem(res: Response, problem: ProblemDetails): void {
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
    const problem = problemFor(error, requestId);
    if (problem.status >= 500 && !isDomainError(error) && !(error instanceof HttpRefusal)) {
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
