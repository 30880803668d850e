import { randomUUID } from 'node:crypto';
import type { DocumentStore, Filter, Lease, WriteOperation } from '@buyloop/document-store';
import type { EventStore, EventSubscription, RecordedEvent } from '@buyloop/event-store';
import { ConcurrencyConflict, IllegalState, NotFound, type Market } from '@buyloop/kit';
import type { OutgoingMail, SendResult } from '@buyloop/mail';
import type { SealedPersonalData } from '../personal-data/sealed';
import type { OfferContact, SellerDetails } from '../buyback/submit/customer-data';
import {
  DEFAULT_RETRY,
  NOTIFIER_LEASE,
  NOTIFIER_STATE_COLLECTION,
  NOTIFIER_STATE_DEFINITION,
  NOTIFIER_STATE_ID,
  OUTBOX_COLLECTION,
  OUTBOX_DEFINITION,
  backoffDelay,
  outboxItem,
  type DeliveryStatus,
  type DropReason,
  type NotifierState,
  type OutboxDocument,
  type OutboxItem,
  type RetryPolicy,
  type SealedRecipient,
} from './outbox';
import { renderBuybackMail, type BuybackMail, type BuybackMailContext, type BuybackMailKind, type EventData } from './templates';

/*
 * The buy-back's e-mails as a process manager. It follows the event log
 * with a checkpoint of its own (so rebuilding or replaying read models never
 * sends anything), turns each e-mail-worthy event into an outbox entry keyed
 * by the event's id in the same write as the checkpoint (so a crash between
 * the two, or a re-delivered event, never queues an e-mail twice), and a
 * delivery loop sends due entries, retrying failures with back-off.
 *
 * Delivery is at least once in one corner only: a process that dies after
 * the SMTP server accepted a message and before it recorded that sends it
 * again on the next start. Everything else is exactly once.
 */

export interface PersonalDataOpener {
  /** null: the subject's data was erased (its key destroyed). */
  open<T>(sealed: SealedPersonalData): Promise<T | null>;
}

export interface BuybackNotifierOptions {
  readonly events: EventStore;
  readonly documents: DocumentStore;
  readonly mailer: { send(message: OutgoingMail): Promise<SendResult> };
  readonly opener: PersonalDataOpener;
  readonly market: Market;
  /** The storefront's origin the links point to, e.g. `https://buyloop.cz`. */
  readonly publicUrl: string;
  readonly clock?: () => Date;
  readonly retry?: { readonly baseDelayMs?: number; readonly maxDelayMs?: number; readonly maxAttempts?: number };
  /** Store, key-vault and SMTP failures: the notifier keeps going, the caller logs. */
  readonly onError?: (error: unknown) => void;
  /** How often a notifier on standby tries to take over from the process holding the lease (5 s). */
  readonly standbyRetryMs?: number;
  /**
   * Where the very first start reads the log from. 'start' (the default) mails
   * every buy-back event already recorded; 'end' suits introducing the notifier
   * to a shop with a history its customers were already told about.
   */
  readonly firstStart?: 'start' | 'end';
}

export interface Delivery {
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly last_error: string | null;
  readonly sent_at: string | null;
}

/** 'failed_attempt': at least one attempt failed (it is being retried) or the e-mail was given up. */
export type DeliveryWait = 'sent' | 'failed_attempt' | 'pending';

export interface OutboxQuery {
  readonly status?: DeliveryStatus;
  /** 50 unless told; at most 1000. */
  readonly limit?: number;
  readonly offset?: number;
}

export interface OutboxPage {
  readonly items: readonly OutboxItem[];
  readonly total: number;
}

export type NotifierRole = 'stopped' | 'standby' | 'running';

const MAIL_EVENTS: ReadonlyMap<string, BuybackMailKind> = new Map<string, BuybackMailKind>([
  ['OfferEmailed', 'offer_emailed'],
  ['Submitted', 'submitted'],
  ['OfferRevised', 'offer_revised'],
  ['Paid', 'paid'],
]);
/** `buyback-<number>`; the catalogue's stream shares the prefix but none of these event types. */
const BUYBACK_STREAM_PREFIX = 'buyback-';

