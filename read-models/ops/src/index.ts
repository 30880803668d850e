export { runCli, PROGRAM } from './run';
export type { RunOptions } from './run';
export { commandGroups } from './commands';
export type { CommandGroup, Io, OpsContext } from './command';
export { deciderRegistry, categoryOf } from './decider-registry';
export type { DeciderRegistry, RegisteredDecider } from './decider-registry';
export { EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, OpsError, UsageError } from './errors';
export { openOpsStore, assertPgliteFree } from './open-store';
export { eventAsJson, eventLine, formatEvent, toJson } from './format';
