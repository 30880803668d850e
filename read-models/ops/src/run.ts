import { parseArgs } from 'node:util';
import type { Command, Io, OptionValues, ParseArgsOptionsConfig } from './command';
import { commands as defaultCommands } from './commands';
import { deciderRegistry, type DeciderRegistry } from './decider-registry';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, OpsError, UsageError } from './errors';
import { openOpsStore, type Env, type OpenedStore } from './open-store';

export const PROGRAM = 'pnpm ops';

export interface RunOptions {
  readonly io: Io;
  /** The environment the configuration is read from (DATA_DIR, DATABASE_URL, …), as for the API. */
  readonly env: Env;
  readonly signal?: AbortSignal;
  readonly deciders?: DeciderRegistry;
  readonly commands?: readonly Command[];
}

const isHelp = (arg: string | undefined): boolean => arg === '--help' || arg === '-h' || arg === 'help';

export function commandListHelp(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    "Buyloop operators' tools.",
    '',
    `Usage: ${PROGRAM} <command> [arguments] [options]`,
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    `Run \`${PROGRAM} <command> --help\` for a command's arguments and options.`,
    'The event store is found from the same settings as the API: EVENTSTORE_URL, else DATABASE_URL, else the',
    'embedded PGlite database in DATA_DIR (default .data/pglite; stop the API first, PGlite allows one process).',
    'Exit codes: 0 done, 1 failed, 2 wrong usage.',
    '',
  ].join('\n');
}

export function commandHelp(command: Command): string {
  const options = [
    ...Object.entries(command.options).map(([name, config]) => {
      const help = command.optionHelp[name];
      const short = config.short === undefined ? '    ' : `-${config.short}, `;
      return { flag: `${short}--${name}${help?.value === undefined ? '' : ` ${help.value}`}`, text: help?.description ?? '' };
    }),
    { flag: '-h, --help', text: 'show this help' },
  ];
  const args = command.arguments.map((a) => ({ flag: `<${a.name}>`, text: a.description }));
  const width = Math.max(...[...options, ...args].map((o) => o.flag.length));
  const rows = (list: readonly { flag: string; text: string }[]) => list.map((o) => `  ${o.flag.padEnd(width)}  ${o.text}`);
  return [
    `Usage: ${PROGRAM} ${[command.name, ...command.arguments.map((a) => `<${a.name}>`)].join(' ')} [options]`,
    '',
    `${command.summary[0]?.toUpperCase() ?? ''}${command.summary.slice(1)}.`,
    '',
    command.details,
    '',
    ...(args.length > 0 ? ['Arguments:', ...rows(args), ''] : []),
    'Options:',
    ...rows(options),
    '',
  ].join('\n');
}

/** Node's parseArgs errors are already sentences; only its error code marks them as the operator's mistake. */
const isParseArgsError = (error: unknown): error is Error & { code: string } =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('ERR_PARSE_ARGS_');

/**
 * Runs one `pnpm ops` command line and resolves to its exit code. Never throws
 * and never exits the process: cli.ts owns the process, tests call this.
 */
export async function runCli(argv: readonly string[], options: RunOptions): Promise<number> {
  const { io } = options;
  const commands = options.commands ?? defaultCommands;
  const [name, ...rest] = argv;

  if (name === undefined) {
    io.err(`${commandListHelp(commands)}\n${PROGRAM}: no command given.\n`);
    return EXIT_USAGE;
  }
  if (isHelp(name)) {
    const about = rest[0] === undefined ? undefined : commands.find((c) => c.name === rest[0]);
    await io.out(about ? commandHelp(about) : commandListHelp(commands));
    return EXIT_OK;
  }
  const command = commands.find((c) => c.name === name);
  if (command === undefined) {
    const known = commands.map((c) => c.name).join(', ');
    io.err(`${PROGRAM}: unknown command ${JSON.stringify(name)}. Commands: ${known}. Run \`${PROGRAM} --help\`.\n`);
    return EXIT_USAGE;
  }

  let opened: OpenedStore | undefined;
  let opening: Promise<OpenedStore> | undefined;
  try {
    if (rest.some((arg) => arg === '--help' || arg === '-h')) {
      await io.out(commandHelp(command));
      return EXIT_OK;
    }
    const parsed = (() => {
      try {
        return parseArgs({ args: [...rest], options: command.options, allowPositionals: true, strict: true });
      } catch (error) {
        if (isParseArgsError(error)) throw new UsageError(error.message, command.name);
        throw error;
      }
    })();
    const expected = command.arguments;
    const missing = expected.slice(parsed.positionals.length);
    if (missing.length > 0) {
      throw new UsageError(`missing ${missing.map((a) => `<${a.name}>`).join(' ')}`, command.name);
    }
    const extra = parsed.positionals.slice(expected.length);
    if (extra.length > 0) {
      throw new UsageError(`unexpected argument ${extra.map((a) => JSON.stringify(a)).join(' ')}`, command.name);
    }
    const args = Object.fromEntries(expected.map((a, i) => [a.name, parsed.positionals[i] ?? '']));

    return await command.run({
      args,
      // parseArgs types values loosely for an erased option table; each command's `options` config made them.
      options: parsed.values as OptionValues<ParseArgsOptionsConfig>,
      io,
      signal: options.signal ?? new AbortController().signal,
      deciders: options.deciders ?? deciderRegistry,
      env: options.env,
      eventStore: () => {
        opening ??= openOpsStore(options.env).then((store) => (opened = store));
        return opening;
      },
    });
  } catch (error) {
    if (error instanceof UsageError) {
      const helpFor = error.command === undefined ? '' : ` ${error.command}`;
      io.err(`${PROGRAM}${helpFor}: ${error.message}\nRun \`${PROGRAM}${helpFor} --help\` for usage.\n`);
      return EXIT_USAGE;
    }
    if (error instanceof OpsError) {
      io.err(`${PROGRAM} ${command.name}: ${error.message}\n`);
      return EXIT_FAILED;
    }
    // A bug or an engine failure: the stack is what someone fixing it needs.
    io.err(`${PROGRAM} ${command.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return EXIT_FAILED;
  } finally {
    // Always closed: PGlite flushes and releases its data directory only on close.
    await opened?.store.close().catch((error: unknown) => {
      io.err(`${PROGRAM}: closing the event store failed: ${error instanceof Error ? error.message : String(error)}\n`);
    });
  }
}
