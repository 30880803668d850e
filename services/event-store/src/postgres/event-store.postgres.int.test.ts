import { eventStoreContract } from '../contract';
import { postgresSubject } from './test-subject';

// Left out of the run by vitest.config.ts (and named as not run) when DATABASE_URL is unset.
eventStoreContract('postgres', () => postgresSubject('postgres'));
