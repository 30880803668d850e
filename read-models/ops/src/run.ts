import { Command, CommanderError } from 'commander';
import type { CommandGroup, Io, OpsContext } from './command';
import { commandGroups as defaultCommandGroups } from './commands';
import { deciderRegistry, type DeciderRegistry } from './decider-registry';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, OpsError, UsageError } from './errors';
import { formatHelp, PROGRAM } from './help';
import { openOpsStore, type Env, type OpenedStore } from './open-store';

export { PROGRAM } from './help';

export interface RunOptions {
  readonly io: Io;
  /** The environment the configuration is read from (DATA_DIR, DATABASE_URL, …), as for the API. */
  readonly env: Env;
  readonly signal?: AbortSignal;
  readonly deciders?: DeciderRegistry;
  /** The commands, in the order the command list shows them; default: every group in commands.ts. */
  readonly commandGroups?: readonly CommandGroup[];
}

/**
 * The program for one run. Settings made here before the groups add their
 * commands are inherited by every command (help, output, exit override, no
 * excess arguments).
 */
function createProgram(groups: readonly CommandGroup[], context: OpsContext, writeOut: (text: string) => void): Command {
  const program = new Command(PROGRAM)
    .exitOverride()
    .configureOutput({
      writeOut,
      writeErr: (text) => context.io.err(text),
      // Errors are reported by runCli, in the words and with the exit codes of `pnpm ops`.
      outputError: () => undefined,
    })
    .configureHelp({ formatHelp })
    .helpOption('-h, --help', 'show this help')
    .helpCommand(false)
    .allowExcessArguments(false);
  for (const addGroup of groups) addGroup(program, context);

  // What is not a command lands here: nothing, `help [command]`, or a typing mistake (options included).
  program
    .argument('[command]')
    .argument('[arguments...]')
    .allowUnknownOption()
    .action(
      context.action(async (name: string | undefined, rest: string[]) => {
        const { io } = context;
        if (name === undefined) {
          io.err(`${program.helpInformation()}\n${PROGRAM}: no command given.\n`);
          return EXIT_USAGE;
        }
        if (name === 'help') {
          const about = program.commands.find((c) => c.name() === rest[0]);
          await io.out((about ?? program).helpInformation());
          return EXIT_OK;
        }
        const known = program.commands.map((c) => c.name()).join(', ');
        io.err(`${PROGRAM}: unknown command ${JSON.stringify(name)}. Commands: ${known}. Run \`${PROGRAM} --help\`.\n`);
        return EXIT_USAGE;
      }),
    );
  return program;
}

/** Commander's parse errors, as sentences in the style of the commands' own usage errors. */
function usageMessage(error: CommanderError, command: Command): string {
  switch (error.code) {
    case 'commander.missingArgument':
      return `missing ${command.registeredArguments
        .filter((a) => a.required)
        .slice(command.args.length)
        .map((a) => `<${a.name()}>`)
        .join(' ')}`;
    case 'commander.excessArguments':
      return `unexpected argument ${command.args
        .slice(command.registeredArguments.length)
        .map((a) => JSON.stringify(a))
        .join(' ')}`;
    case 'commander.missingMandatoryOptionValue': {
      const missing = command.options.filter((o) => o.mandatory && command.getOptionValue(o.attributeName()) === undefined);
      return `${missing.map((o) => o.long ?? o.short).join(', ')} is required`;
    }
    default: {
      // Unknown options (with commander's "did you mean"), option values missing, …
      const sentence = error.message.replace(/^error: /, '');
      return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`;
    }
  }
}

/**
 * Runs one `pnpm ops` command line and resolves to its exit code. Never throws
 * and never exits the process: cli.ts owns the process, tests call this.
 */
export async function runCli(argv: readonly string[], options: RunOptions): Promise<number> {
  const { io } = options;
  let exitCode = EXIT_OK;
  let opened: OpenedStore | undefined;
  let opening: Promise<OpenedStore> | undefined;
  const writes: Promise<void>[] = [];
  const context: OpsContext = {
    io,
    env: options.env,
    signal: options.signal ?? new AbortController().signal,
    deciders: options.deciders ?? deciderRegistry,
    eventStore: () => {
      opening ??= openOpsStore(options.env).then((store) => (opened = store));
      return opening;
    },
    action:
      (handler) =>
      async (...args) => {
        exitCode = await handler(...args);
      },
  };
  // Commander writes help synchronously; the writes are awaited before resolving, for the back-pressure.
  const program = createProgram(options.commandGroups ?? defaultCommandGroups, context, (text) => {
    writes.push(Promise.resolve(io.out(text)));
  });
  let running: Command | undefined;
  program.hook('preSubcommand', (_program, command) => {
    running = command;
  });

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (caught) {
    // Help was printed: asked for (`--help`, `-h`), or instead of an error (a group with nested commands, given none).
    if (caught instanceof CommanderError && caught.code.startsWith('commander.help'))
      return caught.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    const error =
      caught instanceof CommanderError ? new UsageError(usageMessage(caught, running ?? program), running?.name()) : caught;
    if (error instanceof UsageError) {
      const helpFor = error.command === undefined ? '' : ` ${error.command}`;
      io.err(`${PROGRAM}${helpFor}: ${error.message}\nRun \`${PROGRAM}${helpFor} --help\` for usage.\n`);
      return EXIT_USAGE;
    }
    const commandName = running === undefined ? '' : ` ${running.name()}`;
    if (error instanceof OpsError) {
      io.err(`${PROGRAM}${commandName}: ${error.message}\n`);
      return EXIT_FAILED;
    }
    // A bug or an engine failure: the stack is what someone fixing it needs.
    io.err(`${PROGRAM}${commandName} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return EXIT_FAILED;
  } finally {
    await Promise.all(writes);
    // Always closed: PGlite flushes and releases its data directory only on close.
    await opened?.store.close().catch((error: unknown) => {
      io.err(`${PROGRAM}: closing the event store failed: ${error instanceof Error ? error.message : String(error)}\n`);
    });
  }
}