const BATCH_SIZE = 200;
/** Events that send nothing move the stored checkpoint lazily: re-reading them after a crash costs nothing. */
const CHECKPOINT_EVERY_EVENTS = 1000;
const CHECKPOINT_EVERY_MS = 10_000;
const DUE_PAGE = 25;
/** The delivery loop also looks on its own this often, for entries another process made due (a retry). */
const IDLE_RECHECK_MS = 30_000;
const MIN_IDLE_MS = 10;
/** How often waitForDelivery looks at the store when the delivery happens in another process. */
const WAIT_POLL_MS = 200;
const STORE_BACKOFF_BASE_MS = 1_000;
const STORE_BACKOFF_MAX_MS = 30_000;

/** One tenure of the lease: everything the notifier does while it holds it, ended as a whole. */
class Run {
  ended = false;
  subscription: EventSubscription | undefined;
  following: Promise<void> = Promise.resolve();
  delivering: Promise<void> = Promise.resolve();
  /** Set when something asked the delivery loop to look again while it was busy. */
  requested = false;
  /** The checkpoint of the last event taken, and how many taken events it is ahead of the stored one. */
  unsaved: { checkpoint: string; position: string; events: number } | undefined;
  savedAt = Date.now();
  private readonly idleWakers = new Set<() => void>();
  private resolveEnd: () => void = () => undefined;
  readonly endedSignal = new Promise<void>((resolve) => (this.resolveEnd = resolve));

  constructor(
    readonly lease: Lease,
    readonly fence: string,
  ) {}

  wake(): void {
    this.requested = true;
    for (const waker of [...this.idleWakers]) waker();
  }

  end(): void {
    this.ended = true;
    this.resolveEnd();
    this.wake();
  }

  /** Resolves after `ms`, on wake() or when the run ends. */
  idle(ms: number): Promise<void> {
    if (this.ended || this.requested) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.idleWakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.idleWakers.add(done);
    });
  }
}

export class BuybackNotifier {
  private readonly clock: () => Date;
  private readonly retryPolicy: RetryPolicy;
  private readonly standbyRetryMs: number;
  private stopping = true;
  private starting: Promise<void> | undefined;
  private run: Run | undefined;
  private standbyTimer: ReturnType<typeof setTimeout> | undefined;
  /** A takeover the standby timer began; stop() waits for it, so no run starts behind its back. */
  private takingOver: Promise<void> | undefined;
  private collectionsReady: Promise<void> | undefined;
  /** Counts outcomes recorded by this process, so waitForDelivery need not poll for them. */
  private outcomes = 0;
  private readonly outcomeListeners = new Set<() => void>();

  constructor(private readonly options: BuybackNotifierOptions) {
    this.clock = options.clock ?? (() => new Date());
    const retry = options.retry ?? {};
    this.retryPolicy = {
      baseDelayMs: retry.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs,
      maxDelayMs: retry.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs,
      maxAttempts: retry.maxAttempts ?? DEFAULT_RETRY.maxAttempts,
    };
    const { baseDelayMs, maxDelayMs, maxAttempts } = this.retryPolicy;
    if (!(baseDelayMs >= 0) || !(maxDelayMs >= baseDelayMs)) throw new RangeError('retry needs 0 ≤ baseDelayMs ≤ maxDelayMs');
    if (!Number.isSafeInteger(maxAttempts) || maxAttempts < 1)
      throw new RangeError('retry.maxAttempts must be a positive integer');
    this.standbyRetryMs = options.standbyRetryMs ?? 5_000;
  }

  /** 'standby' while another process holds the lease; this one takes over when that one goes away. */
  get role(): NotifierRole {
    if (this.stopping) return 'stopped';
    return this.run ? 'running' : 'standby';
  }

