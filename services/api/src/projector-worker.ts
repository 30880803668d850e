import { Projector } from '@buyloop/projector';
import { loadConfig } from './config';
import { consoleLogger } from './logger';
import { projections } from './projections';
import { StartupError } from './startup-error';
import { openStorage } from './storage';

/**
 * `pnpm projector`: the projections in a process of their own, for when the
 * shop grows (run the API with PROJECTOR=off). Several workers may run: each
 * projection's lease lets one of them work and keeps the others on standby.
 * PGlite is single-process, so the worker needs DATABASE_URL (and MONGODB_URL
 * if the read models live there).
 */
const logger = consoleLogger();

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl && config.eventStore.kind === 'pglite') {
    throw new StartupError(
      'The projector worker needs DATABASE_URL: the embedded PGlite database belongs to the API process, which runs the projections itself by default',
    );
  }
  const storage = await openStorage(config);
  const projector = new Projector(storage.eventStore, storage.documentStore, projections);
  await projector.start();
  logger.info(`Buyloop projector running ${projector.names.join(', ')} (${storage.description})`);
  const report = setInterval(() => {
    void projector.status().then((reports) => {
      for (const r of reports)
        logger.info(`${r.name}: ${r.status}, position ${r.position} of ${r.head}, lag ${r.lagEvents} events`);
    });
  }, 30_000);

  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(1);
    stopping = true;
    clearInterval(report);
    await projector.stop();
    await storage.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) process.stderr.write(`Buyloop projector cannot start: ${error.message}\n`);
  else logger.error('Buyloop projector failed', { error });
  process.exit(1);
});
