import { notifierSuite } from './notifier.suite';

notifierSuite('postgres');
