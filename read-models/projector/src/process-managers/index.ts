export { DocumentOutbox } from './outbox';
export { ProcessManagerRunner, type ProcessManagerRole, type ProcessManagerRunnerOptions } from './runner';
export {
  assertProcessManager,
  PROCESS_MANAGER_STATE_COLLECTION,
  processManagerStorage,
  type ProcessManagerState,
  type ProcessManagerStorage,
} from './storage';
