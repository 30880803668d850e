import express, { type Express, type Response } from 'express';
import {
  authenticate,
  SecuredRouter,
  type RouteDeclaration,
  type SessionLookup,
  problemFor,
  problemHandler,
  sendProblem,
  principalOf,
  requestId,
  requestIdOf,
  type ResponseContractCheck,
} from '@buyloop/http';
import { HTTP_ERROR_CODES } from '@buyloop/contracts';
import { apiReferenceRoutes } from './api-reference';
import { platformContracts } from './platform-contracts';
import { can } from '@buyloop/contracts';
import helmet from 'helmet';
import { NotFound, RequestRefused, systemClock, type Clock } from '@buyloop/kit';
import type { EventStore } from '@buyloop/event-store';
import type { Config } from './config';
import { consoleLogger, type Logger } from './logger';
import type { Metrics } from './metrics';
import { renderStatusPage } from './status-page';

export interface AppOptions {
  readonly config: Pick<Config, 'market' | 'mode'> & Partial<Pick<Config, 'trustProxy'>>;
  readonly eventStore: EventStore;
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** Feature routers, every route declaring its capability; mounted after the built-in routes and before the 404 answer. */
  readonly routes?: readonly SecuredRouter[];
  /** Where signed-in people's sessions are kept; without it everyone is a visitor. */
  readonly sessions?: SessionLookup;
  /** The local operator's bearer token (acts as an administrator). */
  readonly opsToken?: string;
  /** Largest JSON body accepted, in bytes or a size string such as '256kb'. */
  readonly jsonLimit?: number | string;
  /** How long /health waits for the event store before calling it unreachable. */
  readonly healthTimeoutMs?: number;
  /**
   * Times requests and serves GET /metrics. Count appends by passing
   * `metrics.countAppends(store)` as the event store (and to the routes).
   */
  readonly metrics?: Metrics;
  /** Checks every answer against its route's contract (the test harness turns it on); mounted before everything else. */
  readonly contractCheck?: ResponseContractCheck;
}

export const DEFAULT_JSON_LIMIT = '256kb';
/** The API reference's version: the contract changes with the code, so it is the package's. */
const API_VERSION = '0.1.0';

class Timeout extends Error {}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, expiry]);
  } finally {
    clearTimeout(timer);
  }
}

/** The app and every route it serves with its capability, for the route × role test. */
export interface BuiltApp {
  readonly app: Express;
  readonly routes: readonly RouteDeclaration[];
}

export function createApp(options: AppOptions): Express {
  return buildApp(options).app;
}

export function buildApp(options: AppOptions): BuiltApp {
  const { config, eventStore } = options;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? consoleLogger();
  const healthTimeoutMs = options.healthTimeoutMs ?? 2_000;
  const startedAt = clock().getTime();

  const uptimeSeconds = () => Math.max(0, Math.floor((clock().getTime() - startedAt) / 1000));

  /** The head position, or the reason the store did not give it (logged, never shown). */
  const probeStore = async (): Promise<{ ok: true; head: bigint } | { ok: false; error: unknown }> => {
    try {
      return { ok: true, head: await withTimeout(eventStore.headPosition(), healthTimeoutMs) };
    } catch (error) {
      return { ok: false, error };
    }
  };

  const app = express();
  app.disable('x-powered-by');
  if (options.contractCheck) app.use(options.contractCheck.middleware);
  // Behind a proxy, the client's address and the TLS flag come from its headers, and only from a trusted one.
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);
  // First, so that requests refused by later middleware (a malformed body) are timed too.
  if (options.metrics) app.use(options.metrics.httpMiddleware);
  app.use(requestId());
  const production = config.mode === 'production';
  app.use(
    helmet({
      // Outside production we are reached over plain HTTP (localhost, a LAN address): upgrading
      // requests to HTTPS or pinning HSTS there would only break the links on the status page.
      contentSecurityPolicy: { directives: { upgradeInsecureRequests: production ? [] : null } },
      strictTransportSecurity: production,
    }),
  );
  app.use(
    express.json({
      limit: options.jsonLimit ?? DEFAULT_JSON_LIMIT,
      strict: true,
      type: ['application/json', 'application/*+json'],
    }),
  );

  app.use(
    authenticate({
      sessions: options.sessions,
      market: config.market,
      secureCookies: production,
      ...(options.opsToken ? { opsToken: options.opsToken } : {}),
    }),
  );
  const builtIn = new SecuredRouter({ tag: 'Platform' });

  /** 503 with Retry-After when the store did not answer; the engine is named only to those who may see the details. */
  const unreachable = (res: Response, error: unknown, detailed: boolean) => {
    logger.warn('Health check: the event store cannot be reached', {
      requestId: requestIdOf(res),
      engine: eventStore.engine,
      error,
    });
    res.set('Retry-After', '5');
    sendProblem(
      res,
      problemFor(
        new RequestRefused(
          503,
          'health.event_store_unreachable',
          'The service is not ready',
          detailed ? `The event store (${eventStore.engine}) cannot be reached` : 'The service cannot serve requests now',
        ),
        requestIdOf(res),
      ),
    );
  };

  // What a load balancer needs: up or not. Which engine, how far the log is and how long it has run are for administrators.
  builtIn.get('/health', 'public', platformContracts.health, async (_req, res) => {
    const probe = await probeStore();
    res.set('Cache-Control', 'no-store');
    if (!probe.ok) return unreachable(res, probe.error, false);
    res.json({ status: 'ok' });
  });

  builtIn.get('/health/details', 'ops.metrics', platformContracts.healthDetails, async (_req, res) => {
    const probe = await probeStore();
    res.set('Cache-Control', 'no-store');
    if (!probe.ok) return unreachable(res, probe.error, true);
    res.json({
      status: 'ok',
      market: config.market,
      engine: eventStore.engine,
      headPosition: probe.head.toString(),
      uptimeSeconds: uptimeSeconds(),
      time: clock().toISOString(),
    });
  });

  builtIn.get('/api/status', 'public', platformContracts.statusPage, async (_req, res) => {
    const probe = await probeStore();
    if (!probe.ok)
      logger.warn('Status page: the event store cannot be reached', { requestId: requestIdOf(res), error: probe.error });
    const details = can(principalOf(res).roles, 'ops.metrics')
      ? {
          market: config.market,
          mode: config.mode,
          engine: eventStore.engine,
          headPosition: probe.ok ? probe.head.toString() : undefined,
          uptimeSeconds: uptimeSeconds(),
          time: clock().toISOString(),
        }
      : null;
    res
      .status(probe.ok ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(renderStatusPage({ healthy: probe.ok, details }));
  });

  if (options.metrics) builtIn.get('/metrics', 'ops.metrics', platformContracts.metrics, options.metrics.handler);

  const routers: SecuredRouter[] = [builtIn, ...(options.routes ?? [])];
  routers.push(apiReferenceRoutes(() => routers.flatMap((secured) => secured.declarations), { version: API_VERSION }));
  for (const secured of routers) app.use(secured.router);

  app.use((req, _res, next) => {
    next(
      new NotFound(HTTP_ERROR_CODES.routeNotFound, `There is no ${req.method} ${req.path}`, {
        method: req.method,
        path: req.path,
      }),
    );
  });
  app.use(problemHandler(logger));
  return { app, routes: routers.flatMap((secured) => secured.declarations) };
}
