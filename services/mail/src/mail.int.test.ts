import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, startMailCatcher, type MailCatcher, type MailCatcherOptions, type Mailer } from './index';

/*
 * The mailer against the catcher over real SMTP on a loopback port: what the
 * customer's mailbox would receive, byte for byte through MIME encoding.
 */

const FROM = 'Buyloop Ústí <no-reply@buyloop.test>';

const open: { catchers: MailCatcher[]; mailers: Mailer[] } = { catchers: [], mailers: [] };

async function catcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const started = await startMailCatcher(options);
  open.catchers.push(started);
  return started;
}

function mailerFor(target: { host: string; port: number }): Mailer {
  const mailer = createMailer({ host: target.host, port: target.port, from: FROM });
  open.mailers.push(mailer);
  return mailer;
}

/** A loopback port that was free a moment ago and has nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  return address.port;
}

afterEach(async () => {
  for (const mailer of open.mailers.splice(0)) await mailer.close();
  await Promise.all(open.catchers.splice(0).map((c) => c.close()));
});

describe('createMailer → startMailCatcher over SMTP', () => {
  it('delivers to several recipients with Czech and Romanian diacritics intact in subject, text and html', async () => {
    const mail = await catcher();
    const subject = 'Obnova hesla – Křížek / Resetare parolă – Ștefănescu';
    const text =
      'Dobrý den, pane Křížku: příliš žluťoučký kůň úpěl ďábelské ódy.\nBună ziua, doamnă Ștefănescu: ă î ș ț Ă Î Ș Ț â.';
    const html = '<p>Dobrý den, <b>Křížek</b></p><p>Bună ziua, <b>Ștefănescu</b>: ă î ș ț</p>';

    const result = await mailerFor(mail).send({
      to: ['Jan Křížek <jan.krizek@example.cz>', 'ioana.stefanescu@example.ro', 'ops@buyloop.test'],
      subject,
      text,
      html,
      replyTo: 'podpora@buyloop.test',
    });

    expect(result.accepted).toEqual(['jan.krizek@example.cz', 'ioana.stefanescu@example.ro', 'ops@buyloop.test']);
    expect(result.rejected).toEqual([]);
    const caught = mail.messages();
    expect(caught).toHaveLength(1);
    const [message] = caught;
    expect(message).toMatchObject({
      id: result.messageId,
      from: 'no-reply@buyloop.test',
      to: ['jan.krizek@example.cz', 'ioana.stefanescu@example.ro', 'ops@buyloop.test'],
      subject,
      html,
    });
    expect(message?.text).toBe(text);
    expect(message?.receivedAt).toBeInstanceOf(Date);
  });

  it('accepts a single recipient as a string and reports a text-only message with html null', async () => {
    const mail = await catcher();

    const result = await mailerFor(mail).send({ to: 'anna@example.cz', subject: 'Jen text', text: 'Žádné HTML.' });

    expect(result.accepted).toEqual(['anna@example.cz']);
    expect(mail.messages()).toMatchObject([{ to: ['anna@example.cz'], subject: 'Jen text', html: null }]);
    // A single-part message's body ends with the line break SMTP's end-of-data needs; multipart bodies do not.
    expect(mail.messages()[0]?.text).toBe('Žádné HTML.\n');
  });

  it('waitFor resolves with a message that arrives after the wait began', async () => {
    const mail = await catcher();
    const mailer = mailerFor(mail);
    await mailer.send({ to: 'other@example.cz', subject: 'Not this one', text: 'x' });

    const waiting = mail.waitFor((m) => m.to.includes('petra@example.cz'));
    await mailer.send({ to: 'petra@example.cz', subject: 'Odkaz pro obnovu hesla', text: 'https://buyloop.test/reset/abc' });

    const found = await waiting;
    expect(found.subject).toBe('Odkaz pro obnovu hesla');
    expect(found.text.trimEnd()).toBe('https://buyloop.test/reset/abc');
  });

  it('waitFor resolves at once with an already caught message', async () => {
    const mail = await catcher();
    const sent = await mailerFor(mail).send({ to: 'mihai@example.ro', subject: 'Confirmare', text: 'Mulțumim!' });

    const found = await mail.waitFor((m) => m.subject === 'Confirmare');

    expect(found.id).toBe(sent.messageId);
  });

  it('waitFor rejects with a clear error when nothing matches before the timeout', async () => {
    const mail = await catcher();
    await mailerFor(mail).send({ to: 'someone@example.cz', subject: 'Unrelated', text: 'x' });

    await expect(mail.waitFor((m) => m.subject === 'Never sent', 200)).rejects.toThrow(
      'No caught e-mail matched within 200 ms (1 message(s) caught)',
    );
  });

  it('close rejects waits still pending', async () => {
    const mail = await catcher();
    const waiting = mail.waitFor(() => true, 30_000);

    await mail.close();

    await expect(waiting).rejects.toThrow('Mail catcher closed while waiting for e-mail');
  });

  it('keeps at most maxMessages, dropping the oldest', async () => {
    const mail = await catcher({ maxMessages: 2 });
    const mailer = mailerFor(mail);

    for (const subject of ['first', 'second', 'third']) await mailer.send({ to: 'a@example.cz', subject, text: subject });

    expect(mail.messages().map((m) => m.subject)).toEqual(['second', 'third']);
  });

  it('clear forgets every caught message', async () => {
    const mail = await catcher();
    await mailerFor(mail).send({ to: 'a@example.cz', subject: 'one', text: 'one' });

    mail.clear();

    expect(mail.messages()).toEqual([]);
  });

  it('refuses a message over the size limit without keeping it, and keeps accepting normal mail', async () => {
    const mail = await catcher();
    const mailer = mailerFor(mail);

    await expect(mailer.send({ to: 'a@example.cz', subject: 'too big', text: 'x'.repeat(3 * 1024 * 1024) })).rejects.toThrow(
      /552/,
    );
    expect(mail.messages()).toEqual([]);

    await mailer.send({ to: 'a@example.cz', subject: 'small', text: 'ok' });
    expect(mail.messages().map((m) => m.subject)).toEqual(['small']);
  });

  it('rejects a maxMessages that is not a positive integer', async () => {
    await expect(startMailCatcher({ maxMessages: 0 })).rejects.toThrow('maxMessages must be a positive integer');
  });

  it('rejects with an Error naming the server when nothing listens on the port', async () => {
    const port = await closedPort();

    const sending = mailerFor({ host: '127.0.0.1', port }).send({ to: 'a@example.cz', subject: 's', text: 't' });

    await expect(sending).rejects.toBeInstanceOf(Error);
    await expect(sending).rejects.toThrow(`Sending e-mail via SMTP 127.0.0.1:${port} failed`);
    await expect(sending).rejects.toThrow(/ECONNREFUSED/);
  });
});
