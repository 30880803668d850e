import type { Command, Help } from 'commander';

export const PROGRAM = 'pnpm ops';

interface Row {
  readonly term: string;
  readonly text: string;
}

const table = (rows: readonly Row[], width: number): string[] => rows.map((r) => `  ${r.term.padEnd(width)}  ${r.text}`);

function programHelp(program: Command): string {
  const commands = program.commands.map((c) => ({ term: c.name(), text: c.summary() }));
  return [
    "Buyloop operators' tools.",
    '',
    `Usage: ${PROGRAM} <command> [arguments] [options]`,
    '',
    'Commands:',
    ...table(commands, Math.max(...commands.map((c) => c.term.length))),
    '',
    `Run \`${PROGRAM} <command> --help\` for a command's arguments and options.`,
    'The event store is found from the same settings as the API: EVENTSTORE_URL, else DATABASE_URL, else the',
    'embedded PGlite database in DATA_DIR (default .data/pglite; stop the API first, PGlite allows one process).',
    'Exit codes: 0 done, 1 failed, 2 wrong usage.',
    '',
  ].join('\n');
}

function commandHelp(command: Command, helper: Help): string {
  const args = command.registeredArguments.map((a) => ({
    term: a.required ? `<${a.name()}>` : `[${a.name()}]`,
    text: a.description,
  }));
  // Long-only options line up under the long names of those with a short one.
  const options = helper
    .visibleOptions(command)
    .map((o) => ({ term: o.short === undefined ? `    ${o.flags}` : o.flags, text: o.description }));
  const width = Math.max(...[...args, ...options].map((row) => row.term.length));
  const summary = command.summary();
  return [
    `Usage: ${PROGRAM} ${[command.name(), ...args.map((a) => a.term)].join(' ')} [options]`,
    '',
    `${summary.charAt(0).toUpperCase()}${summary.slice(1)}.`,
    '',
    command.description(),
    '',
    ...(args.length > 0 ? ['Arguments:', ...table(args, width), ''] : []),
    'Options:',
    ...table(options, width),
    '',
  ].join('\n');
}

/** Commander's `formatHelp`: the command list for the program, usage and details for a command. */
export const formatHelp = (command: Command, helper: Help): string =>
  command.parent === null ? programHelp(command) : commandHelp(command, helper);
