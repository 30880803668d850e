import type { Server } from 'node:http';
import type { EventStore } from '@buyloop/event-store';
import { createApp } from './app';
import { describeEventStoreTarget, loadConfig } from './config';
import { openEventStore } from './event-store';
import { consoleLogger } from './logger';
import { createMetrics } from './metrics';
import { closeServer, listen, urlOf } from './server';
import { StartupError } from './startup-error';

const logger = consoleLogger();

async function main(): Promise<void> {
  const config = loadConfig();
  let eventStore: EventStore | undefined;
  let server: Server | undefined;

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl+C means "now": do not make the operator wait for the grace period.
      logger.warn(`Received ${signal} again, exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`Received ${signal}, shutting down`);
    try {
      // Server first: no request may reach a store that is already closed.
      if (server) await closeServer(server);
      await eventStore?.close();
      logger.info('Stopped');
      process.exit(0);
    } catch (error) {
      logger.error('Shutdown failed', { error });
      process.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));

  try {
    eventStore = await openEventStore(config);
    const metrics = createMetrics();
    server = await listen(
      createApp({ config, eventStore: metrics.countAppends(eventStore), metrics, logger }),
      config.port,
      config.host,
    );
  } catch (error) {
    await eventStore?.close().catch(() => undefined);
    throw error;
  }
  logger.info(
    `Buyloop API listening on ${urlOf(server)} (market ${config.market}, ${config.mode}, events in ${describeEventStoreTarget(config.eventStore)})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) {
    process.stderr.write(`Buyloop cannot start: ${error.message}\n`);
  } else {
    logger.error('Buyloop failed to start', { error });
  }
  process.exit(1);
});
