import { beforeAll, describe, expect, it } from 'vitest';
import { registerMessages } from '@buyloop/i18n';
import { systemActor, type RecordedEvent } from '@buyloop/kit';
import type { PlacedOrder } from '@buyloop/cart';
import { ordersMessages } from './messages';
import { orderMailDeliverer, orderMailsProcess, type OrderMailWork } from './mails-process';
import { renderOrderMail, type OrderMailOrder } from './mails-render';

beforeAll(() => registerMessages('orders (test)', ordersMessages));

const NBSP = '\u00a0';
const recorded = (stream: string, type: string, data: unknown, id = `${type}-1`): RecordedEvent => ({
  id,
  type,
  data,
  schemaVersion: 1,
  stream,
  streamVersion: 1n,
  globalPosition: 1n,
  recordedAt: new Date('2026-11-24T10:00:00Z'),
  metadata: { correlationId: id, causationId: null, actor: systemActor, market: 'cz' },
  checkpoint: '1',
});

const order: OrderMailOrder = {
  number: '6000000001',
  currency: 'CZK',
  total: 40_079,
  items: [{ name: 'Phone <b>Pro</b> & case', quantity: 2 }],
  delivery_label: 'Výdejní místo Praha 4',
  payment_label: 'Dobírka',
};

describe('which order events ask for an e-mail', () => {
  it('the five the customer is told about, each with the event’s id as the work’s, and only on order streams', async () => {
    const react = async (event: RecordedEvent) => orderMailsProcess.react(event, { readStream: async () => [] });
    expect(await react(recorded('order-6000000001', 'OrderPaid', { number: '6000000001', amount: 999 }, 'e1'))).toEqual([
      { id: 'e1', payload: { number: '6000000001', market: 'cz', facts: { kind: 'paid', amount: 999 } } },
    ]);
    expect(
      await react(recorded('order-6000000001', 'OrderCancelled', { reason: 'Out of stock', refund: true, by: 'staff' })),
    ).toMatchObject([{ payload: { facts: { kind: 'cancelled', reason: 'Out of stock', refund: true } } }]);
    expect(await react(recorded('order-6000000001', 'OrderShipped', { tracking_number: 'DR123' }))).toMatchObject([
      { payload: { facts: { kind: 'shipped', tracking_number: 'DR123' } } },
    ]);
    // The payments context's ledger and an order event nobody is e-mailed about.
    expect(await react(recorded('payment-6000000001', 'OrderPaid', { amount: 1 }))).toEqual([]);
    expect(await react(recorded('order-6000000001', 'OrderConfirmed', { at: '2026-11-24T10:00:00Z' }))).toEqual([]);
    // Placed: the customer's details are not copied into the outbox.
    const placed = await react(recorded('order-6000000001', 'OrderPlaced', { customer: { email: 'jana@example.cz' } }));
    expect(JSON.stringify(placed)).not.toContain('jana@example.cz');
    expect(orderMailsProcess.firstStart).toBe('end');
  });
});

describe('the order e-mails’ texts', () => {
  it('the Czech confirmation lists the items, whole crowns and the status link; the HTML escapes what was typed', () => {
    const mail = renderOrderMail(
      order,
      { kind: 'placed' },
      { market: 'cz', statusUrl: 'https://shop.example/objednavka/6000000001?token=abc' },
    );
    expect(mail.subject).toBe('Potvrzení objednávky č. 6000000001');
    expect(mail.text).toContain('- 2× Phone <b>Pro</b> & case');
    expect(mail.text).toContain(`Celkem: 40${NBSP}079${NBSP}Kč`);
    expect(mail.text).toContain('https://shop.example/objednavka/6000000001?token=abc');
    expect(mail.html).toContain('Phone &lt;b&gt;Pro&lt;/b&gt; &amp; case');
    expect(mail.html).not.toContain('<b>Pro</b>');
    expect(mail.html).toContain('<a href="https://shop.example/objednavka/6000000001?token=abc">');
  });

  it('Romanian for the Romanian market, in lei; a cancellation names its reason and the refund', () => {
    const mail = renderOrderMail(
      { ...order, currency: 'RON', total: 1_234 },
      { kind: 'cancelled', reason: 'Clientul a sunat <azi>', refund: 1_234 },
      { market: 'ro', statusUrl: null },
    );
    expect(mail.subject).toBe('Comanda nr. 6000000001 a fost anulată');
    expect(mail.text).toContain('Motiv: Clientul a sunat <azi>');
    expect(mail.text).toContain(`1.234${NBSP}lei`);
    expect(mail.html).toContain('Clientul a sunat &lt;azi&gt;');
    // No link known: no link sentence either.
    expect(mail.text).not.toContain('Urmăriți starea comenzii');
  });

  it('shipped names the tracking number; an unpaid cancellation says nothing is refunded', () => {
    expect(
      renderOrderMail(order, { kind: 'shipped', tracking_number: 'DR1234' }, { market: 'cz', statusUrl: null }).text,
    ).toContain('Číslo zásilky: DR1234');
    expect(
      renderOrderMail(order, { kind: 'cancelled', reason: null, refund: null }, { market: 'cz', statusUrl: null }).text,
    ).toContain('nic tedy nevracíme');
  });
});

