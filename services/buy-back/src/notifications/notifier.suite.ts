import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, PostgresEventStore, pgClient, pgliteClient, type EventStore, type SqlClient } from '@buyloop/event-store';
import { PostgresDocumentStore, type DocumentStore } from '@buyloop/document-store';
import {
  systemActor,
  type Deliverer,
  type Market,
  type OutboxRetryPolicy,
  type ProcessManager,
  type ProcessManagerOutbox,
} from '@buyloop/kit';
import { createMailer, startMailCatcher, type CaughtMail, type MailCatcher, type Mailer, type OutgoingMail } from '@buyloop/mail';
import type { BuybackEvent } from '../buyback/events';
import type { CustomerData, OfferContact, SellerDetails } from '../buyback/submit/customer-data';
import type { SealedPersonalData } from '../personal-data/sealed';
import { BUYBACK_IMEI, buybackAt, buybackHistory } from '../testing';
import { buybackMailDeliverer, type BuybackMailDeliveryOptions, type PersonalDataOpener } from './mail-delivery';
import { BUYBACK_MAIL_PROCESS, buybackMailProcess } from './mail-process';
import { BuybackMailbox } from './mailbox';
import type { MailWork } from './outbox';
import type { EventData } from './templates';

/*
 * The notifier (the buy-back's mail process manager on the shared runner,
 * read through its mailbox) against real stores (PGlite always, the
 * PostgreSQL server when DATABASE_URL is set), real SMTP into the catcher,
 * and real events. The runner comes from the read side's process-manager
 * runner (read-models/projector), which this package may not import: the
 * files that run the suite (read-models/buy-back) hand it in.
 */

/** The shared process-manager runner, as far as this suite drives it. */
export interface NotifierRunner {
  readonly role: 'stopped' | 'standby' | 'running';
  readonly outbox: ProcessManagerOutbox<MailWork>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface ProcessManagerPlatform {
  /** Where the runner keeps a manager's checkpoint (a document whose id is the manager's name) and its outbox. */
  storage(name: string): { readonly stateCollection: string; readonly outboxCollection: string };
  run(options: {
    readonly events: EventStore;
    readonly documents: DocumentStore;
    readonly manager: ProcessManager<MailWork>;
    readonly deliverer: Deliverer<MailWork>;
    readonly clock?: () => Date;
    readonly retry?: Partial<OutboxRetryPolicy>;
    readonly onError?: (error: unknown) => void;
    readonly standbyRetryMs?: number;
  }): NotifierRunner;
}

interface NotifierOptions {
  readonly mailer: BuybackMailDeliveryOptions['mailer'];
  readonly retry: Partial<OutboxRetryPolicy>;
  readonly clock: () => Date;
  readonly standbyRetryMs: number;
}

/** The runner and the mailbox over its outbox: what the buy-back module wires together. */
type Notifier = Pick<NotifierRunner, 'role' | 'start' | 'stop'> &
  Pick<BuybackMailbox, 'deliveryOf' | 'waitForDelivery' | 'outbox' | 'retry'>;

const nbsp = (text: string): string => text.replaceAll(' ', '\u00a0');

/** Stands in for the personal-data vault: known blobs open, an erased subject's open to null. */
class TestVault implements PersonalDataOpener {
  private readonly blobs = new Map<string, unknown>();
  private readonly erased = new Set<string>();

  seal(subjectId: string, value: SellerDetails | OfferContact): SealedPersonalData {
    const ciphertext = Buffer.from(randomUUID()).toString('base64');
    this.blobs.set(ciphertext, value);
    return { subjectId, algorithm: 'aes-256-gcm', iv: 'AAAAAAAAAAAAAAAA', ciphertext };
  }

  erase(subjectId: string): void {
    this.erased.add(subjectId);
  }

