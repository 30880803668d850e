/**
 * The one error vocabulary. Every refusal anywhere in Buyloop is one of these
 * classes; `toProblem` (problem-details.ts) is the single place that turns
 * them into HTTP answers, so a new error never needs a new mapping elsewhere.
 * `code` is a stable key translated in shared/i18n; `params` fill the message.
 */
export type ErrorParams = Readonly<Record<string, string | number | boolean | null>>;

/** Field path → message keys, e.g. `{ 'customer_data.first_name': ['validation.required'] }`. */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

export abstract class DomainError extends Error {
  abstract readonly kind: 'validation' | 'not_found' | 'illegal_state' | 'concurrency_conflict' | 'request_refused';
  constructor(
    readonly code: string,
    message?: string,
    readonly params: ErrorParams = {},
  ) {
    super(message ?? code);
    this.name = new.target.name;
  }
}

/** Input that breaks a rule before any state is consulted (HTTP 400). */
export class ValidationError extends DomainError {
  readonly kind = 'validation' as const;
  constructor(
    code: string,
    readonly fieldErrors: FieldErrors = {},
    message?: string,
    params: ErrorParams = {},
  ) {
    super(code, message, params);
  }
}

/** The addressed stream, document or resource does not exist (HTTP 404). */
export class NotFound extends DomainError {
  readonly kind = 'not_found' as const;
}

/** The command is well-formed but the current state refuses it (HTTP 409). */
export class IllegalState extends DomainError {
  readonly kind = 'illegal_state' as const;
}

/**
 * Someone else wrote first: the version the writer read is no longer current
 * (HTTP 412 when the client sent If-Match, 409 otherwise).
 */
export class ConcurrencyConflict extends DomainError {
  readonly kind = 'concurrency_conflict' as const;
  constructor(
    readonly stream: string,
    readonly expected: string,
    readonly actual: string,
    message?: string,
  ) {
    super('concurrency.conflict', message ?? `stream ${stream}: expected version ${expected}, actual ${actual}`, {
      stream,
      expected,
      actual,
    });
  }
}

/**
 * A refusal at the protocol level that the kinds above do not cover (a body
 * too large, an unsupported encoding, a dependency that is down). It carries
 * its own status so toProblem stays the only mapping.
 */
export class RequestRefused extends DomainError {
  readonly kind = 'request_refused' as const;
  constructor(
    readonly status: number,
    code: string,
    readonly title: string,
    message: string,
    params: ErrorParams = {},
  ) {
    super(code, message, params);
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
