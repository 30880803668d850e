import type { EventStore } from '../port';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

export { EventStoreDbEventStore } from './eventstoredb-event-store';

/**
 * The event store on an EventStoreDB / KurrentDB server or cluster, e.g.
 * `esdb://localhost:2113?tls=false` (EVENTSTORE_URL). Resolves once the server
 * has answered a read of `$all`; engine name 'eventstoredb'.
 */
export function createEventStoreDbEventStore(connectionString: string): Promise<EventStore> {
  return EventStoreDbEventStore.connect(connectionString);
}
