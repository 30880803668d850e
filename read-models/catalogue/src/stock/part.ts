import {
  demoLocations,
  LOCATIONS_STREAM_CATEGORY,
  locationsDecider,
  STOCK_STREAM_CATEGORY,
  stockDecider,
  StockService,
  TimedJob,
} from '@buyloop/catalogue';
import { SecuredRouter } from '@buyloop/http';
import { isDomainError, systemActor } from '@buyloop/kit';
import type { StreamFolder } from '@buyloop/projector';
import { asProjections, type CataloguePart } from '../part';
import {
  PRODUCT_STOCK_PROJECTION,
  productStockProjection,
  RESERVATIONS_PROJECTION,
  reservationsProjection,
  TRANSFERS_PROJECTION,
  transfersProjection,
  type ProductStockDocument,
  type ReservationDocument,
  type TransferDocument,
} from './projections';
import { stockRoutes } from './routes';
import { stockReservations } from './reservations-port';
import { STOCK_RESERVATIONS_PORT } from '@buyloop/contracts/catalogue/stock-port';

export interface StockHandle {
  readonly service: StockService;
  /** One round of the stock job (tests call it instead of waiting for the timer). */
  tick(): Promise<{ readonly expired: readonly string[]; readonly completedTransfers: readonly string[] }>;
  /** Defines the market's demo locations (what loadDemoData does), for tests that need locations without the rest of the demo. */
  defineDemoLocations(): Promise<readonly string[]>;
}

export interface StockPartOptions {
  readonly jobIntervalMs?: number;
}

/** A transfer whose arrival is missing this long after its departure was left half-done (a crash): the job completes it. */
export const TRANSFER_STALL_MS = 30_000;
const DUE_BATCH = 200;

/**
 * The catalogue's stock area: stock per product and location as events, the
 * market's locations, the stock read models and routes, and the stock job,
 * which releases reservations past their expiry (reason `expired`) and
 * completes transfers left in transit.
 */
export const stockPart = (options: StockPartOptions = {}): CataloguePart<StockHandle> => ({
  name: 'stock',
  projections: asProjections(productStockProjection, reservationsProjection, transfersProjection),
  streams: {
    [STOCK_STREAM_CATEGORY]: stockDecider as unknown as StreamFolder,
    [LOCATIONS_STREAM_CATEGORY]: locationsDecider as unknown as StreamFolder,
  },
  async open(context) {
    const { events, documents, market, clock } = context;
    const service = new StockService({ events, market, clock });
    const collection = (name: string) => context.collection(name);
    // The checkout reserves through this port (the buyer waits for the answer; the stock streams are the catalogue's).
    context.ports.provide(STOCK_RESERVATIONS_PORT, stockReservations({ service, documents, collection, settle: context.settle }));

    async function tick() {
      const now = clock().toISOString();
      const expired: string[] = [];
      const due = await documents.find<ReservationDocument>(await collection(RESERVATIONS_PROJECTION), {
        filters: [
          { field: 'held', op: 'equals', value: true },
          { field: 'expires_at', op: 'range', lte: now },
        ],
        sort: [{ field: 'expires_at', direction: 'asc' }],
        limit: DUE_BATCH,
      });
      for (const { document } of due.items) {
        const results = await attempt(() =>
          service.expire(
            document.reservation_id,
            document.items.filter((item) => item.status === 'held'),
            { actor: systemActor },
          ),
        );
        if (results && results.some((result) => result.events.length > 0)) {
          expired.push(document.reservation_id);
          for (const result of results) await context.settle(result.checkpoint);
        }
      }
      const completedTransfers: string[] = [];
      const stalled = await documents.find<TransferDocument>(await collection(TRANSFERS_PROJECTION), {
        filters: [
          { field: 'in_transit', op: 'equals', value: true },
          { field: 'out_at', op: 'range', lte: new Date(clock().getTime() - TRANSFER_STALL_MS).toISOString() },
        ],
        limit: DUE_BATCH,
      });
      for (const { document } of stalled.items) {
        const result = await attempt(() =>
          service.completeTransfer(
            {
              transferId: document.transfer_id,
              code: document.code,
              from: document.from,
              to: document.to,
              quantity: document.quantity,
            },
            { actor: systemActor },
          ),
        );
        if (result && result.events.length > 0) {
          completedTransfers.push(document.transfer_id);
          await context.settle(result.checkpoint);
        }
      }
      return { expired, completedTransfers };
    }

    async function attempt<T>(work: () => Promise<T>): Promise<T | null> {
      try {
        return await work();
      } catch (error) {
        if (!isDomainError(error)) throw error;
        context.logger.warn('The stock job could not finish a step', { error });
        return null;
      }
    }

    const job = new TimedJob({
      name: `catalogue-stock-${market}`,
      leases: documents,
      clock,
      intervalMs: options.jobIntervalMs ?? 60_000,
      tick,
      async nextDueAt() {
        const next = await documents.find<ReservationDocument>(await collection(RESERVATIONS_PROJECTION), {
          filters: [{ field: 'held', op: 'equals', value: true }],
          sort: [{ field: 'expires_at', direction: 'asc' }],
          limit: 1,
        });
        return next.items[0]?.document.expires_at ?? null;
      },
      onError: (error) => context.logger.error('The stock job failed', { error }),
    });

    const routes = new SecuredRouter({ tag: 'Catalogue: stock' });
    stockRoutes(routes, {
      service,
      clock,
      settle: context.settle,
      async product(code) {
        return documents.get<ProductStockDocument>(await collection(PRODUCT_STOCK_PROJECTION), code);
      },
      async reservation(id) {
        return documents.get<ReservationDocument>(await collection(RESERVATIONS_PROJECTION), id);
      },
    });

    async function defineDemoLocations(): Promise<readonly string[]> {
      const { defined, updated } = await service.defineLocations(demoLocations(market), {
        actor: { userId: 'demo-data', role: 'system' },
      });
      return defined.length + updated.length > 0
        ? [`Demo stock locations: ${defined.length} defined, ${updated.length} updated (a warehouse and three stores)`]
        : [];
    }

    return {
      routes: [routes],
      jobs: [{ name: 'catalogue stock job', start: () => job.start(), stop: () => job.stop() }],
      handle: { service, tick, defineDemoLocations },
      loadDemoData: defineDemoLocations,
    };
  },
});
