import type { CollectionDefinition } from '@buyloop/document-store';
import type { ProcessManager } from '@buyloop/kit';

/*
 * Where the runner keeps a process manager's state: one checkpoint document
 * per manager in a collection of their own (never a projection's, so a
 * rebuild or a reset of read models cannot move it), an outbox collection
 * per manager, and a lease named apart from the projections' leases.
 */

/** One document per process manager, keyed by its name: the checkpoint, stamped with the fence of the runner holding it. */
export const PROCESS_MANAGER_STATE_COLLECTION = 'process_manager_state';

const NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const MAX_NAME = 40;

export interface ProcessManagerStorage {
  readonly lease: string;
  readonly stateCollection: string;
  readonly stateId: string;
  readonly outboxCollection: string;
}

export function processManagerStorage(name: string): ProcessManagerStorage {
  return {
    lease: `process-manager:${name}`,
    stateCollection: PROCESS_MANAGER_STATE_COLLECTION,
    stateId: name,
    outboxCollection: `${name.replaceAll('-', '_')}_outbox`,
  };
}

export function assertProcessManager(manager: Pick<ProcessManager, 'name' | 'handles'>): void {
  if (!NAME.test(manager.name) || manager.name.length > MAX_NAME)
    throw new Error(
      `Process manager name ${JSON.stringify(manager.name)} must be lower-case words joined by dashes, at most ${MAX_NAME} characters`,
    );
  if (manager.handles.length === 0) throw new Error(`Process manager ${manager.name} handles no event types`);
}

export interface ProcessManagerState {
  [key: string]: unknown;
  /** Where the subscription resumes; null before the first event. */
  readonly checkpoint: string | null;
  readonly position: string;
  readonly updated_at: string;
}

export const outboxDefinition = (collection: string): CollectionDefinition => ({
  name: collection,
  fields: {
    status: { path: 'status', type: 'string' },
    next_attempt_at: { path: 'next_attempt_at', type: 'date' },
    created_at: { path: 'created_at', type: 'date' },
    position: { path: 'position', type: 'number' },
    event_id: { path: 'event_id', type: 'string' },
  },
  indexes: [['status', 'next_attempt_at'], 'created_at', 'event_id'],
});

export const STATE_DEFINITION: CollectionDefinition = { name: PROCESS_MANAGER_STATE_COLLECTION, fields: {} };
