import type { CommandGroup } from './command';
import { eventCommands } from './events';
import { projectionCommands } from './projections';
import { userCommands } from './users';

/**
 * Every command group of `pnpm ops`, in the order `pnpm ops --help` lists
 * their commands. A bounded context contributes its commands by exporting a
 * CommandGroup (see command.ts) and adding it here.
 */
export const commandGroups: readonly CommandGroup[] = [eventCommands, projectionCommands, userCommands];
