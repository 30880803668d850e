import { notifierSuite } from '@buyloop/buy-back/notifier-suite';
import { ProcessManagerRunner, processManagerStorage } from '@buyloop/projector';

notifierSuite('postgres', { storage: processManagerStorage, run: (options) => new ProcessManagerRunner(options) });