  async open<T>(sealed: SealedPersonalData): Promise<T | null> {
    if (this.erased.has(sealed.subjectId)) return null;
    const value = this.blobs.get(sealed.ciphertext);
    if (value === undefined) throw new Error(`Cannot open data sealed for ${sealed.subjectId}`);
    return value as T;
  }
}

const customerData = (email: string): CustomerData => ({
  personal_identification_number: '8551011234',
  birth_date: '1985-01-01',
  identity_card_number: '123456789',
  identity_released_by: 'MěÚ Praha 1',
  identity_valid_to: null,
  degree_before_name: null,
  first_name: 'Jana',
  last_name: 'Nováková',
  gender: 'female',
  district: null,
  street: 'Dlouhá 5',
  city: 'Praha',
  country: 'CZ',
  postcode: '110 00',
  phone_number: '+420601123456',
  nationality: 'CZ',
  place_of_birth: 'Brno',
  e_mail: email,
  bank_account_full_number: '19-2000145399',
  bank_code: '0800',
});

type Typed<T extends BuybackEvent['type']> = Extract<BuybackEvent, { type: T }>;
const base = {
  offer: (buybackHistory.offerEmailed as Typed<'OfferEmailed'>).data,
  sale: (buybackHistory.submitted('courier') as Typed<'Submitted'>).data,
};

/** Builds a buy-back's events with its own number and personal data sealed in the vault. */
function buyback(vault: TestVault, number: string, email: string, currency: 'CZK' | 'RON' = 'CZK') {
  const subjectId = `subject-${number}`;
  const token = `token-${number}`;
  return {
    stream: `buyback-${number}`,
    subjectId,
    token,
    email,
    offerEmailed(note: string | null = null, price = 9000): BuybackEvent {
      const contact = vault.seal(subjectId, { e_mail: email, note, access_token: token });
      return {
        type: 'OfferEmailed',
        data: { ...base.offer, buyoutNumber: number, subjectId, contact, price, currency },
      };
    },
    submitted(pickup: 'courier' | 'centre' = 'courier', price = 9000): BuybackEvent {
      const customer = vault.seal(subjectId, { customer_data: customerData(email), pickup_address: null, access_token: token });
      const data: EventData<'Submitted'> = { ...base.sale, buyoutNumber: number, subjectId, customer, pickup, price, currency };
      return { type: 'Submitted', data };
    },
    revised(previousPrice = 9000, price = 7000): BuybackEvent {
      return {
        type: 'OfferRevised',
        data: {
          previousPrice,
          price,
          reasons: [
            { questionId: 'display', reason: 'Hluboké škrábance na displeji' },
            { questionId: 'body', reason: 'Promáčklý rám' },
          ],
          expiresAt: '2026-11-20T10:00:00.000Z',
          at: buybackAt(5),
        },
      };
    },
    paid(amount = 9000): BuybackEvent {
      return { type: 'Paid', data: { amount, currency, paymentReference: `PAY-${number}`, at: buybackAt(7) } };
    },
  };
}

async function eventually<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port where nothing listens (a catcher listened there a moment ago, so it is free). */
async function freePort(): Promise<number> {
  const probe = await startMailCatcher();
  const { port } = probe;
  await probe.close();
  return port;
}

interface World {
  readonly events: PostgresEventStore;
  readonly documents: PostgresDocumentStore;
  readonly vault: TestVault;
  readonly catcher: MailCatcher;
  readonly mailer: Mailer;
  readonly errors: unknown[];
  notifier(options?: Partial<NotifierOptions>): Notifier;
  /** Appends events to a stream, each with an id of its own; answers the ids. */
  append(stream: string, ...events: BuybackEvent[]): Promise<string[]>;
  /** Caught e-mails to `to` whose subject contains `subject`. */
  caught(to: string, subject?: string): CaughtMail[];
  close(): Promise<void>;
}

export function notifierSuite(engine: 'pglite' | 'postgres', platform: ProcessManagerPlatform): void {
  const { stateCollection: NOTIFIER_STATE_COLLECTION, outboxCollection: OUTBOX_COLLECTION } =
    platform.storage(BUYBACK_MAIL_PROCESS);
  describe(`buy-back notifier (${engine})`, () => {
    let sql: SqlClient;
    let world: World | undefined;

    beforeAll(async () => {
      sql = engine === 'pglite' ? await pgliteClient() : pgClient({ connectionString: process.env.DATABASE_URL! });
    });
    afterAll(async () => {
      await sql.close();
    });
    afterEach(async () => {
      await world?.close();
      world = undefined;
    });

    async function open(market: Market = 'cz', catcher?: MailCatcher): Promise<World> {
      const id = randomUUID().replaceAll('-', '').slice(0, 10);
      const eventsSchema = `t_nfev_${id}`;
      const documentsSchema = `t_nfrm_${id}`;
      const events = await PostgresEventStore.create(sql, { schema: eventsSchema, ownsClient: false, pollIntervalMs: 20 });
      const documents = await PostgresDocumentStore.create(sql, { schema: documentsSchema, ownsClient: false });
      const mailCatcher = catcher ?? (await startMailCatcher());
      const mailer = createMailer({ host: mailCatcher.host, port: mailCatcher.port, from: 'Buyloop <vykup@buyloop.invalid>' });
      const vault = new TestVault();
      const errors: unknown[] = [];
      const notifiers: Notifier[] = [];
      const created: World = {
        events,
        documents,
        vault,
        catcher: mailCatcher,
        mailer,
        errors,
        notifier(options = {}) {
          const runner = platform.run({
            events,
            documents,
            manager: buybackMailProcess,
            deliverer: buybackMailDeliverer({
              mailer: options.mailer ?? mailer,
              opener: vault,
              market,
              publicUrl: market === 'cz' ? 'https://buyloop.cz' : 'https://buyloop.ro',
            }),
            onError: (error) => errors.push(error),
            standbyRetryMs: options.standbyRetryMs ?? 50,
            ...(options.retry ? { retry: options.retry } : {}),
            ...(options.clock ? { clock: options.clock } : {}),
          });
          const mailbox = new BuybackMailbox(runner.outbox);
          const notifier: Notifier = {
            get role() {
              return runner.role;
            },
            start: () => runner.start(),
            stop: () => runner.stop(),
            deliveryOf: (eventId) => mailbox.deliveryOf(eventId),
            waitForDelivery: (eventId, timeoutMs) => mailbox.waitForDelivery(eventId, timeoutMs),
            outbox: (query) => mailbox.outbox(query),
            retry: (id) => mailbox.retry(id),
          };
          notifiers.push(notifier);
          return notifier;
        },
        async append(stream, ...list) {
          const withIds = list.map((event) => ({ ...event, id: randomUUID() }));
          await events.append(stream, withIds, { actor: systemActor, market });
          return withIds.map((event) => event.id);
        },
        caught(to, subject) {
          return mailCatcher
            .messages()
            .filter((m) => m.to.includes(to) && (subject === undefined || m.subject.includes(subject)));
        },
        async close() {
          await Promise.all(notifiers.map((n) => n.stop()));
          await mailer.close();
          await mailCatcher.close();
          await events.close();
          await documents.close();
          if (engine === 'postgres') await dropSchemas(sql, [eventsSchema, documentsSchema]);
        },
      };
      world = created;
      return created;
    }

    it('sends each of the four e-mails once, in Czech, with the token link and the formatted price', async () => {
      const w = await open();
      const offered = buyback(w.vault, 'B-2001', 'offer@example.cz');
      const revisedSale = buyback(w.vault, 'B-2002', 'revised@example.cz');
      const paidSale = buyback(w.vault, 'B-2003', 'paid@example.cz');
      const [offerId] = await w.append(offered.stream, offered.offerEmailed('Prosím o rychlé vyřízení <b>'));
      await w.append(
        revisedSale.stream,
        revisedSale.submitted('courier'),
        buybackHistory.pickupOrdered,
        buybackHistory.received,
        buybackHistory.inspected(),
      );
      await w.append(paidSale.stream, paidSale.submitted('centre'), buybackHistory.received, buybackHistory.inspected());
      const notifier = w.notifier();
      await notifier.start();
      expect(notifier.role).toBe('running');
      expect(await notifier.waitForDelivery(offerId!, 10_000)).toBe('sent');

      const offer = await w.catcher.waitFor((m) => m.to.includes('offer@example.cz'));
      expect(offer.subject).toBe(`Nabídka výkupu B-2001: iPhone 13 128 GB, Midnight za ${nbsp('9 000 Kč')}`);
      expect(offer.text).toContain('https://buyloop.cz/vykup/nabidka/B-2001?token=token-B-2001');
      expect(offer.text).toContain('Vaše poznámka: Prosím o rychlé vyřízení <b>');
      expect(offer.html).toContain('Prosím o rychlé vyřízení &lt;b&gt;');
      expect(offer.html).toContain('href="https://buyloop.cz/vykup/nabidka/B-2001?token=token-B-2001"');

      const confirmation = await w.catcher.waitFor(
        (m) => m.to.includes('revised@example.cz') && m.subject.startsWith('Potvrzení'),
      );
      expect(confirmation.subject).toBe('Potvrzení výkupu B-2002: iPhone 13 128 GB, Midnight');
      expect(confirmation.text).toContain(`IMEI zařízení: ${BUYBACK_IMEI}`);
      expect(confirmation.text).toContain(`Výkupní cena: ${nbsp('9 000 Kč')}`);
      expect(confirmation.text).toContain('kurýra');
      expect(confirmation.text).toContain('Odkaz je osobní');
      expect(confirmation.text).toContain('https://buyloop.cz/vykup/stav/B-2002?token=token-B-2002');
      const atCentre = await w.catcher.waitFor((m) => m.to.includes('paid@example.cz') && m.subject.startsWith('Potvrzení'));
      expect(atCentre.text).toContain('výkupního centra Buyloop');

      // Later events name neither the device nor the customer: the notifier finds them in the stream.
      const [revisedId] = await w.append(revisedSale.stream, revisedSale.revised());
      const [approvedId, , paidId] = await w.append(
        paidSale.stream,
        buybackHistory.approved,
        buybackHistory.payoutOrdered,
        paidSale.paid(),
      );
      expect(await notifier.waitForDelivery(revisedId!, 10_000)).toBe('sent');
      expect(await notifier.waitForDelivery(paidId!, 10_000)).toBe('sent');
      const [revised] = w.caught('revised@example.cz', 'Upravená nabídka');
      expect(revised!.subject).toBe('Upravená nabídka k výkupu B-2002');
      expect(revised!.text).toContain(`Původní cena: ${nbsp('9 000 Kč')}`);
      expect(revised!.text).toContain(`Nová cena: ${nbsp('7 000 Kč')}`);
      expect(revised!.text).toContain('- Hluboké škrábance na displeji\n- Promáčklý rám');
      expect(revised!.text).toContain('do 20.11.2026');
      expect(revised!.text).toContain('zdarma vrátíme');
      expect(revised!.text).toContain('https://buyloop.cz/vykup/stav/B-2002?token=token-B-2002');
      const [paid] = w.caught('paid@example.cz', 'peníze jsme odeslali');
      expect(paid!.text).toContain(`na bankovní účet …5399/0800 odeslali ${nbsp('9 000 Kč')}`);
      expect(paid!.text).toContain('Platební reference: PAY-B-2003');

      // Pickup, receipt, inspection, approval and payout order are no e-mails.
      expect(w.catcher.messages()).toHaveLength(5);
      expect(await notifier.deliveryOf(approvedId!)).toBeNull();
      expect(await notifier.deliveryOf(paidId!)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      const listed = await notifier.outbox();
      expect(listed.total).toBe(5);
      expect(listed.items[0]).toMatchObject({ id: paidId, kind: 'paid', buyout_number: 'B-2003', status: 'sent' });
      expect(listed.items.map((item) => item.kind).sort()).toEqual([
        'offer_emailed',
        'offer_revised',
        'paid',
        'submitted',
        'submitted',
      ]);
      expect(w.errors).toEqual([]);
    });

    it('after a restart sends nothing twice, and sends what was appended while it was stopped', async () => {
      const w = await open();
      const first = buyback(w.vault, 'B-3001', 'first@example.cz');
      const second = buyback(w.vault, 'B-3002', 'second@example.cz');
      const third = buyback(w.vault, 'B-3003', 'third@example.cz');
      const one = w.notifier();
      await one.start();
      const [firstId] = await w.append(first.stream, first.offerEmailed());
      expect(await one.waitForDelivery(firstId!, 10_000)).toBe('sent');
      await one.stop();
      expect(one.role).toBe('stopped');

      const [secondId] = await w.append(second.stream, second.submitted());
      await w.append(second.stream, buybackHistory.pickupOrdered, buybackHistory.received);
      const two = w.notifier();
      await two.start();
      expect(await two.waitForDelivery(secondId!, 10_000)).toBe('sent');
      await pause(300);
      expect(w.caught('first@example.cz')).toHaveLength(1);
      expect(w.caught('second@example.cz')).toHaveLength(1);
      await two.stop();

      // A lost checkpoint replays the whole log: the outbox, keyed by event id, still sends each e-mail once.
      expect(await w.documents.delete(NOTIFIER_STATE_COLLECTION, 'buyback-notifier')).toBe(true);
      const three = w.notifier();
      await three.start();
      const [thirdId] = await w.append(third.stream, third.offerEmailed());
      expect(await three.waitForDelivery(thirdId!, 10_000)).toBe('sent');
      await pause(300);
      expect(w.caught('first@example.cz')).toHaveLength(1);
      expect(w.caught('second@example.cz')).toHaveLength(1);
      expect(w.caught('third@example.cz')).toHaveLength(1);
      expect((await three.outbox()).total).toBe(3);
    });

    it('retries with growing delays while nothing listens on the SMTP port, and delivers once a server does', async () => {
      const port = await freePort();
      const w = await open();
      const unreachable = createMailer({ host: '127.0.0.1', port, from: 'Buyloop <vykup@buyloop.invalid>' });
      const notifier = w.notifier({ mailer: unreachable, retry: { baseDelayMs: 20, maxDelayMs: 200 } });
      await notifier.start();
      const sale = buyback(w.vault, 'B-4001', 'retry@example.cz');
      const [id] = await w.append(sale.stream, sale.submitted());
      // What the send-to-e-mail route answers as email_sent: false.
      expect(await notifier.waitForDelivery(id!, 10_000)).toBe('failed_attempt');
      const failing = await eventually(async () => {
        const delivery = await notifier.deliveryOf(id!);
        return delivery && delivery.attempts >= 3 ? delivery : null;
      });
      expect(failing.status).toBe('pending');
      expect(failing.last_error).toMatch(/ECONNREFUSED/);
      const [listed] = (await notifier.outbox({ status: 'pending' })).items;
      expect(listed).toMatchObject({ id, status: 'pending' });
      expect(Date.parse(listed!.next_attempt_at!)).toBeGreaterThan(Date.parse(listed!.last_attempt_at!));

      const late = await startMailCatcher({ port });
      try {
        const mail = await late.waitFor((m) => m.to.includes('retry@example.cz'), 10_000);
        expect(mail.subject).toContain('B-4001');
        const sent = await eventually(async () => {
          const delivery = await notifier.deliveryOf(id!);
          return delivery?.status === 'sent' ? delivery : null;
        });
        expect(sent.attempts).toBeGreaterThanOrEqual(4);
        expect(sent.sent_at).not.toBeNull();
        await pause(200);
        expect(late.messages()).toHaveLength(1);
      } finally {
        unreachable.close();
        await late.close();
      }
    });

    it('doubles the wait after each failure, counts the attempts, gives up after maxAttempts and sends again on retry', async () => {
      const w = await open();
      const attempts: number[] = [];
      let failuresLeft = 3;
      const flaky = {
        async send(message: OutgoingMail) {
          attempts.push(Date.now());
          if (failuresLeft > 0) {
            failuresLeft -= 1;
            throw new Error('421 Service not available, closing transmission channel');
          }
          return w.mailer.send(message);
        },
      };
      const notifier = w.notifier({ mailer: flaky, retry: { baseDelayMs: 40, maxDelayMs: 1_000, maxAttempts: 2 } });
      await notifier.start();
      const sale = buyback(w.vault, 'B-5001', 'flaky@example.cz');
      const [id] = await w.append(sale.stream, sale.offerEmailed());

      const failed = await eventually(async () => {
        const delivery = await notifier.deliveryOf(id!);
        return delivery?.status === 'failed' ? delivery : null;
      });
      expect(failed).toMatchObject({ attempts: 2, last_error: '421 Service not available, closing transmission channel' });
      expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(40);
      await pause(300);
      expect(attempts).toHaveLength(2);
      expect((await notifier.outbox({ status: 'failed' })).items.map((item) => item.id)).toEqual([id]);
      expect(w.caught('flaky@example.cz')).toHaveLength(0);

      await notifier.retry(id!);
      const sent = await eventually(async () => {
        const delivery = await notifier.deliveryOf(id!);
        return delivery?.status === 'sent' ? delivery : null;
      });
      expect(sent.attempts).toBe(4);
      // The retry starts a new round: its first failure waits the base delay again, not four times it.
      expect(attempts[3]! - attempts[2]!).toBeGreaterThanOrEqual(40);
      expect(w.caught('flaky@example.cz')).toHaveLength(1);

      await expect(notifier.retry(id!)).rejects.toMatchObject({ code: 'buyback.mail_not_retryable' });
      await expect(notifier.retry(randomUUID())).rejects.toMatchObject({ code: 'buyback.mail_not_found' });
    });

    it('backs off exponentially: each wait at least doubles the one before', async () => {
      const w = await open();
      const attempts: number[] = [];
      let failuresLeft = 4;
      const flaky = {
        async send(message: OutgoingMail) {
          attempts.push(Date.now());
          if (failuresLeft-- > 0) throw new Error('connection reset');
          return w.mailer.send(message);
        },
      };
      const notifier = w.notifier({ mailer: flaky, retry: { baseDelayMs: 50, maxDelayMs: 10_000 } });
      await notifier.start();
      const sale = buyback(w.vault, 'B-5101', 'backoff@example.cz');
      const [id] = await w.append(sale.stream, sale.offerEmailed());
      await eventually(async () => (await notifier.deliveryOf(id!))?.status === 'sent');
      expect(attempts).toHaveLength(5);
      const gaps = attempts.slice(1).map((at, i) => at - attempts[i]!);
      gaps.forEach((gap, i) => expect(gap, `wait after failure ${i + 1}`).toBeGreaterThanOrEqual(50 * 2 ** i));
      expect(await notifier.deliveryOf(id!)).toMatchObject({ status: 'sent', attempts: 5, last_error: 'connection reset' });
    });

    it('drops the e-mail of an erased subject without sending it, also while it waits for a retry', async () => {
      const w = await open();
      let failing = true;
      const mailer = {
        send: (message: OutgoingMail) => (failing ? Promise.reject(new Error('SMTP down')) : w.mailer.send(message)),
      };
      const notifier = w.notifier({ mailer, retry: { baseDelayMs: 50, maxDelayMs: 100 } });
      await notifier.start();
      const erased = buyback(w.vault, 'B-6001', 'erased@example.cz');
      const waiting = buyback(w.vault, 'B-6002', 'waiting@example.cz');
      const kept = buyback(w.vault, 'B-6003', 'kept@example.cz');
      w.vault.erase(erased.subjectId);
      const [erasedId] = await w.append(erased.stream, erased.offerEmailed());
      expect(await notifier.waitForDelivery(erasedId!, 10_000)).toBe('failed_attempt');
      expect(await notifier.deliveryOf(erasedId!)).toMatchObject({ status: 'dropped', attempts: 0, sent_at: null });
      const [dropped] = (await notifier.outbox({ status: 'dropped' })).items;
      expect(dropped).toMatchObject({ id: erasedId, dropped_reason: 'personal_data_erased' });

      const [waitingId] = await w.append(waiting.stream, waiting.submitted());
      expect(await notifier.waitForDelivery(waitingId!, 10_000)).toBe('failed_attempt');
      w.vault.erase(waiting.subjectId);
      failing = false;
      const [keptId] = await w.append(kept.stream, kept.offerEmailed());
      expect(await notifier.waitForDelivery(keptId!, 10_000)).toBe('sent');
      await eventually(async () => (await notifier.deliveryOf(waitingId!))?.status === 'dropped');
      expect(w.caught('erased@example.cz')).toHaveLength(0);
      expect(w.caught('waiting@example.cz')).toHaveLength(0);
      expect(w.caught('kept@example.cz')).toHaveLength(1);
    });

    it('writes Romanian e-mails for the Romanian market, with lei and the Romanian addresses', async () => {
      const w = await open('ro');
      const notifier = w.notifier();
      await notifier.start();
      const sale = buyback(w.vault, 'R-1001', 'ion@example.ro', 'RON');
      const [offerId, saleId] = await w.append(sale.stream, sale.offerEmailed(null, 1200), sale.submitted('courier', 1200));
      expect(await notifier.waitForDelivery(offerId!, 10_000)).toBe('sent');
      expect(await notifier.waitForDelivery(saleId!, 10_000)).toBe('sent');
      const [offer] = w.caught('ion@example.ro', 'Oferta de răscumpărare');
      expect(offer!.subject).toBe(`Oferta de răscumpărare R-1001: iPhone 13 128 GB, Midnight pentru ${nbsp('1.200 lei')}`);
      expect(offer!.text).toMatch(/^Bună ziua,/);
      expect(offer!.text).toContain('https://buyloop.ro/rascumparare/oferta/R-1001?token=token-R-1001');
      const [confirmation] = w.caught('ion@example.ro', 'Confirmarea');
      expect(confirmation!.text).toContain(`Prețul de răscumpărare: ${nbsp('1.200 lei')}`);
      expect(confirmation!.text).toContain('Linkul este personal');
      expect(confirmation!.text).toContain('https://buyloop.ro/rascumparare/stare/R-1001?token=token-R-1001');
    });

    it('runs in one process at a time: a second one stands by and takes over when the first stops', async () => {
      const w = await open();
      const first = w.notifier();
      const second = w.notifier();
      await first.start();
      await second.start();
      expect(first.role).toBe('running');
      expect(second.role).toBe('standby');
      const before = buyback(w.vault, 'B-7001', 'before@example.cz');
      const [beforeId] = await w.append(before.stream, before.offerEmailed());
      expect(await second.waitForDelivery(beforeId!, 10_000)).toBe('sent');

      await first.stop();
      await eventually(async () => second.role === 'running', 5_000, 'the standby to take over');
      const after = buyback(w.vault, 'B-7002', 'after@example.cz');
      const [afterId] = await w.append(after.stream, after.offerEmailed());
      expect(await second.waitForDelivery(afterId!, 10_000)).toBe('sent');
      await pause(200);
      expect(w.caught('before@example.cz')).toHaveLength(1);
      expect(w.caught('after@example.cz')).toHaveLength(1);
    });

    it('stands down when another claim fences it out, and picks up again without losing or doubling an e-mail', async () => {
      const w = await open();
      const notifier = w.notifier();
      await notifier.start();
      const before = buyback(w.vault, 'B-7101', 'fenced-before@example.cz');
      const [beforeId] = await w.append(before.stream, before.offerEmailed());
      expect(await notifier.waitForDelivery(beforeId!, 10_000)).toBe('sent');
      // What a process that took over would do first: stamp the state document with its own fence.
      const state = await w.documents.get(NOTIFIER_STATE_COLLECTION, 'buyback-notifier');
      await w.documents.write([
        {
          type: 'upsert',
          collection: NOTIFIER_STATE_COLLECTION,
          id: 'buyback-notifier',
          document: state!,
          stamp: 'another-process',
        },
      ]);
      const after = buyback(w.vault, 'B-7102', 'fenced-after@example.cz');
      const [afterId] = await w.append(after.stream, after.offerEmailed());
      expect(await notifier.waitForDelivery(afterId!, 10_000)).toBe('sent');
      await pause(200);
      expect(w.caught('fenced-before@example.cz')).toHaveLength(1);
      expect(w.caught('fenced-after@example.cz')).toHaveLength(1);
      expect(notifier.role).toBe('running');
      expect(w.errors).toEqual([]);
    });

    it("ignores other contexts' events, even one called Paid, and moves its checkpoint past them", async () => {
      const w = await open();
      const notifier = w.notifier();
      await notifier.start();
      const [orderPaid] = await w.append('order-1001', {
        type: 'Paid',
        data: { amount: 100, currency: 'CZK', paymentReference: 'ORDER', at: buybackAt(0) },
      });
      const sale = buyback(w.vault, 'B-8001', 'after-order@example.cz');
      const [saleId] = await w.append(sale.stream, sale.submitted());
      expect(await notifier.waitForDelivery(saleId!, 10_000)).toBe('sent');
      expect(await notifier.deliveryOf(orderPaid!)).toBeNull();
      expect(await notifier.waitForDelivery(orderPaid!, 100)).toBe('pending');
      expect(await w.documents.get(OUTBOX_COLLECTION, orderPaid!)).toBeNull();
      expect(w.catcher.messages()).toHaveLength(1);
      await notifier.stop();
      const state = await w.documents.get<{ checkpoint: string | null }>(NOTIFIER_STATE_COLLECTION, 'buyback-notifier');
      expect(state?.checkpoint).not.toBeNull();
    });
  });
}
