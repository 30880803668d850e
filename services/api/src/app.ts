import express, { type Express } from 'express';
import {
  authenticate,
  SecuredRouter,
  type RouteDeclaration,
  type SessionLookup,
  problemFor,
  problemHandler,
  sendProblem,
  requestId,
  requestIdOf,
} from '@buyloop/http';
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
}

export const DEFAULT_JSON_LIMIT = '256kb';

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
  const builtIn = new SecuredRouter();

  builtIn.get('/health', 'public', async (_req, res) => {
    const probe = await probeStore();
    res.set('Cache-Control', 'no-store');
    if (!probe.ok) {
      logger.warn('Health check: the event store cannot be reached', {
        requestId: requestIdOf(res),
        engine: eventStore.engine,
        error: probe.error,
      });
      res.set('Retry-After', '5');
      sendProblem(
        res,
        problemFor(
          new RequestRefused(
            503,
            'health.event_store_unreachable',
            'The service is not ready',
            `The event store (${eventStore.engine}) cannot be reached`,
          ),
          requestIdOf(res),
        ),
      );
      return;
    }
    res.json({
      status: 'ok',
      market: config.market,
      engine: eventStore.engine,
      headPosition: probe.head.toString(),
      uptimeSeconds: uptimeSeconds(),
      time: clock().toISOString(),
    });
  });

  builtIn.get('/', 'public', async (_req, res) => {
    const probe = await probeStore();
    if (!probe.ok)
      logger.warn('Status page: the event store cannot be reached', { requestId: requestIdOf(res), error: probe.error });
    res
      .status(probe.ok ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(
        renderStatusPage({
          market: config.market,
          mode: config.mode,
          engine: eventStore.engine,
          headPosition: probe.ok ? probe.head.toString() : undefined,
          uptimeSeconds: uptimeSeconds(),
          time: clock().toISOString(),
        }),
      );
  });

  if (options.metrics) builtIn.get('/metrics', 'ops.metrics', options.metrics.handler);

  const routers = [builtIn, ...(options.routes ?? [])];
  for (const secured of routers) app.use(secured.router);

  app.use((req, _res, next) => {
    next(new NotFound('route.not_found', `There is no ${req.method} ${req.path}`, { method: req.method, path: req.path }));
  });
  app.use(problemHandler(logger));
  return { app, routes: routers.flatMap((secured) => secured.declarations) };
}
