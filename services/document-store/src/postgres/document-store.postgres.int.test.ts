import { documentStoreContract } from '../contract';
import { postgresAdapterSuite } from './adapter-suite';
import { postgresSubject } from './test-subject';

// Left out of the run by vitest.config.ts (and named as not run) when DATABASE_URL is unset.
documentStoreContract('postgres', () => postgresSubject('postgres'));
postgresAdapterSuite('postgres', () => postgresSubject('postgres'));
