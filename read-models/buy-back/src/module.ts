import { approvalStream, BUYBACK_PERMISSIONS, type Capability } from '@buyloop/contracts';
import { DEFAULT_MAX_OPEN_STREAMS, DEFAULT_MAX_STREAMS_PER_CLIENT, SecuredRouter, type EventStreamOptions } from '@buyloop/http';
import type { DomainEvent } from '@buyloop/kit';
import { liveDocuments, type Module, type Projection, type SettingsReader, type StreamFolder } from '@buyloop/projector';
import { z } from 'zod';
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
  /** Heartbeat, per-connection buffer and limits of the live status streams (tests make the buffer small); over the settings. */
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

/** The settings the buy-back reads from the environment. */
export interface BuyBackSettings {
  /** Payouts above it need the supervisor check. */
  readonly payoutLimit: number;
  /** Wraps the personal-data keys (AES-256-GCM); without it they are stored unwrapped. */
  readonly personalDataKey: Buffer | undefined;
  /** Live status streams one client address may hold open at once. */
  readonly liveStreamsPerClient: number;
  /** Live status streams the process holds open at once, from everyone. */
  readonly liveStreamsMax: number;
}

const PAYOUT_LIMIT = {
  name: 'BUYBACK_PAYOUT_LIMIT',
  expected: 'a whole amount in the market currency, e.g. 20000',
  schema: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
};
const PERSONAL_DATA_KEY = {
  name: 'PERSONAL_DATA_KEY',
  expected: '32 random bytes in base64 (e.g. from `openssl rand -base64 32`)',
  secret: true,
  schema: z
    .string()
    .transform((value) => Buffer.from(value, 'base64'))
    .refine((key) => key.length === 32),
};

const streamCount = z
  .string()
  .regex(/^[1-9]\d{0,5}$/)
  .transform(Number);
const LIVE_STREAMS_PER_CLIENT = {
  name: 'LIVE_STREAMS_PER_CLIENT',
  expected: 'a whole number from 1, e.g. 10',
  schema: streamCount,
};
const LIVE_STREAMS_MAX = { name: 'LIVE_STREAMS_MAX', expected: 'a whole number from 1, e.g. 1000', schema: streamCount };

export const buyBackSettings: SettingsReader<BuyBackSettings> = {
  variables: [PAYOUT_LIMIT, PERSONAL_DATA_KEY, LIVE_STREAMS_PER_CLIENT, LIVE_STREAMS_MAX].map(({ name, expected, ...rest }) => ({
    name,
    expected,
    ...('secret' in rest ? { secret: rest.secret } : {}),
  })),
  read(env, { market }) {
    const errors: string[] = [];
    // 20 000 Kč or 2 000 lei: above a typical flagship's buy-back price, so the check is the exception.
    const limitText = env[PAYOUT_LIMIT.name] || (market === 'ro' ? '2000' : '20000');
    const limit = PAYOUT_LIMIT.schema.safeParse(limitText);
    if (!limit.success) errors.push(`${PAYOUT_LIMIT.name} must be ${PAYOUT_LIMIT.expected}, got ${JSON.stringify(limitText)}`);
    const keyText = env[PERSONAL_DATA_KEY.name] || undefined;
    const key = keyText === undefined ? undefined : PERSONAL_DATA_KEY.schema.safeParse(keyText);
    // The key is never echoed, not even a bad one: it may be a real key pasted with a typo.
    if (key && !key.success) errors.push(`${PERSONAL_DATA_KEY.name} must be ${PERSONAL_DATA_KEY.expected}, got (hidden)`);
    // Each open stream holds a connection, a timer and a subscription: a seller's token must not open them by the thousand.
    const count = (variable: typeof LIVE_STREAMS_MAX, fallback: number): number => {
      const text = env[variable.name] || String(fallback);
      const parsed = variable.schema.safeParse(text);
      if (!parsed.success) errors.push(`${variable.name} must be ${variable.expected}, got ${JSON.stringify(text)}`);
      return parsed.success ? parsed.data : fallback;
    };
    const liveStreamsPerClient = count(LIVE_STREAMS_PER_CLIENT, DEFAULT_MAX_STREAMS_PER_CLIENT);
    const liveStreamsMax = count(LIVE_STREAMS_MAX, DEFAULT_MAX_OPEN_STREAMS);
    if (errors.length > 0 || !limit.success) return { ok: false, errors };
    return {
      ok: true,
      settings: {
        payoutLimit: limit.data,
        personalDataKey: key?.success ? key.data : undefined,
        liveStreamsPerClient,
        liveStreamsMax,
      },
    };
  },
};

/** Request and event fields of the buy-back that hold a seller's personal data: never written to the log. */
const LOG_REDACTIONS = [
  'personal_identification_number',
  'identity_card_number',
  'identity_released_by',
  'bank_account_full_number',
  'bank_code',
  'iban',
  'place_of_birth',
  'nationality',
  'customer_data',
  'pickup_address',
  'imei',
  'serial_number',
] as const;

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
    settings: buyBackSettings,
    logRedactions: LOG_REDACTIONS,
    projections,
    streams: {
      buyback: buybackCategory,
      imei: imeiBlacklistDecider as unknown as StreamFolder,
    },
    ...(options.settleMs ? { settleMs: options.settleMs } : {}),
    async open(context) {
      const { events, documents, market, clock } = context;
      // The runtime hands each module what its own reader parsed.
      const settings = context.settings as BuyBackSettings;
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
        live: liveDocuments(context, buybacksProjection.name, {
          maxPerClient: settings.liveStreamsPerClient,
          maxOpen: settings.liveStreamsMax,
          ...options.live,
        }),
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
