import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { markets, type Market } from '@buyloop/kit';

export const modes = ['development', 'production', 'test'] as const;
export type Mode = (typeof modes)[number];

/** Where events are kept; exactly one engine per process (DESIGN.md section 2). */
export type EventStoreTarget =
  | { readonly kind: 'eventstoredb'; readonly url: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema: string }
  | { readonly kind: 'pglite'; readonly dataDir: string; readonly schema: string };

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly market: Market;
  readonly mode: Mode;
  /** Absolute path of the PGlite data directory (used only when no server URL is set). */
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly eventStoreUrl: string | undefined;
  readonly mongodbUrl: string | undefined;
  readonly eventStoreSchema: string;
  readonly eventStore: EventStoreTarget;
  /** 'inline': the API process runs the projections; 'off': a separate `pnpm projector` worker does. */
  readonly projector: 'inline' | 'off';
  /** smtp:// or smtps:// server for outgoing mail; unset: an embedded SMTP catcher that logs what it receives. */
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** Where customers reach the shop: links in e-mails point there. */
  readonly publicUrl: string;
  /** Load the demo users (one per role) at start; refused in production. */
  readonly demoData: boolean;
  /** Express's `trust proxy`: which proxies may tell the client's address and protocol; undefined trusts none. */
  readonly trustProxy: string | number | undefined;
}

export type ConfigResult = { readonly ok: true; readonly config: Config } | { readonly ok: false; readonly errors: string[] };

export type Env = Readonly<Record<string, string | undefined>>;

export interface ParseConfigOptions {
  /** Directory relative DATA_DIR values are resolved against; defaults to the repository root. */
  readonly root?: string;
}

