import type { Server } from 'node:http';
import { Projector } from '@buyloop/projector';
import { systemClock } from '@buyloop/kit';
import { loadDemoUsers } from '@buyloop/identity';
import { openIdentity } from './identity';
import { openMail } from './mail';
import { demoCatalogue, publishCatalogue } from '@buyloop/buy-back';
import { openBuyBack, type BuyBack } from './buy-back';
import { createApp } from './app';
import { loadConfig } from './config';
import { consoleLogger } from './logger';
import { createMetrics } from './metrics';
import { frontEndRoutes } from './front-ends';
import { opsRoutes } from './ops-routes';
import { removeOpsToken, writeOpsToken } from './ops-token';
import { projections } from './projections';
import { openStorage, type Storage } from './storage';
import { closeServer, listen, urlOf } from './server';
import { StartupError } from './startup-error';

const logger = consoleLogger();

async function main(): Promise<void> {
  const config = loadConfig();
  let storage: Storage | undefined;
  let projector: Projector | undefined;
  let server: Server | undefined;
  let opsToken: string | undefined;
  let lagTimer: NodeJS.Timeout | undefined;
  let mail: { close(): Promise<void> } | undefined;
  let buyBack: BuyBack | undefined;

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
      clearInterval(lagTimer);
      await buyBack?.stop();
      await projector?.stop();
      await mail?.close();
      await storage?.close();
      if (opsToken) removeOpsToken(config, opsToken);
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
    storage = await openStorage(config);
    const metrics = createMetrics();
    const eventStore = metrics.countAppends(storage.eventStore);
    const running = new Projector(eventStore, storage.documentStore, projections, {
      onBatch: (name, _state, events) => metrics.projectionMetrics.addProcessed(name, events),
    });
    projector = running;
    if (config.projector === 'inline') {
      await running.start();
      lagTimer = setInterval(() => {
        void running
          .status()
          .then((reports) => reports.forEach((report) => metrics.projectionMetrics.setLag(report.name, report)))
          .catch((error: unknown) => logger.warn('Cannot read projection status', { error }));
      }, 5000);
      lagTimer.unref();
    }
    opsToken = writeOpsToken(config);
    const openedMail = await openMail(config, logger);
    mail = openedMail;
    const identity = openIdentity({
      events: eventStore,
      documents: storage.documentStore,
      market: config.market,
      clock: systemClock,
      publicUrl: config.publicUrl,
      mail: openedMail,
      usersCollection: () => running.readCollection('users'),
      onBackgroundError: (error) => logger.error('Background work of the identity context failed', { error }),
    });
    if (config.demoData) {
      const { created } = await loadDemoUsers(identity.service, config.mode);
      if (created.length > 0) logger.info(`Demo users created (password in the README): ${created.join(', ')}`);
      const catalogue = demoCatalogue(config.market);
      const { published } = await publishCatalogue(
        eventStore,
        { catalogue, source: 'demo' },
        { actor: { userId: 'demo-data', role: 'system' }, clock: systemClock },
      );
      if (published) logger.info(`Demo buy-back catalogue published: ${catalogue.models.length} models`);
    }
    const openedBuyBack = openBuyBack({
      events: eventStore,
      documents: storage.documentStore,
      market: config.market,
      clock: systemClock,
      publicUrl: config.publicUrl,
      payoutLimit: config.buybackPayoutLimit,
      personalDataKey: config.personalDataKey,
      mailer: openedMail,
      caughtMail: () => openedMail.caught(),
      collection: (name) => running.readCollection(name),
      waitFor: (name, checkpoint, timeoutMs) => running.waitFor(name, checkpoint, timeoutMs),
      onError: (error) => logger.error('Background work of the buy-back context failed', { error }),
    });
    buyBack = openedBuyBack;
    await openedBuyBack.start();
    server = await listen(
      createApp({
        config,
        eventStore,
        metrics,
        logger,
        sessions: identity.sessions,
        opsToken,
        routes: [identity.routes, openedBuyBack.routes, opsRoutes(running), frontEndRoutes({ market: config.market })],
      }),
      config.port,
      config.host,
    );
    logger.info(`Mail: ${openedMail.description}`);
  } catch (error) {
    await buyBack?.stop().catch(() => undefined);
    await mail?.close().catch(() => undefined);
    await projector?.stop().catch(() => undefined);
    await storage?.close().catch(() => undefined);
    throw error;
  }
  logger.info(
    `Buyloop API listening on ${urlOf(server)} (market ${config.market}, ${config.mode}, ${storage.description}, projections ${config.projector === 'inline' ? 'run here' : 'run by pnpm projector'})`,
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
