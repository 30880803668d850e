/**
 * The two ways a command fails, told apart by exit code so scripts can react:
 * the operator typed something wrong (2, nothing was touched), or the command
 * ran and could not finish (1). Both carry a sentence meant for the operator,
 * printed without a stack trace.
 */

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
/** Stopped by Ctrl-C before it finished (128 + SIGINT, as shells report it). */
export const EXIT_INTERRUPTED = 130;

export class UsageError extends Error {
  constructor(
    message: string,
    /** The command whose help the operator should read; undefined for the command list. */
    readonly command?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

export class OpsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OpsError';
  }
}