  /** Resolves once the notifier runs, or stands by because another process does. */
  start(): Promise<void> {
    if (!this.stopping) return this.starting ?? Promise.resolve();
    this.stopping = false;
    this.starting = (async () => {
      try {
        await this.ensureCollections();
      } catch (error) {
        // Nothing runs yet: leave the notifier stopped, so a later start() tries again.
        this.stopping = true;
        throw error;
      }
      await this.takeOver();
    })();
    return this.starting;
  }

  /** Ends the subscription and the delivery loop after the step in progress, and releases the lease. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    await this.starting?.catch(() => undefined);
    if (this.standbyTimer) clearTimeout(this.standbyTimer);
    this.standbyTimer = undefined;
    await this.takingOver;
    const run = this.run;
    if (run) await this.endRun(run);
  }

  /** The delivery of the e-mail an event asked for; null when it is not queued (yet). */
  async deliveryOf(eventId: string): Promise<Delivery | null> {
    await this.ensureCollections();
    const entry = await this.options.documents.get<OutboxDocument>(OUTBOX_COLLECTION, eventId);
    if (!entry) return null;
    return { status: entry.status, attempts: entry.attempts, last_error: entry.last_error, sent_at: entry.sent_at };
  }

  /**
   * Waits up to `timeoutMs` for the first outcome of an event's e-mail:
   * 'sent'; 'failed_attempt' when the first attempt failed (it will be
   * retried) or the e-mail was given up; 'pending' when neither happened in time.
   */
  async waitForDelivery(eventId: string, timeoutMs: number): Promise<DeliveryWait> {
    const deadline = Date.now() + Math.max(0, timeoutMs);
    for (;;) {
      const seen = this.outcomes;
      const verdict = verdictOf(await this.deliveryOf(eventId));
      if (verdict) return verdict;
      const left = deadline - Date.now();
      if (left <= 0) return 'pending';
      if (this.outcomes === seen) await this.nextOutcome(Math.min(left, WAIT_POLL_MS));
    }
  }

  /** The back office's view of the outbox, newest first. */
  async outbox(query: OutboxQuery = {}): Promise<OutboxPage> {
    await this.ensureCollections();
    const filters: Filter[] = query.status ? [{ field: 'status', op: 'equals', value: query.status }] : [];
    const page = await this.options.documents.find<OutboxDocument>(OUTBOX_COLLECTION, {
      filters,
      sort: [
        { field: 'created_at', direction: 'desc' },
        { field: 'position', direction: 'desc' },
      ],
      limit: query.limit ?? 50,
      offset: query.offset ?? 0,
    });
    return { items: page.items.map(({ id, document }) => outboxItem(id, document)), total: page.total };
  }

  /**
   * Queues a failed e-mail again for a full round of attempts. Only failed
   * ones: a pending one is already queued, a sent one would reach the
   * customer twice, a dropped one has no recipient to send to.
   */
  async retry(id: string): Promise<void> {
    await this.ensureCollections();
    const entry = await this.options.documents.get<OutboxDocument>(OUTBOX_COLLECTION, id);
    if (!entry) throw new NotFound('buyback.mail_not_found', `No e-mail ${id} in the outbox`, { id });
    if (entry.status !== 'failed')
      throw new IllegalState('buyback.mail_not_retryable', `E-mail ${id} is ${entry.status}, not failed`, {
        status: entry.status,
      });
    // No fence: the delivery loop never writes a failed entry, so nothing races this write.
    await this.options.documents.upsert(OUTBOX_COLLECTION, id, {
      ...entry,
      status: 'pending',
      round_attempts: 0,
      next_attempt_at: this.now(),
    } satisfies OutboxDocument);
    this.run?.wake();
  }

  // --- lease -------------------------------------------------------------

  private ensureCollections(): Promise<void> {
    this.collectionsReady ??= (async () => {
      await this.options.documents.ensureCollection(OUTBOX_DEFINITION);
      await this.options.documents.ensureCollection(NOTIFIER_STATE_DEFINITION);
    })().catch((error: unknown) => {
      this.collectionsReady = undefined;
      throw error;
    });
    return this.collectionsReady;
  }

