/**
 * A reason the service cannot start that the operator can fix (a setting, a
 * missing server, a busy port). main.ts prints its message alone: a stack
 * trace would only hide the sentence that says what to do.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

export const describeCause = (error: unknown): string => {
  if (error instanceof AggregateError && error.errors.length > 0) return describeCause(error.errors[0]);
  if (error instanceof Error) {
    const code =
      'code' in error && typeof error.code === 'string' && !error.message.includes(error.code) ? `${error.code}: ` : '';
    // gRPC appends an empty "Resolution note:" that only makes the sentence look cut off.
    return `${code}${error.message}`.replace(/\s*Resolution note:\s*$/, '').trim() || error.name;
  }
  return String(error);
};
