import { approvalStream, BUYBACK_PERMISSIONS, type Capability } from '@buyloop/contracts';
import { SecuredRouter, type EventStreamOptions } from '@buyloop/http';
import type { DomainEvent } from '@buyloop/kit';
import { liveDocuments, type Module, type ModuleContext, type Projection, type StreamFolder } from '@buyloop/projector';
import {
  buybackAdminRoutes,
  buybackCommandRoutes,
  buybackDecider,
  BuybackMailbox,
  buybackMailDeliverer,
  buybackMailProcess,
  BuybackScheduler,
  BuybackService,
  catalogueDecider,
  demoCatalogue,
  evolveImeiBlacklist,
  IdempotencyKeys,
  imeiBlacklistDecider,
  imeiBlacklistStream,
  initialImeiBlacklistState,
  PersonalDataVault,
  publishCatalogue,
  type ApprovalFacts,
  type ImeiBlacklistEvent,
} from '@buyloop/buy-back';
import { buybacksProjection } from './buybacks-projection';
import { buybackDailyCountsProjection } from './buyback-daily-counts-projection';
import { buyoutCatalogueProjection } from './catalogue-projection';
import { imeiBlacklistProjection } from './imei-blacklist-projection';
import { priceListHistoryProjection } from './price-list-history-projection';
import { buybackQueries } from './buyback-queries';
import { buybackQueryRoutes } from './buyback-routes';
import { catalogueQuery, catalogueRoutes } from './catalogue-routes';
import { adoptNotifierHistory } from './notifier-history';

export interface BuyBackModuleOptions {
  /** How often the scheduler looks for due steps (expired revised offers, paid buy-backs to complete). */
  readonly schedulerIntervalMs?: number;
  /** Mail retry timing (tests make it short). */
  readonly mailRetry?: { readonly baseDelayMs?: number; readonly maxDelayMs?: number; readonly maxAttempts?: number };
  /** How long a command's answer waits for the read models to show it (3 s). */
  readonly settleMs?: number;
  /** Heartbeat and per-connection buffer of the live status streams (tests make the buffer small). */
  readonly live?: EventStreamOptions;
}

/** What tests and tools reach inside the buy-back for. */
export interface BuyBackHandle {
  readonly service: BuybackService;
  /** The e-mails' outbox (the notifier runs on the API's process-manager runner). */
  readonly mail: BuybackMailbox;
  readonly scheduler: BuybackScheduler;
  readonly vault: PersonalDataVault;
}

/** The settings the buy-back reads from the API's configuration. */
interface BuyBackSettings {
  readonly payoutLimit: number;
  readonly personalDataKey: Buffer | undefined;
}

function settingsOf(context: ModuleContext): BuyBackSettings {
  const { buybackPayoutLimit, personalDataKey } = context.settings;
  if (typeof buybackPayoutLimit !== 'number' || !Number.isFinite(buybackPayoutLimit))
    throw new Error('The buy-back module needs the setting buybackPayoutLimit (BUYBACK_PAYOUT_LIMIT)');
  if (personalDataKey !== undefined && !Buffer.isBuffer(personalDataKey))
    throw new Error('The setting personalDataKey must be a key (PERSONAL_DATA_KEY)');
  return { payoutLimit: buybackPayoutLimit, personalDataKey };
}

/**
 * `buyback-<number>` and the catalogue's `buyback-catalogue-<market>` share a
 * category; the catalogue's one event type tells them apart.
 */
const buybackCategory: StreamFolder = {
  initialState: () => null,
  evolve(state: unknown, event: DomainEvent) {
    if (event.type === 'CataloguePublished')
      return catalogueDecider.evolve((state ?? catalogueDecider.initialState()) as never, event as never);
    return buybackDecider.evolve((state ?? buybackDecider.initialState()) as never, event as never);
  },
};

const projections = [
  buyoutCatalogueProjection,
  buybacksProjection,
  buybackDailyCountsProjection,
  imeiBlacklistProjection,
  priceListHistoryProjection,
] as unknown as readonly Projection[];

/**
 * The buy-back as a module: the selector and appraisal, the application
 * service behind the command routes, the read side's routes, the e-mail
 * notifier (a process manager on the API's shared runner, with its own
 * checkpoint, so replays and rebuilds never send mail) and the scheduler of
 * time-driven steps.
 */