describe('sending an order e-mail', () => {
  const placed = {
    number: '6000000001',
    currency: 'CZK',
    items: [{ name: 'Phone', quantity: 1 }],
    delivery: { label: 'Kurýr' },
    payment: { label: 'Kartou' },
    totals: { total: 20_000 },
    customer: { email: 'jana@example.cz' },
    placed_at: '2026-11-24T10:00:00.000Z',
  } as unknown as PlacedOrder;
  const history = [recorded('order-6000000001', 'OrderPlaced', placed)];
  const work = (facts: OrderMailWork['facts']) => ({
    id: 'w1',
    payload: { number: '6000000001', market: 'cz' as const, facts },
    status: 'pending' as const,
    attempts: 0,
    last_error: null,
    last_attempt_at: null,
    next_attempt_at: null,
    delivered_at: null,
    dropped_reason: null,
    created_at: '2026-11-24T10:00:00.000Z',
  });

  const deliverer = (options: { link: string | null; now: string; fail?: boolean }) => {
    const sent: { to: string; subject: string; text: string }[] = [];
    return {
      sent,
      deliverer: orderMailDeliverer({
        mailer: {
          async send(message) {
            if (options.fail) throw new Error('SMTP 421 try later');
            sent.push(message as { to: string; subject: string; text: string });
            return { messageId: `<m${sent.length}@test>` } as never;
          },
        },
        events: { readStream: async (stream) => (stream === 'order-6000000001' ? history : []) },
        statusLink: async () => options.link,
        publicUrl: 'https://shop.example',
        clock: () => new Date(options.now),
        linkWaitMs: 0,
      }),
    };
  };

  it('goes to the order’s address with the kept link; a mail server that fails throws, so the runner retries', async () => {
    const ok = deliverer({ link: '/objednavka/6000000001?token=abc', now: '2026-11-24T10:00:01Z' });
    expect(await ok.deliverer.deliver(work({ kind: 'placed' }) as never)).toEqual({
      outcome: 'delivered',
      reference: '<m1@test>',
    });
    expect(ok.sent).toEqual([expect.objectContaining({ to: 'jana@example.cz', subject: 'Potvrzení objednávky č. 6000000001' })]);
    expect(ok.sent[0]!.text).toContain('https://shop.example/objednavka/6000000001?token=abc');

    const failing = deliverer({ link: '/objednavka/6000000001?token=abc', now: '2026-11-24T10:00:01Z', fail: true });
    await expect(failing.deliverer.deliver(work({ kind: 'paid', amount: 20_000 }) as never)).rejects.toThrow(/SMTP/);
  });

  it('a confirmation whose link is not kept yet is retried, and goes without it once the order is ten minutes old', async () => {
    const early = deliverer({ link: null, now: '2026-11-24T10:00:05Z' });
    await expect(early.deliverer.deliver(work({ kind: 'placed' }) as never)).rejects.toThrow(/not kept yet/);
    expect(early.sent).toEqual([]);
    const late = deliverer({ link: null, now: '2026-11-24T10:11:00Z' });
    expect(await late.deliverer.deliver(work({ kind: 'placed' }) as never)).toMatchObject({ outcome: 'delivered' });
    expect(late.sent[0]!.text).not.toContain('http');
    // Later e-mails never wait for a link.
    const paid = deliverer({ link: null, now: '2026-11-24T10:00:05Z' });
    expect(await paid.deliverer.deliver(work({ kind: 'paid', amount: 20_000 }) as never)).toMatchObject({ outcome: 'delivered' });
  });

  it('a cancellation after a payment refunds what was paid; an order that is not there is dropped', async () => {
    history.push(recorded('order-6000000001', 'OrderPaid', { amount: 19_500 }, 'paid'));
    const sender = deliverer({ link: null, now: '2026-11-24T10:00:05Z' });
    await sender.deliverer.deliver(work({ kind: 'cancelled', reason: null, refund: true }) as never);
    expect(sender.sent[0]!.text).toContain(`19${NBSP}500${NBSP}Kč`);
    history.pop();
    const missing = {
      ...work({ kind: 'paid', amount: 1 }),
      payload: { number: '6000000002', market: 'cz' as const, facts: { kind: 'withdrawn' as const } },
    };
    expect(await sender.deliverer.deliver(missing as never)).toEqual({ outcome: 'dropped', reason: 'No order 6000000002' });
  });
});
