import type { Command } from './command';
import { eventsState, eventsStream, eventsTail } from './events';
import { usersCreate } from './users';
import { projectionsPause, projectionsRebuild, projectionsReset, projectionsResume, projectionsStatus } from './projections';

/**
 * Every command of `pnpm ops`, in the order `pnpm ops --help` lists them.
 * A new command is a `defineCommand({...})` (see events.ts) added here: the
 * runner gives it argument checks, `--help` and exit codes.
 */
export const commands: readonly Command[] = [
  eventsStream,
  eventsTail,
  eventsState,
  projectionsStatus,
  projectionsRebuild,
  projectionsPause,
  projectionsResume,
  projectionsReset,
  usersCreate,
];