  private async takeOver(): Promise<void> {
    this.standbyTimer = undefined;
    if (this.stopping || this.run) return;
    let lease: Lease | null = null;
    try {
      lease = await this.options.documents.tryLease(NOTIFIER_LEASE);
      if (lease && !this.stopping) {
        const run = new Run(lease, randomUUID());
        await this.claim(run);
        if (this.stopping) {
          await lease.release();
          return;
        }
        this.run = run;
        void lease.lost.then(() => this.relinquish(run));
        run.following = this.follow(run);
        run.delivering = this.deliverLoop(run);
        return;
      }
    } catch (error) {
      this.report(error);
    }
    await lease?.release().catch((error: unknown) => this.report(error));
    this.standBy();
  }

  private standBy(): void {
    if (this.stopping || this.standbyTimer) return;
    this.standbyTimer = setTimeout(() => {
      this.takingOver = this.takeOver().finally(() => (this.takingOver = undefined));
    }, this.standbyRetryMs);
    this.standbyTimer.unref?.();
  }

  /**
   * Stamps the state document with this tenure's fence: a process that lost
   * the lease and still has a write in flight can no longer commit it.
   */
  private async claim(run: Run): Promise<void> {
    const stored = await this.options.documents.get<NotifierState>(NOTIFIER_STATE_COLLECTION, NOTIFIER_STATE_ID);
    const state: NotifierState = stored ?? { checkpoint: null, position: '0', updated_at: this.now() };
    await this.options.documents.write([
      { type: 'upsert', collection: NOTIFIER_STATE_COLLECTION, id: NOTIFIER_STATE_ID, document: state, stamp: run.fence },
    ]);
  }

  /** The lease is gone or another process took over: stop working for it and queue up again. */
  private async relinquish(run: Run): Promise<void> {
    if (this.run !== run) return;
    await this.endRun(run);
    this.standBy();
  }

  private async endRun(run: Run): Promise<void> {
    if (this.run === run) this.run = undefined;
    if (!run.ended) {
      run.end();
      await run.subscription?.close().catch((error: unknown) => this.report(error));
    }
    await Promise.all([run.following, run.delivering]);
    await run.lease.release().catch((error: unknown) => this.report(error));
  }

  private fenced(run: Run): { expectStamp: { collection: string; id: string; stamp: string } } {
    return { expectStamp: { collection: NOTIFIER_STATE_COLLECTION, id: NOTIFIER_STATE_ID, stamp: run.fence } };
  }

  // --- following the log ---------------------------------------------------

  /** Follows the log until the run ends; a store failure restarts it from the stored checkpoint. */
  private async follow(run: Run): Promise<void> {
    let failures = 0;
    while (!run.ended) {
      try {
        await this.followOnce(run, () => (failures = 0));
        if (!run.ended) throw new Error('The event subscription ended on its own');
      } catch (error) {
        if (run.ended) return;
        if (error instanceof ConcurrencyConflict) {
          void this.relinquish(run);
          return;
        }
        this.report(error);
        failures += 1;
        const delay = Math.min(STORE_BACKOFF_MAX_MS, STORE_BACKOFF_BASE_MS * 2 ** (failures - 1));
        await Promise.race([run.endedSignal, new Promise((resolve) => setTimeout(resolve, delay).unref?.())]);
      }
    }
  }

  private async followOnce(run: Run, onProgress: () => void): Promise<void> {
    const state = await this.options.documents.get<NotifierState>(NOTIFIER_STATE_COLLECTION, NOTIFIER_STATE_ID);
    run.unsaved = undefined;
    const subscription = this.options.events.subscribe({
      from: state?.checkpoint ?? this.options.firstStart ?? 'start',
      batchSize: BATCH_SIZE,
    });
    run.subscription = subscription;
    if (run.ended) {
      await subscription.close();
      return;
    }
    try {
      for await (const page of subscription.pages ? subscription.pages() : singlePages(subscription)) {
        await this.take(run, page);
        onProgress();
        if (run.ended) break;
      }
      // Leaving cleanly: keep what was passed over, so the next start does not read it again.
      if (run.unsaved) await this.write(run, []);
    } finally {
      await subscription.close();
    }
  }

