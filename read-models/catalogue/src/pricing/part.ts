import { PRICE_STREAM_CATEGORY, pricingDecider, PricingService, TimedJob } from '@buyloop/catalogue';
import { SecuredRouter } from '@buyloop/http';
import { systemActor, isDomainError } from '@buyloop/kit';
import type { StreamFolder } from '@buyloop/projector';
import { asProjections, type CataloguePart } from '../part';
import { priceDocumentId, pricesProjection, PRICES_PROJECTION, type PriceDocument } from './projection';
import { pricingRoutes } from './routes';

export interface PricingHandle {
  readonly service: PricingService;
  /** One round of the pricing job (tests call it instead of waiting for the timer). */
  tick(): Promise<{ readonly marked: readonly string[] }>;
}

export interface PricingPartOptions {
  /** The longest the pricing job sleeps between rounds; it wakes earlier when a scheduled moment is due. */
  readonly jobIntervalMs?: number;
}

const DUE_BATCH = 200;

/**
 * The catalogue's pricing area: prices per product and market as events,
 * the price read model, the back office's routes and the pricing job, which
 * appends the marker events (an offer started or ended, a future price took
 * effect) at the scheduled moments so that read models and caches that
 * follow events change exactly then.
 */
export const pricingPart = (options: PricingPartOptions = {}): CataloguePart<PricingHandle> => ({
  name: 'pricing',
  projections: asProjections(pricesProjection),
  streams: { [PRICE_STREAM_CATEGORY]: pricingDecider as unknown as StreamFolder },
  async open(context) {
    const { events, documents, market, clock } = context;
    const service = new PricingService({ events, market, clock });
    const collection = () => context.collection(PRICES_PROJECTION);

    async function tick() {
      const now = clock().toISOString();
      const due = await documents.find<PriceDocument>(await collection(), {
        filters: [
          { field: 'market', op: 'equals', value: market },
          { field: 'next_marker_at', op: 'range', lte: now },
        ],
        sort: [{ field: 'next_marker_at', direction: 'asc' }],
        limit: DUE_BATCH,
      });
      const marked: string[] = [];
      for (const { document } of due.items) {
        try {
          const result = await service.reachSchedule(document.code, { actor: systemActor });
          if (result.events.length > 0) {
            marked.push(document.code);
            await context.settle(result.checkpoint);
          }
        } catch (error) {
          if (!isDomainError(error)) throw error;
          context.logger.warn('The pricing job could not mark a product’s schedule', { code: document.code, error });
        }
      }
      return { marked };
    }

    const job = new TimedJob({
      name: `catalogue-pricing-${market}`,
      leases: documents,
      clock,
      intervalMs: options.jobIntervalMs ?? 60_000,
      tick,
      async nextDueAt() {
        const next = await documents.find<PriceDocument>(await collection(), {
          filters: [
            { field: 'market', op: 'equals', value: market },
            { field: 'next_marker_at', op: 'range', gte: '1970-01-01T00:00:00.000Z' },
          ],
          sort: [{ field: 'next_marker_at', direction: 'asc' }],
          limit: 1,
        });
        return next.items[0]?.document.next_marker_at ?? null;
      },
      onError: (error) => context.logger.error('The pricing job failed', { error }),
    });

    const routes = new SecuredRouter({ tag: 'Catalogue: prices' });
    pricingRoutes(routes, {
      service,
      market,
      clock,
      settle: context.settle,
      async document(code) {
        return documents.get<PriceDocument>(await collection(), priceDocumentId(code, market));
      },
    });

    return {
      routes: [routes],
      jobs: [{ name: 'catalogue pricing job', start: () => job.start(), stop: () => job.stop() }],
      handle: { service, tick },
    };
  },
});
