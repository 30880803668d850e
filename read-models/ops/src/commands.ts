import type { Command } from './command';
import { eventsState, eventsStream, eventsTail } from './events';

/**
 * Every command of `pnpm ops`, in the order `pnpm ops --help` lists them.
 * A new command is a `defineCommand({...})` (see events.ts) added here: the
 * runner gives it argument checks, `--help` and exit codes.
 */
export const commands: readonly Command[] = [
  eventsStream,
  eventsTail,
  eventsState,
  // Projections (with the projector): projections:status, projections:rebuild,
  // projections:pause, projections:resume, projections:reset.
];
