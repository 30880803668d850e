import { summaryQuerySchema, summarySchema } from '@buyloop/analytics';
import { json, type SecuredRouter } from '@buyloop/http';
import { parseInput, settingsOf, type Clock, type Market } from '@buyloop/kit';
import { analyticsSummary, daysBefore, type AnalyticsQueriesDeps } from './queries';
import { dayIn } from './projections';

/** The back office's analytics: what the storefront reported, counted (spec 9). */
export function analyticsReadRoutes(
  r: SecuredRouter,
  deps: AnalyticsQueriesDeps & { readonly clock: Clock; readonly market: Market },
): void {
  const contract = {
    summary: 'Page views and element views per day, page type and kind, and the elements seen most',
    description: 'The period is from..to inclusive in the market’s days (default: the last 30 days), at most 92 days.',
    query: summaryQuerySchema,
    responses: { 200: json('The counts of the period', summarySchema) },
  };
  r.get('/api/admin/analytics/summary', 'analytics.read', contract, async (req, res) => {
    const query = parseInput(summaryQuerySchema, req.query);
    const today = dayIn(deps.clock(), settingsOf(deps.market).timeZone);
    const to = query.to ?? today;
    const from = query.from ?? daysBefore(to, 29);
    res.set('Cache-Control', 'no-store').json(await analyticsSummary(deps, { from, to }, query.top));
  });
}
