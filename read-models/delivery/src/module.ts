import { z } from 'zod';
import { DELIVERY_QUOTES_PORT } from '@buyloop/contracts/delivery/port';
import { SecuredRouter } from '@buyloop/http';
import { deliveryMessages, SandboxCarrier, type Carrier } from '@buyloop/delivery';
import type { DeliveryQuotes } from '@buyloop/contracts/delivery/port';
import type { Module, ScheduledJob, SettingsReader } from '@buyloop/projector';
import { OtherContexts } from './other-contexts';
import { importPickupPoints, PICKUP_POINTS_COLLECTION, pickupPointsCollection, type ImportResult } from './pickup-points';
import { deliveryQuotes } from './quotes';
import { DELIVERY_TAG, deliveryRoutes } from './routes';
import { startSandboxServer, type SandboxServer } from './sandbox-server';

export interface DeliverySettings {
  /** A real carrier's pickup-point feed; unset: the sandbox carrier's, served on loopback by this process. */
  readonly feedUrl: string | undefined;
}

const FEED_URL = {
  name: 'DELIVERY_PICKUP_FEED_URL',
  expected: 'an http(s) URL of the carrier’s pickup-point feed (JSON), e.g. https://carrier.example/feed/cz.json',
};

export const deliverySettings: SettingsReader<DeliverySettings> = {
  variables: [FEED_URL],
  read(env) {
    const text = env[FEED_URL.name] || undefined;
    if (text === undefined) return { ok: true, settings: { feedUrl: undefined } };
    const parsed = z.url({ protocol: /^https?$/ }).safeParse(text);
    if (!parsed.success)
      return { ok: false, errors: [`${FEED_URL.name} must be ${FEED_URL.expected}, got ${JSON.stringify(text)}`] };
    return { ok: true, settings: { feedUrl: parsed.data } };
  },
};

export interface DeliveryModuleOptions {
  /** How often the pickup points are imported again (default daily). */
  readonly importIntervalMs?: number;
}

export interface DeliveryHandle {
  readonly carrier: Carrier;
  readonly quotes: DeliveryQuotes;
  /** Imports the pickup points now (null when another process holds the import). */
  importNow(): Promise<ImportResult | null>;
  /** Where the import fetches the feed from. */
  readonly feedUrl: string;
}

/**
 * Delivery (issue 15) as a bounded context: the carrier port and its
 * sandbox, the carrier's pickup points imported into a table and searched,
 * the methods and fees for a cart, courier windows, the same-day check,
 * and DELIVERY_QUOTES_PORT for the checkout. It keeps no events: its data
 * is the carrier's reference data and rules; what was chosen is the
 * order's event.
 */
export function deliveryModule(options: DeliveryModuleOptions = {}): Module<DeliveryHandle> {
  let sandbox: SandboxServer | null = null;
  return {
    name: 'delivery',
    capabilities: [],
    projections: [],
    streams: {},
    settings: deliverySettings as SettingsReader<unknown>,
    messages: deliveryMessages,
    async open(context) {
      const settings = (context.settings as DeliverySettings | undefined) ?? { feedUrl: undefined };
      sandbox = settings.feedUrl === undefined ? await startSandboxServer(context.clock) : null;
      const server = sandbox;
      const carrier = new SandboxCarrier(() => server?.url ?? 'http://127.0.0.1:0');
      const feedUrl = settings.feedUrl ?? carrier.feedUrl(context.market);
      await context.documents.ensureCollection(pickupPointsCollection);
      const importDeps = { documents: context.documents, market: context.market, clock: context.clock, logger: context.logger };
      const importNow = async (): Promise<ImportResult | null> => {
        const result = await importPickupPoints(importDeps, feedUrl);
        if (result) context.logger.info('Pickup points imported', { ...result, feed: settings.feedUrl ? 'carrier' : 'sandbox' });
        return result;
      };
      // Development and tests start with the points in place; production imports at start only into an empty table.
      const empty =
        (
          await context.documents.find(PICKUP_POINTS_COLLECTION, {
            filters: [{ field: 'market', op: 'equals', value: context.market }],
            limit: 1,
          })
        ).total === 0;
      try {
        if (context.mode !== 'production' || empty) await importNow();
      } catch (error) {
        // A module that fails to open is never stopped: its loopback server must not outlive it.
        await sandbox?.close();
        sandbox = null;
        throw error;
      }

      const others = new OtherContexts({
        documents: context.documents,
        collection: (name) => context.collection(name),
        market: context.market,
      });
      const quotes = deliveryQuotes({
        documents: context.documents,
        others,
        carrier,
        market: context.market,
        clock: context.clock,
      });
      context.ports.provide(DELIVERY_QUOTES_PORT, quotes);

      const routes = new SecuredRouter({ tag: DELIVERY_TAG });
      deliveryRoutes(routes, { documents: context.documents, others, carrier, market: context.market, clock: context.clock });

      let timer: NodeJS.Timeout | undefined;
      let running: Promise<unknown> = Promise.resolve();
      const job: ScheduledJob = {
        name: 'delivery pickup-point import',
        start() {
          timer = setInterval(
            () => {
              running = importNow().catch((error: unknown) => context.logger.error('The pickup-point import failed', { error }));
            },
            options.importIntervalMs ?? 24 * 3_600_000,
          );
          timer.unref();
        },
        async stop() {
          clearInterval(timer);
          await running;
        },
      };
      return {
        routes: [routes],
        jobs: [job],
        async stop() {
          await sandbox?.close();
          sandbox = null;
        },
        handle: { carrier, quotes, importNow, feedUrl },
      };
    },
  };
}
