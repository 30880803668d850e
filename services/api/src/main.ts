import { performance } from 'node:perf_hooks';
import type { Server } from 'node:http';
import { Projector } from '@buyloop/projector';
import { systemClock } from '@buyloop/kit';
import { endEventStreams } from '@buyloop/http';
import { openMail } from './mail';
import { logRedactionsOf, readModuleSettings, RunningModules } from './module-runtime';
import { modules } from './modules';
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

// Each module names the log fields that hold its personal data; the logger redacts them with the platform's own.
const logger = consoleLogger({ redact: logRedactionsOf(modules()) });

async function main(): Promise<void> {
  const config = loadConfig();
  // Every module's own settings, checked before anything opens: an operator sees every bad setting at once.
  const moduleSettings = readModuleSettings(modules(), process.env, config);
  if (!moduleSettings.ok)
    throw new StartupError(`the configuration is invalid.\n${moduleSettings.errors.map((e) => `  - ${e}`).join('\n')}`);
  let storage: Storage | undefined;
  let projector: Projector | undefined;
  let server: Server | undefined;
  let app: ReturnType<typeof createApp> | undefined;
  let opsToken: string | undefined;
  let lagTimer: NodeJS.Timeout | undefined;
  let mail: { close(): Promise<void> } | undefined;
  let running: RunningModules | undefined;

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
      // Server first: no request may reach a store that is already closed. Live streams never end on their own.
      if (app) endEventStreams(app);
      if (server) await closeServer(server);
      clearInterval(lagTimer);
      await running?.stop();
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
    const projectorRunning = new Projector(eventStore, storage.documentStore, projections, {
      onBatch: (name, _state, events) => metrics.projectionMetrics.addProcessed(name, events),
    });
    projector = projectorRunning;
    const startProjector = async () => {
      if (config.projector !== 'inline') return;
      await projectorRunning.start();
      lagTimer = setInterval(() => {
        void projectorRunning
          .status()
          .then((reports) => reports.forEach((report) => metrics.projectionMetrics.setLag(report.name, report)))
          .catch((error: unknown) => logger.warn('Cannot read projection status', { error }));
      }, 5000);
      lagTimer.unref();
    };
    // Demo data is thousands of events at once: folded after it is written, not event by event beside the writer.
    if (!config.demoData) await startProjector();
    opsToken = writeOpsToken(config);
    const openedMail = await openMail(config, logger);
    mail = openedMail;
    const list = modules();
    const opened = await RunningModules.open(list, {
      events: eventStore,
      documents: storage.documentStore,
      market: config.market,
      clock: systemClock,
      publicUrl: config.publicUrl,
      mode: config.mode,
      logger,
      mail: openedMail,
      env: process.env,
      collection: (name) => projectorRunning.readCollection(name),
      waitFor: (name, checkpoint, timeoutMs) => projectorRunning.waitFor(name, checkpoint, timeoutMs),
      changes: projectorRunning.changes$,
    });
    running = opened;
    if (config.demoData) {
      const loading = performance.now();
      for (const line of await opened.loadDemoData()) logger.info(line);
      logger.info(`Demo data checked in ${Math.round((performance.now() - loading) / 100) / 10} s`);
      await startProjector();
    }
    await opened.start();
    app = createApp({
      config,
      eventStore,
      metrics,
      logger,
      sessions: opened.sessions,
      opsToken,
      routes: [
        ...opened.routes,
        opsRoutes(projectorRunning, opened),
        frontEndRoutes({ market: config.market, publicUrl: config.publicUrl }),
      ],
    });
    server = await listen(app, config.port, config.host);
    logger.info(`Mail: ${openedMail.description}`);
    logger.info(
      `Modules: ${opened
        .describe()
        .map((module) => module.name)
        .join(', ')}`,
    );
  } catch (error) {
    await running?.stop().catch(() => undefined);
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