  private async take(run: Run, page: readonly RecordedEvent[]): Promise<void> {
    const last = page[page.length - 1];
    if (!last) return;
    run.unsaved = {
      checkpoint: last.checkpoint,
      position: last.globalPosition.toString(),
      events: (run.unsaved?.events ?? 0) + page.length,
    };
    const mailing = page.filter((event) => MAIL_EVENTS.has(event.type) && event.stream.startsWith(BUYBACK_STREAM_PREFIX));
    if (mailing.length === 0) {
      if (run.unsaved.events >= CHECKPOINT_EVERY_EVENTS || Date.now() - run.savedAt >= CHECKPOINT_EVERY_MS)
        await this.write(run, []);
      return;
    }
    // A re-delivered event (an engine without atomic batches, a lost checkpoint) finds its entry and leaves it be.
    const queued = await this.options.documents.getMany(
      OUTBOX_COLLECTION,
      mailing.map((event) => event.id),
    );
    const streams = new Map<string, Promise<RecordedEvent[]>>();
    const entries: OutboxDocument[] = [];
    for (const event of mailing) if (!queued.has(event.id)) entries.push(await this.entryFor(event, streams));
    await this.write(run, entries);
    if (entries.length > 0) run.wake();
  }

  /** Queues the entries and stores the checkpoint of the last event taken, in one write. */
  private async write(run: Run, entries: readonly OutboxDocument[]): Promise<void> {
    const unsaved = run.unsaved;
    if (!unsaved) return;
    const state: NotifierState = { checkpoint: unsaved.checkpoint, position: unsaved.position, updated_at: this.now() };
    const operations: WriteOperation[] = [
      ...entries.map((entry): WriteOperation => ({
        type: 'upsert',
        collection: OUTBOX_COLLECTION,
        id: entry.event_id,
        document: entry,
      })),
      { type: 'upsert', collection: NOTIFIER_STATE_COLLECTION, id: NOTIFIER_STATE_ID, document: state, stamp: run.fence },
    ];
    await this.options.documents.write(operations, this.fenced(run));
    if (run.unsaved === unsaved) run.unsaved = undefined;
    run.savedAt = Date.now();
  }

  private async entryFor(event: RecordedEvent, streams: Map<string, Promise<RecordedEvent[]>>): Promise<OutboxDocument> {
    const kind = MAIL_EVENTS.get(event.type)!;
    let buyback: BuybackMailContext | null;
    let recipient: SealedRecipient | null;
    if (kind === 'offer_emailed') {
      const data = event.data as EventData<'OfferEmailed'>;
      buyback = { buyoutNumber: data.buyoutNumber, deviceLabel: data.deviceLabel, currency: data.currency };
      recipient = { holds: 'contact', sealed: data.contact };
    } else if (kind === 'submitted') {
      const data = event.data as EventData<'Submitted'>;
      buyback = { buyoutNumber: data.buyoutNumber, deviceLabel: data.device.label, currency: data.currency };
      recipient = { holds: 'seller', sealed: data.customer };
    } else {
      // Later events name neither the customer nor the device: the sale (or the offer before it) does.
      let history = streams.get(event.stream);
      if (!history) {
        history = this.options.events.readStream(event.stream);
        streams.set(event.stream, history);
      }
      ({ buyback, recipient } = contextOf((await history).filter((e) => e.streamVersion < event.streamVersion)));
    }
    const now = this.now();
    return {
      event_id: event.id,
      event_type: event.type,
      stream: event.stream,
      position: Number(event.globalPosition),
      kind,
      buyout_number: buyback?.buyoutNumber ?? event.stream.slice(BUYBACK_STREAM_PREFIX.length),
      status: 'pending',
      attempts: 0,
      round_attempts: 0,
      next_attempt_at: now,
      last_attempt_at: null,
      last_error: null,
      sent_at: null,
      message_id: null,
      dropped_reason: null,
      created_at: event.recordedAt.toISOString(),
      enqueued_at: now,
      event: event.data as Readonly<Record<string, unknown>>,
      buyback,
      recipient,
    };
  }

