import { documentStoreContract } from '../contract';
import { postgresAdapterSuite } from './adapter-suite';
import { postgresSubject } from './test-subject';

documentStoreContract('pglite', () => postgresSubject('pglite'));
postgresAdapterSuite('pglite', () => postgresSubject('pglite'));
