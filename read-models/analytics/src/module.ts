import {
  AnalyticsService,
  analyticsEventsRoute,
  ClientThrottle,
  DEFAULT_THROTTLE,
  VISITS_STREAM_CATEGORY,
  visitsDecider,
  type ThrottleLimits,
} from '@buyloop/analytics';
import { SecuredRouter } from '@buyloop/http';
import type { Module, Projection, StreamFolder } from '@buyloop/projector';
import { dailyCountsProjection, elementViewsProjection } from './projections';
import { analyticsReadRoutes } from './routes';

export interface AnalyticsModuleOptions {
  /** Batches per client address and window (tests lower it). */
  readonly throttle?: ThrottleLimits;
}

export interface AnalyticsHandle {
  readonly service: AnalyticsService;
}

/**
 * Spec 9's analytics as a bounded context: the storefront's page views and
 * element views recorded as events (one stream per batch) and counted per
 * day, page type and kind for the back office. No third party sees them.
 */
export function analyticsModule(options: AnalyticsModuleOptions = {}): Module<AnalyticsHandle> {
  return {
    name: 'analytics',
    capabilities: ['analytics.read'],
    projections: [dailyCountsProjection, elementViewsProjection] as unknown as Projection[],
    streams: { [VISITS_STREAM_CATEGORY]: visitsDecider as unknown as StreamFolder },
    async open(context) {
      const service = new AnalyticsService({ events: context.events, market: context.market });
      const throttle = new ClientThrottle(context.clock, options.throttle ?? DEFAULT_THROTTLE);
      const commands = new SecuredRouter({ tag: 'Analytics' });
      analyticsEventsRoute(commands, { service, throttle });
      analyticsReadRoutes(commands, {
        documents: context.documents,
        collection: (name) => context.collection(name),
        clock: context.clock,
        market: context.market,
      });
      return { routes: [commands], handle: { service } };
    },
  };
}
