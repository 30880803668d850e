import { processManagerRunnerSuite } from './runner.suite';

processManagerRunnerSuite('postgres');