export function buyBackModule(options: BuyBackModuleOptions = {}): Module<BuyBackHandle> {
  return {
    name: 'buy-back',
    capabilities: Object.keys(BUYBACK_PERMISSIONS) as Capability[],
    projections,
    streams: {
      buyback: buybackCategory,
      imei: imeiBlacklistDecider as unknown as StreamFolder,
    },
    ...(options.settleMs ? { settleMs: options.settleMs } : {}),
    async open(context) {
      const { events, documents, market, clock } = context;
      const settings = settingsOf(context);
      const onError = (error: unknown) => context.logger.error('Background work of the buy-back context failed', { error });
      const vault = new PersonalDataVault(documents, settings.personalDataKey ? { masterKey: settings.personalDataKey } : {});
      const catalogue = catalogueQuery(documents, market, () => context.collection('buyout_catalogue'));
      const queries = buybackQueries(documents, (projection) => context.collection(projection));

      const service = new BuybackService({
        events,
        vault,
        idempotency: new IdempotencyKeys(documents, clock),
        catalogue: () => catalogue.current(),
        market,
        clock,
        payoutLimit: settings.payoutLimit,
        // The IMEI's own stream, not a read model: an inspection must never miss a listing made a moment ago.
        async isBlacklisted(imei) {
          const stored = await events.readStream(imeiBlacklistStream(imei));
          return stored.reduce(
            (state, event) => evolveImeiBlacklist(state, event as unknown as ImeiBlacklistEvent),
            initialImeiBlacklistState(),
          ).listed;
        },
        // Identity's published approval events, read from their stream: the decision is never a stale read model.
        async approval(approvalId) {
          const stored = await events.readStream(approvalStream(approvalId));
          return stored.length === 0 ? null : stored.map((event) => ({ type: event.type, data: event.data }) as ApprovalFacts);
        },
      });

      const mail = new BuybackMailbox(context.outboxOf(buybackMailProcess));

      const scheduler = new BuybackScheduler({
        service,
        documents,
        clock,
        settle: context.settle,
        onError,
        ...(options.schedulerIntervalMs ? { intervalMs: options.schedulerIntervalMs } : {}),
        due: {
          async revisedOffersExpiredBy(now) {
            return (await queries.revisedOffersExpiredBy(now)).map((document) => document.buyout_number);
          },
          async paidBy(paidBy) {
            return (await queries.paidBy(paidBy)).map((document) => document.buyout_number);
          },
        },
      });

      const routes = new SecuredRouter({ tag: 'Buy-back' });
      catalogueRoutes(routes, { market, catalogue });
      buybackCommandRoutes(routes, {
        service,
        market,
        clock,
        settle: context.settle,
        delivery: (eventId, timeoutMs) => mail.waitForDelivery(eventId, timeoutMs),
      });
      buybackAdminRoutes(routes, {
        events,
        service,
        market,
        clock,
        catalogue: () => catalogue.current(),
        settle: context.settle,
        async subjectOf(buyoutNumber) {
          const document = await queries.byNumber(buyoutNumber);
          if (!document) return null;
          const all = await queries.bySubject(document.subject_id);
          return { subjectId: document.subject_id, buyoutNumbers: all.map((d) => d.buyout_number) };
        },
        mail: {
          outbox: (query) => mail.outbox(query as Parameters<BuybackMailbox['outbox']>[0]),
          retry: (id) => mail.retry(id),
          caught: () => context.mail.caught(),
        },
      });
      buybackQueryRoutes(routes, {
        queries,
        catalogue,
        vault,
        market,
        clock,
        documents,
        collection: (name) => context.collection(name),
        live: liveDocuments(context, buybacksProjection.name, options.live),
        allowedActions: (buyoutNumber, version) => service.allowedStaffActions(buyoutNumber, version),
      });

      return {
        routes: [routes],
        jobs: [
          {
            name: 'buy-back scheduler',
            start: () => scheduler.start(),
            stop: () => scheduler.stop(),
          },
        ],
        processManagers: [
          {
            manager: buybackMailProcess,
            deliverer: buybackMailDeliverer({ mailer: context.mail, opener: vault, market, publicUrl: context.publicUrl }),
            ...(options.mailRetry ? { retry: options.mailRetry } : {}),
          },
        ],
        handle: { service, mail, scheduler, vault },
        // Before the notifier's runner starts: a shop from before the shared runner keeps its checkpoint and outbox.
        async start() {
          if ((await adoptNotifierHistory(documents)) === 'adopted')
            context.logger.info('The e-mail notifier took over the checkpoint and outbox it kept before the shared runner');
        },
        async loadDemoData() {
          const demo = demoCatalogue(market);
          const { published } = await publishCatalogue(
            events,
            { catalogue: demo, source: 'demo' },
            { actor: { userId: 'demo-data', role: 'system' }, clock },
          );
          return published ? [`Demo buy-back catalogue published: ${demo.models.length} models`] : [];
        },
      };
    },
  };
}
