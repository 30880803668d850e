import type { Clock, Market } from '@buyloop/kit';
import type { DocumentStore } from '@buyloop/document-store';
import type { EventStore } from '@buyloop/event-store';
import { SecuredRouter } from '@buyloop/http';
import { approvalStream } from '@buyloop/identity';
import type { OutgoingMail, SendResult } from '@buyloop/mail';
import {
  buybackAdminRoutes,
  buybackCommandRoutes,
  BuybackNotifier,
  BuybackScheduler,
  BuybackService,
  evolveImeiBlacklist,
  IdempotencyKeys,
  imeiBlacklistStream,
  initialImeiBlacklistState,
  PersonalDataVault,
  type ApprovalFacts,
  type ImeiBlacklistEvent,
} from '@buyloop/buy-back';
import {
  BUYBACKS_PROJECTION,
  buybackQueries,
  buybackQueryRoutes,
  catalogueQuery,
  catalogueRoutes,
} from '@buyloop/buy-back-read-models';

export interface BuyBackOptions {
  readonly events: EventStore;
  readonly documents: DocumentStore;
  readonly market: Market;
  readonly clock: Clock;
  readonly publicUrl: string;
  readonly payoutLimit: number;
  readonly personalDataKey?: Buffer | undefined;
  readonly mailer: { send(message: OutgoingMail): Promise<SendResult> };
  /** What the embedded SMTP catcher holds, for the back office's mail page; null with a real SMTP server. */
  readonly caughtMail?: () => readonly unknown[] | null;
  /** A projection's serving collection (Projector.readCollection). */
  readonly collection: (projection: string) => Promise<string>;
  /** Projector.waitFor: read-your-writes for the command routes. */
  readonly waitFor: (projection: string, checkpoint: string, timeoutMs: number) => Promise<unknown>;
  /** How often the scheduler looks for due steps (expired revised offers, paid buy-backs to complete). */
  readonly schedulerIntervalMs?: number;
  /** Mail retry timing (tests make it short). */
  readonly mailRetry?: { readonly baseDelayMs?: number; readonly maxDelayMs?: number; readonly maxAttempts?: number };
  readonly onError?: (error: unknown) => void;
  /** How long a command's answer waits for the read models to show it (3 s). */
  readonly settleMs?: number;
}

export interface BuyBack {
  readonly routes: SecuredRouter;
  readonly service: BuybackService;
  readonly notifier: BuybackNotifier;
  readonly scheduler: BuybackScheduler;
  readonly vault: PersonalDataVault;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** How long a command's answer waits for the read models to show it. */
const SETTLE_MS = 3_000;

/**
 * Wires the buy-back context: the selector and appraisal, the application
 * service behind the command routes, the read side's routes, the e-mail
 * notifier (a process manager with its own checkpoint, so replays and
 * rebuilds never send mail) and the scheduler of time-driven steps.
 */
export function openBuyBack(options: BuyBackOptions): BuyBack {
  const { events, documents, market, clock } = options;
  const vault = new PersonalDataVault(documents, options.personalDataKey ? { masterKey: options.personalDataKey } : {});
  const catalogue = catalogueQuery(documents, market, () => options.collection('buyout_catalogue'));
  const queries = buybackQueries(documents, (projection) => options.collection(projection));

  const service = new BuybackService({
    events,
    vault,
    idempotency: new IdempotencyKeys(documents, clock),
    catalogue: () => catalogue.current(),
    market,
    clock,
    payoutLimit: options.payoutLimit,
    // The IMEI's own stream, not a read model: an inspection must never miss a listing made a moment ago.
    async isBlacklisted(imei) {
      const stored = await events.readStream(imeiBlacklistStream(imei));
      return stored.reduce(
        (state, event) => evolveImeiBlacklist(state, event as unknown as ImeiBlacklistEvent),
        initialImeiBlacklistState(),
      ).listed;
    },
    async approval(approvalId) {
      const stored = await events.readStream(approvalStream(approvalId));
      return stored.length === 0 ? null : stored.map((event) => ({ type: event.type, data: event.data }) as ApprovalFacts);
    },
  });

  const notifier = new BuybackNotifier({
    events,
    documents,
    mailer: options.mailer,
    opener: vault,
    market,
    publicUrl: options.publicUrl,
    clock,
    ...(options.mailRetry ? { retry: options.mailRetry } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });

  // Every read model a buy-back command or a publication changes: the next page reads any of them.
  const settled = [
    BUYBACKS_PROJECTION,
    'buyback_daily_counts',
    'buyout_catalogue',
    'buyback_price_list_history',
    'imei_blacklist',
  ];
  const settle = async (checkpoint: string | null) => {
    if (!checkpoint) return;
    await Promise.all(
      settled.map((name) => options.waitFor(name, checkpoint, options.settleMs ?? SETTLE_MS).catch(() => undefined)),
    );
  };

  const scheduler = new BuybackScheduler({
    service,
    documents,
    clock,
    settle,
    ...(options.schedulerIntervalMs ? { intervalMs: options.schedulerIntervalMs } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
    due: {
      async revisedOffersExpiredBy(now) {
        return (await queries.revisedOffersExpiredBy(now)).map((document) => document.buyout_number);
      },
      async paidBy(paidBy) {
        return (await queries.paidBy(paidBy)).map((document) => document.buyout_number);
      },
    },
  });

  const routes = new SecuredRouter();
  catalogueRoutes(routes, { market, catalogue });
  buybackCommandRoutes(routes, {
    service,
    market,
    clock,
    settle,
    delivery: (eventId, timeoutMs) => notifier.waitForDelivery(eventId, timeoutMs),
  });
  buybackAdminRoutes(routes, {
    events,
    service,
    market,
    clock,
    catalogue: () => catalogue.current(),
    settle,
    async subjectOf(buyoutNumber) {
      const document = await queries.byNumber(buyoutNumber);
      if (!document) return null;
      const all = await queries.bySubject(document.subject_id);
      return { subjectId: document.subject_id, buyoutNumbers: all.map((d) => d.buyout_number) };
    },
    mail: {
      outbox: (query) => notifier.outbox(query as Parameters<BuybackNotifier['outbox']>[0]),
      retry: (id) => notifier.retry(id),
      caught: () => options.caughtMail?.() ?? null,
    },
  });
  buybackQueryRoutes(routes, { queries, catalogue, vault, market, clock, documents, collection: options.collection });

  return {
    routes,
    service,
    notifier,
    scheduler,
    vault,
    async start() {
      await notifier.start();
      scheduler.start();
    },
    async stop() {
      await scheduler.stop();
      await notifier.stop();
    },
  };
}
