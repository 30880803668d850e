import { notifierSuite } from './notifier.suite';

notifierSuite('pglite');
