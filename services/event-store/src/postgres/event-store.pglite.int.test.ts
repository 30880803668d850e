import { eventStoreContract } from '../contract';
import { postgresSubject } from './test-subject';

eventStoreContract('pglite', () => postgresSubject('pglite'));
