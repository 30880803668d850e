export { DocumentOutbox } from './outbox';
export { ProcessManagerRunner, type ProcessManagerRole, type ProcessManagerRunnerOptions } from './runner';
export {
  assertProcessManager,
  outboxDefinition,
  PROCESS_MANAGER_STATE_COLLECTION,
  processManagerStorage,
  type ProcessManagerState,
  type ProcessManagerStorage,
} from './storage';