  // --- delivering ----------------------------------------------------------

  private async deliverLoop(run: Run): Promise<void> {
    let failures = 0;
    while (!run.ended) {
      run.requested = false;
      let wait: number;
      try {
        const { delivered, nextDue } = await this.deliverDue(run);
        failures = 0;
        wait = nextDue === null ? IDLE_RECHECK_MS : Math.min(IDLE_RECHECK_MS, nextDue - this.clock().getTime());
        // An injected clock that runs slow (or stands still in a test) must not turn the wait into a busy loop.
        if (delivered === 0) wait = Math.max(wait, MIN_IDLE_MS);
      } catch (error) {
        if (run.ended) return;
        if (error instanceof ConcurrencyConflict) {
          void this.relinquish(run);
          return;
        }
        this.report(error);
        failures += 1;
        wait = Math.min(STORE_BACKOFF_MAX_MS, STORE_BACKOFF_BASE_MS * 2 ** (failures - 1));
      }
      await run.idle(wait);
    }
  }

  /** Sends a page of due entries; answers how many it took and when the next pending one is due (epoch ms, null: none). */
  private async deliverDue(run: Run): Promise<{ delivered: number; nextDue: number | null }> {
    const { documents } = this.options;
    const pending: Filter = { field: 'status', op: 'equals', value: 'pending' };
    const due = await documents.find<OutboxDocument>(OUTBOX_COLLECTION, {
      filters: [pending, { field: 'next_attempt_at', op: 'range', lte: this.now() }],
      sort: [
        { field: 'next_attempt_at', direction: 'asc' },
        { field: 'position', direction: 'asc' },
      ],
      limit: DUE_PAGE,
    });
    for (const { id, document } of due.items) {
      if (run.ended) return { delivered: 0, nextDue: null };
      await this.deliver(run, id, document);
    }
    const next = await documents.find<OutboxDocument>(OUTBOX_COLLECTION, {
      filters: [pending],
      sort: [{ field: 'next_attempt_at', direction: 'asc' }],
      limit: 1,
    });
    const at = next.items[0]?.document.next_attempt_at;
    return { delivered: due.items.length, nextDue: at ? Date.parse(at) : null };
  }

  private async deliver(run: Run, id: string, entry: OutboxDocument): Promise<void> {
    if (!entry.recipient || !entry.buyback) return this.drop(run, id, entry, 'recipient_unknown');
    let message: OutgoingMail;
    try {
      const opened = await this.options.opener.open<SellerDetails | OfferContact>(entry.recipient.sealed);
      if (opened === null) return this.drop(run, id, entry, 'personal_data_erased');
      message = this.compose(entry, entry.buyback, entry.recipient, opened);
    } catch (error) {
      // The key vault being unreachable is as passing as the SMTP server being down.
      return this.failed(run, id, entry, error);
    }
    if (run.ended) return;
    let result: SendResult;
    try {
      result = await this.options.mailer.send(message);
    } catch (error) {
      return this.failed(run, id, entry, error);
    }
    const now = this.now();
    await this.record(run, id, {
      ...entry,
      status: 'sent',
      attempts: entry.attempts + 1,
      round_attempts: entry.round_attempts + 1,
      last_attempt_at: now,
      next_attempt_at: null,
      sent_at: now,
      message_id: result.messageId,
    });
  }

