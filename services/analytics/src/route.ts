import { clientAddressOf, json, problem, type SecuredRouter } from '@buyloop/http';
import { parseInput, RequestRefused } from '@buyloop/kit';
import { visitBatchResultSchema, visitBatchSchema } from './contracts';
import type { AnalyticsService } from './service';
import type { ClientThrottle } from './throttle';

export const ANALYTICS_EVENTS_PATH = '/api/analytics/events';

/**
 * Spec 9's analytics, to our own endpoint: the storefront posts page views
 * and element views in batches. Public (visitors are counted too) but a
 * POST like every other, so it carries the CSRF header the buy-back's
 * public forms carry; that is why the storefront sends with
 * `fetch(…, { keepalive: true })`, which survives the page closing as
 * `navigator.sendBeacon` does but, unlike it, can set the header.
 */
export function analyticsEventsRoute(r: SecuredRouter, deps: { service: AnalyticsService; throttle: ClientThrottle }): void {
  const contract = {
    summary: 'Record a batch of page views and element views (spec 9)',
    description:
      'Each event is `page_view` (page type, whether the visitor is signed in, the path without query) or `view` (an element at least 50% visible for 1 s). Counted per day, page type and kind in the back office. Throttled per client address.',
    body: visitBatchSchema,
    responses: {
      202: json('Recorded', visitBatchResultSchema),
      429: problem('Too many batches from this client address', { 'Retry-After': 'Seconds to wait' }),
    },
  };
  r.post(ANALYTICS_EVENTS_PATH, 'public', contract, async (req, res) => {
    // Validation first: a malformed batch says what is wrong even to a client past its limit.
    const batch = parseInput(visitBatchSchema, req.body);
    const wait = deps.throttle.take(clientAddressOf(req));
    if (wait !== null)
      throw new RequestRefused(429, 'request.rate_limited', 'Too many requests', 'Too many analytics batches; try again later', {
        retryAfterSeconds: wait,
      });
    const recorded = await deps.service.record(batch);
    res.status(202).set('Cache-Control', 'no-store').json({ accepted: recorded.accepted });
  });
}
