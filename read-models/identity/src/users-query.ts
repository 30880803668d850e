import type { DocumentStore, Page, Query } from '@buyloop/document-store';
import type { UserSummary } from './users-projection';

/** Reads the `users` read model (the projector keeps it; this asks the collection serving now). */
export interface UsersQuery {
  find(query: Query): Promise<Page<UserSummary>>;
}

export const usersQuery = (documents: DocumentStore, activeCollection: () => Promise<string>): UsersQuery => ({
  find: async (query) => documents.find<UserSummary>(await activeCollection(), query),
});
