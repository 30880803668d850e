import type { LogFields, Logger } from '@buyloop/kit';

export type { LogFields, Logger };

/** Errors lose their message and stack under JSON.stringify; spell them out so the log is useful. */
const serialise = (fields: LogFields): string => {
  const plain: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    plain[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  }
  return JSON.stringify(plain, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
};

type Write = (line: string) => void;

/**
 * One line per entry: time, level and message readable at a glance, details as
 * JSON after them. Info goes to stdout and problems to stderr, as process
 * supervisors expect.
 */
export function consoleLogger(
  out: Write = (line) => process.stdout.write(`${line}\n`),
  err: Write = (line) => process.stderr.write(`${line}\n`),
): Logger {
  const log = (write: Write, level: string) => (message: string, fields?: LogFields) =>
    write(
      `${new Date().toISOString()} ${level} ${message}${fields && Object.keys(fields).length > 0 ? ` ${serialise(fields)}` : ''}`,
    );
  return { info: log(out, 'info'), warn: log(err, 'warn'), error: log(err, 'error') };
}

/** For tests that exercise failure paths and do not want to print them. */
export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
