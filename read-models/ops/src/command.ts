import type { Command } from 'commander';
import type { DeciderRegistry } from './decider-registry';
import type { OpenedStore } from './open-store';

/** Where a command writes. `out` may be slow (a pipe to `less`): awaiting it is the back-pressure. */
export interface Io {
  out(text: string): void | Promise<void>;
  err(text: string): void;
}

/** What one run of `pnpm ops` gives every command, besides its own arguments and options. */
export interface OpsContext {
  readonly io: Io;
  /** Aborted on Ctrl-C (or a closed pipe): stop soon, and let the runner close the store. */
  readonly signal: AbortSignal;
  readonly deciders: DeciderRegistry;
  /** The environment the configuration is read from, as for the API. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Opens the configured event store on first call; the runner closes it, whatever happens. */
  eventStore(): Promise<OpenedStore>;
  /**
   * Turns a handler into a commander `.action()`. Commander passes the
   * declared arguments in order, then the options object. The handler
   * resolves to the exit code; throwing UsageError means 2, anything else 1.
   */
  action<A extends unknown[]>(handler: (...args: A) => Promise<number>): (...args: A) => Promise<void>;
}

/**
 * A set of commands (an area such as `events:*`, or a bounded context's own)
 * that adds itself to the `pnpm ops` program: `program.command('area:verb')`
 * with `.summary()` (one line for the command list), `.description()`
 * (paragraphs for its `--help`), `.argument()`, `.option()` and
 * `.action(ops.action(…))`. The runner gives every command `--help`, the
 * usage checks and the exit codes; a group only declares and runs.
 */
export type CommandGroup = (program: Command, ops: OpsContext) => void;