  private compose(
    entry: OutboxDocument,
    buyback: BuybackMailContext,
    recipient: SealedRecipient,
    opened: SellerDetails | OfferContact,
  ): OutgoingMail {
    const seller = recipient.holds === 'seller' ? (opened as SellerDetails) : null;
    const contact = recipient.holds === 'contact' ? (opened as OfferContact) : null;
    const to = seller ? seller.customer_data.e_mail : contact!.e_mail;
    const mail: BuybackMail = ((): BuybackMail => {
      switch (entry.kind) {
        case 'offer_emailed':
          return { kind: 'offer_emailed', offer: entry.event as EventData<'OfferEmailed'>, contact: contact! };
        case 'submitted':
          return { kind: 'submitted', submitted: entry.event as EventData<'Submitted'>, seller: seller! };
        case 'offer_revised':
          return {
            kind: 'offer_revised',
            revised: entry.event as EventData<'OfferRevised'>,
            buyback,
            accessToken: opened.access_token,
          };
        case 'paid':
          return { kind: 'paid', paid: entry.event as EventData<'Paid'>, buyback, seller };
      }
    })();
    const rendered = renderBuybackMail(mail, { market: this.options.market, publicUrl: this.options.publicUrl });
    return { to, subject: rendered.subject, text: rendered.text, html: rendered.html };
  }

  private drop(run: Run, id: string, entry: OutboxDocument, reason: DropReason): Promise<void> {
    return this.record(run, id, { ...entry, status: 'dropped', dropped_reason: reason, next_attempt_at: null });
  }

  private failed(run: Run, id: string, entry: OutboxDocument, error: unknown): Promise<void> {
    this.report(error);
    const now = this.clock();
    const round = entry.round_attempts + 1;
    const givenUp = round >= this.retryPolicy.maxAttempts;
    return this.record(run, id, {
      ...entry,
      status: givenUp ? 'failed' : 'pending',
      attempts: entry.attempts + 1,
      round_attempts: round,
      last_attempt_at: now.toISOString(),
      last_error: error instanceof Error ? error.message : String(error),
      next_attempt_at: givenUp ? null : new Date(now.getTime() + backoffDelay(round, this.retryPolicy)).toISOString(),
    });
  }

  private async record(run: Run, id: string, entry: OutboxDocument): Promise<void> {
    await this.options.documents.write(
      [{ type: 'upsert', collection: OUTBOX_COLLECTION, id, document: entry }],
      this.fenced(run),
    );
    this.outcomes += 1;
    for (const listener of [...this.outcomeListeners]) listener();
  }

  private nextOutcome(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.outcomeListeners.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.outcomeListeners.add(done);
    });
  }

  private now(): string {
    return this.clock().toISOString();
  }

  private report(error: unknown): void {
    try {
      this.options.onError?.(error);
    } catch {
      // A failing logger must not stop the e-mails.
    }
  }
}

function verdictOf(delivery: Delivery | null): DeliveryWait | null {
  if (!delivery) return null;
  if (delivery.status === 'sent') return 'sent';
  if (delivery.status === 'failed' || delivery.status === 'dropped' || delivery.attempts > 0) return 'failed_attempt';
  return null;
}

/** The sale's sealed seller details if it was sold, else the e-mailed offer's contact. */
function contextOf(history: readonly RecordedEvent[]): {
  buyback: BuybackMailContext | null;
  recipient: SealedRecipient | null;
} {
  const submitted = [...history].reverse().find((e) => e.type === 'Submitted');
  if (submitted) {
    const data = submitted.data as EventData<'Submitted'>;
    return {
      buyback: { buyoutNumber: data.buyoutNumber, deviceLabel: data.device.label, currency: data.currency },
      recipient: { holds: 'seller', sealed: data.customer },
    };
  }
  const offered = [...history].reverse().find((e) => e.type === 'OfferEmailed');
  if (offered) {
    const data = offered.data as EventData<'OfferEmailed'>;
    return {
      buyback: { buyoutNumber: data.buyoutNumber, deviceLabel: data.deviceLabel, currency: data.currency },
      recipient: { holds: 'contact', sealed: data.contact },
    };
  }
  return { buyback: null, recipient: null };
}

async function* singlePages(subscription: AsyncIterable<RecordedEvent>): AsyncGenerator<readonly RecordedEvent[]> {
  for await (const event of subscription) yield [event];
}
