import { processManagerRunnerSuite } from './runner.suite';

processManagerRunnerSuite('pglite');