/** The repository root (holder of pnpm-workspace.yaml), so paths do not depend on which folder pnpm ran us from. */
export function findRepoRoot(start: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

/** Start-up messages are read by operators and land in logs: never echo a password. */
export const redactUrlPassword = (value: string): string => value.replace(/(\/\/[^/@:]*:)[^/]*@/, '$1***@');

const parsesAsUrlWith =
  (protocols: readonly string[]) =>
  (value: string): boolean => {
    try {
      const url = new URL(value);
      return protocols.includes(url.protocol) && url.host !== '';
    } catch {
      return false;
    }
  };

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

interface Variable<T> {
  readonly name: string;
  /** Completes "NAME must be …"; says what a good value looks like. */
  readonly expected: string;
  readonly schema: z.ZodType<T>;
  /** Secrets inside the value are masked before it is shown. */
  readonly secret?: boolean;
  /** A key: never shown, not even in part. */
  readonly hidden?: boolean;
}

const variables = {
  port: {
    name: 'PORT',
    expected: 'a whole number 1-65535',
    schema: z
      .string()
      .regex(/^\d{1,5}$/)
      .transform(Number)
      .pipe(z.number().int().min(1).max(65535)),
  },
  host: {
    name: 'HOST',
    expected: 'a host name or IP address to listen on, such as 127.0.0.1, 0.0.0.0 or ::',
    schema: z.string().regex(/^[A-Za-z0-9._:%-]{1,253}$/),
  },
  market: {
    name: 'MARKET',
    expected: `one of ${markets.join(', ')}`,
    schema: z.enum(markets),
  },
  mode: {
    name: 'BUYLOOP_MODE',
    expected: `one of ${modes.join(', ')}`,
    schema: z.enum(modes),
  },
  dataDir: {
    name: 'DATA_DIR',
    expected: 'a directory path (relative paths are taken from the repository root)',
    // A NUL byte is the one character no file system accepts; everything else is the OS's to judge.
    schema: z.string().regex(/^[^\0]+$/),
  },
  databaseUrl: {
    name: 'DATABASE_URL',
    expected: 'a postgres:// or postgresql:// URL (e.g. postgres://user:password@localhost:5432/buyloop)',
    schema: z.string().refine(parsesAsUrlWith(['postgres:', 'postgresql:'])),
    secret: true,
  },
  eventStoreUrl: {
    name: 'EVENTSTORE_URL',
    expected: 'an esdb:// or kurrentdb:// URL (or their +discover forms), e.g. esdb://localhost:2113?tls=false',
    schema: z.string().refine(parsesAsUrlWith(['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:'])),
    secret: true,
  },
  mongodbUrl: {
    name: 'MONGODB_URL',
    expected: 'a mongodb:// or mongodb+srv:// URL (e.g. mongodb://localhost:27017/buyloop)',
    schema: z.string().refine(parsesAsUrlWith(['mongodb:', 'mongodb+srv:'])),
    secret: true,
  },
  projector: {
    name: 'PROJECTOR',
    expected: "'inline' (the API runs the projections) or 'off' (a separate `pnpm projector` worker does)",
    schema: z.enum(['inline', 'off']),
  },
  smtpUrl: {
    name: 'SMTP_URL',
    expected: 'an smtp:// or smtps:// URL (e.g. smtp://user:password@mail.example.cz:587)',
    schema: z.string().refine(parsesAsUrlWith(['smtp:', 'smtps:'])),
    secret: true,
  },
  mailFrom: {
    name: 'MAIL_FROM',
    expected: 'a sender address, e.g. "Buyloop <obchod@buyloop.cz>"',
    schema: z.string().min(3).max(300).regex(/@/),
  },
  publicUrl: {
    name: 'PUBLIC_URL',
    expected: 'an http:// or https:// URL where customers reach the shop',
    schema: z.string().refine(parsesAsUrlWith(['http:', 'https:'])),
  },
  trustProxy: {
    name: 'TRUST_PROXY',
    expected:
      "the number of proxies in front of the API (e.g. 1), or 'loopback', 'uniquelocal' or comma-separated proxy addresses",
    schema: z.string().regex(/^(\d{1,2}|[A-Za-z0-9.:/, ]{1,500})$/),
  },
  demoData: {
    name: 'DEMO_DATA',
    expected: "'on' or 'off'",
    schema: z.enum(['on', 'off']),
  },
  eventStoreSchema: {
    name: 'EVENT_STORE_SCHEMA',
    expected: 'a lower-case SQL schema name: a-z, 0-9 and _, not starting with a digit, at most 63 characters',
    schema: z.string().regex(SCHEMA_NAME),
  },
} satisfies Record<string, Variable<unknown>>;

/**
 * Reads the configuration from `env` without touching the process: either a
 * complete config or every problem at once, so an operator fixes them in one go.
 */
export function parseConfig(env: Env, options: ParseConfigOptions = {}): ConfigResult {
  const errors: string[] = [];

  // Blank counts as unset: compose files and .env templates leave `NAME=` lines behind.
  const raw = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };

  function read<T>(variable: Variable<T>, fallback: string, sourceName?: string): T;
  function read<T>(variable: Variable<T>, fallback: undefined, sourceName?: string): T | undefined;
  function read<T>(variable: Variable<T>, fallback: string | undefined, sourceName = variable.name): T | undefined {
    const given = raw(sourceName);
    const value = given ?? fallback;
    if (value === undefined) return undefined;
    const parsed = variable.schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const shown = variable.hidden ? '(hidden)' : variable.secret ? redactUrlPassword(value) : value;
    errors.push(`${sourceName} must be ${variable.expected}, got ${JSON.stringify(shown)}`);
    return undefined;
  }

  const port = read(variables.port, '3000');
  const host = read(variables.host, '127.0.0.1');
  const market = read(variables.market, 'cz');
  // BUYLOOP_MODE exists because tools (test runners, bundlers) set NODE_ENV on their own; the explicit one wins.
  const mode =
    raw('BUYLOOP_MODE') !== undefined
      ? read(variables.mode, undefined, 'BUYLOOP_MODE')
      : read(variables.mode, 'development', 'NODE_ENV');
  const dataDirRaw = read(variables.dataDir, '.data/pglite');
  const databaseUrl = read(variables.databaseUrl, undefined);
  const eventStoreUrl = read(variables.eventStoreUrl, undefined);
  const mongodbUrl = read(variables.mongodbUrl, undefined);
  const eventStoreSchema = read(variables.eventStoreSchema, 'event_store');
  const projector = read(variables.projector, 'inline');
  const smtpUrl = read(variables.smtpUrl, undefined);
  const mailFrom = read(variables.mailFrom, 'Buyloop <obchod@buyloop.invalid>');
  const demoData = read(variables.demoData, mode === 'production' ? 'off' : 'on');
  const trustProxyRaw = read(variables.trustProxy, undefined);
  const trustProxy =
    trustProxyRaw === undefined ? undefined : /^\d+$/.test(trustProxyRaw) ? Number(trustProxyRaw) : trustProxyRaw;
  if (demoData === 'on' && mode === 'production')
    errors.push('DEMO_DATA must be off in production: the demo users have published passwords');
  // The embedded catcher writes mail, reset links included, to the log: fine on a developer's machine only.
  if (mode === 'production' && smtpUrl === undefined)
    errors.push('SMTP_URL must be set in production: customers must receive their e-mails');

  if (
    errors.length > 0 ||
    port === undefined ||
    host === undefined ||
    market === undefined ||
    mode === undefined ||
    dataDirRaw === undefined ||
    eventStoreSchema === undefined ||
    projector === undefined ||
    mailFrom === undefined ||
    demoData === undefined
  ) {
    return { ok: false, errors };
  }

  const publicUrl = read(variables.publicUrl, `http://${host.includes(':') ? `[${host}]` : host}:${port}`);
  if (publicUrl === undefined) return { ok: false, errors };
  const root = options.root ?? findRepoRoot();
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(root, dataDirRaw);
  const eventStore: EventStoreTarget = eventStoreUrl
    ? { kind: 'eventstoredb', url: eventStoreUrl }
    : databaseUrl
      ? { kind: 'postgres', url: databaseUrl, schema: eventStoreSchema }
      : { kind: 'pglite', dataDir, schema: eventStoreSchema };

  return {
    ok: true,
    config: {
      port,
      host,
      market,
      mode,
      dataDir,
      databaseUrl,
      eventStoreUrl,
      mongodbUrl,
      eventStoreSchema,
      eventStore,
      projector,
      smtpUrl,
      mailFrom,
      publicUrl,
      demoData: demoData === 'on',
      trustProxy,
    },
  };
}

/** For the process entry point: a bad setting ends the process with the reasons, not a stack trace. */
export function loadConfig(env: Env = process.env): Config {
  const result = parseConfig(env);
  if (result.ok) return result.config;
  process.stderr.write(
    `Buyloop cannot start: the configuration is invalid.\n${result.errors.map((e) => `  - ${e}`).join('\n')}\n`,
  );
  process.exit(1);
}

/** Where the events live, for logs and the status page; passwords masked. */
export function describeEventStoreTarget(target: EventStoreTarget): string {
  switch (target.kind) {
    case 'eventstoredb':
      return `EventStoreDB at ${redactUrlPassword(target.url)}`;
    case 'postgres':
      return `PostgreSQL at ${redactUrlPassword(target.url)} (schema ${target.schema})`;
    case 'pglite':
      return `PGlite in ${target.dataDir} (schema ${target.schema})`;
  }
}
