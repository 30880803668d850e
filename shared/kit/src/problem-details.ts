import { isDomainError, ValidationError, type DomainError, type FieldErrors, type RequestRefused } from './errors';

/** RFC 9457 problem details, as every Buyloop API error is answered (`application/problem+json`). */
export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail?: string;
  readonly instance?: string;
  /** Stable error key, translated by the UI (shared/i18n). */
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number | boolean | null>>;
  /** Field path in the request's own shape (`customer_data.first_name`) → message keys. */
  readonly errors?: FieldErrors;
}

export interface ProblemContext {
  /** The request carried If-Match: a lost race is then a failed precondition (412), not a conflict (409). */
  readonly conditional?: boolean;
  readonly instance?: string;
}

const titles: Record<Exclude<DomainError['kind'], 'request_refused'>, { status: number; title: string }> = {
  validation: { status: 400, title: 'The request is not valid' },
  not_found: { status: 404, title: 'Not found' },
  illegal_state: { status: 409, title: 'The request conflicts with the current state' },
  concurrency_conflict: { status: 409, title: 'Someone else changed this first' },
};

/** The one mapping from errors to HTTP: every route and middleware answers through it. */
export function toProblem(error: unknown, context: ProblemContext = {}): ProblemDetails {
  if (isDomainError(error)) {
    const kind = error.kind;
    const base =
      kind === 'request_refused'
        ? { status: (error as RequestRefused).status, title: (error as RequestRefused).title }
        : titles[kind];
    const status = kind === 'concurrency_conflict' && context.conditional ? 412 : base.status;
    const fieldErrors = error instanceof ValidationError ? error.fieldErrors : undefined;
    return {
      type: `https://buyloop.invalid/problems/${error.code}`,
      title: base.title,
      status,
      detail: error.message,
      code: error.code,
      ...(Object.keys(error.params).length > 0 ? { params: error.params } : {}),
      ...(fieldErrors && Object.keys(fieldErrors).length > 0 ? { errors: fieldErrors } : {}),
      ...(context.instance ? { instance: context.instance } : {}),
    };
  }
  // Anything else is our bug: say so without leaking internals (they go to the log).
  return {
    type: 'https://buyloop.invalid/problems/internal',
    title: 'There was an error processing your request, please try again',
    status: 500,
    code: 'internal',
    ...(context.instance ? { instance: context.instance } : {}),
  };
}
