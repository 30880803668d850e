import type { Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EventStore } from '@buyloop/event-store';

/**
 * Prometheus metrics of one API process (DESIGN.md section 4: lag and
 * throughput must be visible). Each call to createMetrics owns its registry,
 * so several apps in one process (tests) never collide on metric names.
 */

/**
 * What the projector reports. Structural and in plain numbers on purpose: the
 * projector package must not import the API, main.ts hands this object over.
 * The field names match the projector's `ProjectionReport`, so a report can be
 * passed as it is.
 */
export interface ProjectionMetrics {
  /** How far the projection is behind the head of the log, in events and in seconds. */
  setLag(projection: string, lag: { readonly lagEvents: number; readonly lagSeconds: number }): void;
  /** Events the projection has applied since the last call (a counter only goes up). */
  addProcessed(projection: string, events: number): void;
  /** Drops a projection's series, e.g. when it is removed, so a stale lag is not scraped forever. */
  forget(projection: string): void;
}

export interface Metrics {
  readonly registry: Registry;
  /**
   * The store to hand to createApp and to every feature router: it counts the
   * events each successful, non-duplicate append wrote. Appends that bypass it
   * (PostgresEventStore.appendWithin) are not counted.
   */
  countAppends(store: EventStore): EventStore;
  /** Times every request; mount before the routes. */
  readonly httpMiddleware: RequestHandler;
  /** `GET /metrics` in the Prometheus text exposition format. */
  readonly handler: RequestHandler;
  readonly projectionMetrics: ProjectionMetrics;
}

export interface MetricsOptions {
  /** Process and Node.js runtime metrics (CPU, memory, event loop, GC); on unless turned off. */
  readonly defaultMetrics?: boolean;
}

/** Requests no route matched share one label value: raw paths would let any client mint unbounded series. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route pattern (`/buy-backs/:id`), never the raw path: one series per
 * route, not per id. Express keeps `req.route` of the last route that
 * matched, including when its handler failed.
 */
const routeLabel = (req: Request): string => {
  const route: unknown = req.route;
  if (typeof route !== 'object' || route === null || !('path' in route)) return UNMATCHED_ROUTE;
  return `${req.baseUrl}${String(route.path)}`;
};

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });

  const eventsAppended = new Counter({
    name: 'buyloop_events_appended_total',
    help: 'Events written to the event store by this process, by event type (idempotent replays not counted).',
    labelNames: ['type'] as const,
    registers: [registry],
  });

  const httpDuration = new Histogram({
    name: 'buyloop_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to finishing its response, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });

  const lagEvents = new Gauge({
    name: 'buyloop_projection_lag_events',
    help: 'Events committed to the log that the projection has not applied yet.',
    labelNames: ['projection'] as const,
    registers: [registry],
  });
  const lagSeconds = new Gauge({
    name: 'buyloop_projection_lag_seconds',
    help: 'Age of the oldest event the projection has not applied yet, in seconds (0 when caught up).',
    labelNames: ['projection'] as const,
    registers: [registry],
  });
  const projected = new Counter({
    name: 'buyloop_projection_events_total',
    help: 'Events the projection has applied.',
    labelNames: ['projection'] as const,
    registers: [registry],
  });

  const countAppends = (store: EventStore): EventStore => ({
    get engine() {
      return store.engine;
    },
    async append(stream, events, appendOptions) {
      const result = await store.append(stream, events, appendOptions);
      // A duplicate wrote nothing: counting it would double-count every retried request.
      if (!result.duplicate) for (const event of events) eventsAppended.inc({ type: event.type });
      return result;
    },
    readStream: (stream, readOptions) => store.readStream(stream, readOptions),
    readAll: (readOptions) => store.readAll(readOptions),
    headPosition: () => store.headPosition(),
    subscribe: (subscribeOptions) => store.subscribe(subscribeOptions),
    close: () => store.close(),
  });

  const httpMiddleware: RequestHandler = (req, res, next) => {
    const start = process.hrtime.bigint();
    // 'finish' fires once the response is handed to the OS; requests the client aborted are not observed.
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      httpDuration.observe({ method: req.method, route: routeLabel(req), status: String(res.statusCode) }, seconds);
    });
    next();
  };

  const handler: RequestHandler = async (_req, res: Response) => {
    const body = await registry.metrics();
    res.set('Cache-Control', 'no-store').type(registry.contentType).send(body);
  };

  const projectionMetrics: ProjectionMetrics = {
    setLag(projection, lag) {
      lagEvents.set({ projection }, lag.lagEvents);
      lagSeconds.set({ projection }, lag.lagSeconds);
    },
    addProcessed(projection, events) {
      if (events > 0) projected.inc({ projection }, events);
    },
    forget(projection) {
      lagEvents.remove({ projection });
      lagSeconds.remove({ projection });
      projected.remove({ projection });
    },
  };

  return { registry, countAppends, httpMiddleware, handler, projectionMetrics };
}
