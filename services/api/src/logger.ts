import { pino, stdSerializers, type DestinationStream, type LevelWithSilent } from 'pino';
import { prettyFactory } from 'pino-pretty';
import { redactSecrets } from '@buyloop/mail';
import type { LogFields, Logger } from '@buyloop/kit';

export type { LogFields, Logger };

/**
 * Fields never written to the log, at any of the first three levels of what
 * is logged: bearer secrets (passwords, tokens, cookies, keys) and the
 * personal data a request or an event may carry. The log is read by more
 * people, and kept longer, than either deserves.
 */
const SECRET_FIELDS = [
  'password',
  'current_password',
  'new_password',
  'password_confirmation',
  'passwordHash',
  'token',
  'tokenHash',
  'access_token',
  'accessToken',
  'csrf',
  'csrf_token',
  'cookie',
  'authorization',
  'secret',
  'personalDataKey',
  'opsToken',
];
const PERSONAL_FIELDS = [
  'email',
  'e_mail',
  'first_name',
  'last_name',
  'degree_before_name',
  'phone_number',
  'birth_date',
  'street',
  'city',
  'postcode',
  'personal',
  'addresses',
];
/** The paths pino redacts for these field names: the field itself and the same name two levels down. */
export const redactedPaths = (fields: readonly string[]): string[] =>
  [...new Set(fields)].flatMap((field) => [field, `*.${field}`, `*.*.${field}`]);

/** The platform's own list; each module adds the fields of its context (Module.logRedactions). */
export const REDACTED_PATHS: readonly string[] = redactedPaths([...SECRET_FIELDS, ...PERSONAL_FIELDS]);

export type LogFormat = 'pretty' | 'json';

export interface ConsoleLoggerOptions {
  /** 'pretty': one readable line per entry (development); 'json': one JSON object per line (production, log shippers). */
  readonly format?: LogFormat;
  readonly level?: LevelWithSilent;
  /** Info and debug go here (stdout unless told). */
  readonly out?: DestinationStream;
  /** Warnings and errors go here (stderr unless told), as process supervisors expect. */
  readonly err?: DestinationStream;
  /** Field names of the modules' personal data and secrets, redacted beside the platform's own. */
  readonly redact?: readonly string[];
  /** Where the defaults are read from: LOG_FORMAT, LOG_LEVEL, BUYLOOP_MODE / NODE_ENV. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

const LEVELS: readonly LevelWithSilent[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** JSON in production, readable lines elsewhere; LOG_FORMAT and LOG_LEVEL override. */
function defaults(env: Readonly<Record<string, string | undefined>>): { format: LogFormat; level: LevelWithSilent } {
  const mode = env.BUYLOOP_MODE ?? env.NODE_ENV;
  const format =
    env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : mode === 'production' ? 'json' : 'pretty';
  const level = LEVELS.find((l) => l === env.LOG_LEVEL) ?? 'info';
  return { format, level };
}

/** A destination that writes pino's JSON lines as pino-pretty's readable ones. */
function prettified(target: DestinationStream, colorize: boolean): DestinationStream {
  const prettify = prettyFactory({ colorize, translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l', ignore: 'pid,hostname' });
  return { write: (line: string) => void target.write(prettify(line)) };
}

/** Whatever shape a log field takes, the secrets of links in its strings are redacted too. */
function scrubStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubStrings(item, depth + 1));
  // Only plain objects are rebuilt: an Error, a Date or a Buffer keeps its own shape for the serializers.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubStrings(item, depth + 1)]));
}

/**
 * The product's log, through pino: fields by path redacted (REDACTED_PATHS),
 * the secrets of links in messages and string fields redacted, errors with
 * their message and stack, bigints as numbers. Info and debug to stdout,
 * problems to stderr.
 */
export function consoleLogger(options: ConsoleLoggerOptions = {}): Logger {
  const fallback = defaults(options.env ?? process.env);
  const format = options.format ?? fallback.format;
  const out = options.out ?? pino.destination({ dest: 1, sync: true });
  const err = options.err ?? pino.destination({ dest: 2, sync: true });
  const streams =
    format === 'pretty'
      ? [
          { level: 'trace' as const, stream: prettified(out, !options.out && process.stdout.isTTY) },
          { level: 'warn' as const, stream: prettified(err, !options.err && process.stderr.isTTY) },
        ]
      : [
          { level: 'trace' as const, stream: out },
          { level: 'warn' as const, stream: err },
        ];
  const log = pino(
    {
      level: options.level ?? fallback.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: [...new Set([...REDACTED_PATHS, ...redactedPaths(options.redact ?? [])])], censor: '[redacted]' },
      serializers: { error: stdSerializers.err, err: stdSerializers.err },
      formatters: { level: (label) => ({ level: label }) },
    },
    pino.multistream(streams, { dedupe: true }),
  );
  const write = (level: 'info' | 'warn' | 'error') => (message: string, fields?: LogFields) =>
    log[level]((fields ? scrubStrings(fields) : {}) as object, redactSecrets(message));
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

/** For tests that exercise failure paths and do not want to print them. */
export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
