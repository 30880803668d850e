import type { ParseArgsConfig } from 'node:util';
import type { DeciderRegistry } from './decider-registry';
import type { OpenedStore } from './open-store';

/** Where a command writes. `out` may be slow (a pipe to `less`): awaiting it is the back-pressure. */
export interface Io {
  out(text: string): void | Promise<void>;
  err(text: string): void;
}

/** What node:util parseArgs takes as `options`. */
export type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

type OptionValue<T> = T extends { readonly type: 'boolean' } ? boolean : string;

/** Parsed option values: absent when not given (defaults are the command's to apply, so its help can state them). */
export type OptionValues<O extends ParseArgsOptionsConfig> = { readonly [K in keyof O]?: OptionValue<O[K]> };

export interface CommandContext<O extends ParseArgsOptionsConfig, A extends string> {
  /** The positional arguments, by the names the command declared; all present. */
  readonly args: Readonly<Record<A, string>>;
  readonly options: OptionValues<O>;
  readonly io: Io;
  /** Aborted on Ctrl-C (or a closed pipe): stop soon, and let the runner close the store. */
  readonly signal: AbortSignal;
  readonly deciders: DeciderRegistry;
  /** The environment the configuration is read from, as for the API. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Opens the configured event store on first call; the runner closes it, whatever happens. */
  eventStore(): Promise<OpenedStore>;
}

export interface CommandSpec<O extends ParseArgsOptionsConfig, A extends string> {
  /** `area:verb`, as typed after `pnpm ops`. */
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** Required positional arguments, in order. */
  readonly arguments: readonly { readonly name: A; readonly description: string }[];
  /** node:util parseArgs options; `--help` is added to every command. */
  readonly options: O;
  readonly optionHelp: { readonly [K in keyof O]: { readonly value?: string; readonly description: string } };
  /** Paragraphs for `--help` after the usage line. */
  readonly details: string;
  /** Resolves to the exit code; throws UsageError (2) or anything else (1). */
  run(context: CommandContext<O, A>): Promise<number>;
}

/** A command as the table holds it, whatever its option shape. */
export type Command = CommandSpec<ParseArgsOptionsConfig, string>;

/** Keeps each command's option and argument names typed inside its own `run`. */
export const defineCommand = <const O extends ParseArgsOptionsConfig, const A extends string = never>(
  spec: CommandSpec<O, A>,
): Command => spec;
