import { appendFile, chmod, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  createMailer,
  redactCaughtMail,
  startMailCatcher,
  type CaughtMail,
  type OutgoingMail,
  type SendResult,
} from '@buyloop/mail';
import type { Config } from './config';
import type { Logger } from './logger';

/**
 * Where the embedded catcher writes every message it catches, whole, for the
 * developer on this machine: readable by the user the API runs as and nobody
 * else (mode 0600), beside the PGlite data and the ops token. Reset links
 * and status tokens are live there: it is the one place they are.
 */
export const caughtMailPath = (config: Pick<Config, 'dataDir'>): string => join(dirname(config.dataDir), 'caught-mail.log');

async function keepForDeveloper(path: string, mail: CaughtMail): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const entry = [
    `=== ${mail.receivedAt.toISOString()} to ${mail.to.join(', ')}`,
    `Subject: ${mail.subject}`,
    '',
    mail.text,
    '',
    '',
  ].join('\n');
  await appendFile(path, entry, { mode: 0o600 });
  // appendFile's mode applies only when it creates the file; a file left from before is narrowed too.
  await chmod(path, 0o600);
}

/**
 * Outgoing mail: the configured SMTP server, or an embedded SMTP catcher on
 * this machine. What the catcher holds reaches staff (the back office's mail
 * page) only with the secrets in its links redacted; the log names each
 * message (its id and subject) and the file, never its recipient or text;
 * the whole messages go to a file only this machine's user reads
 * (`caughtMailPath`). The recipient's own message is never changed.
 */
export async function openMail(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'> & Partial<Pick<Config, 'dataDir'>>,
  logger: Logger,
): Promise<{
  send(message: OutgoingMail): Promise<SendResult>;
  close(): Promise<void>;
  description: string;
  /** What the embedded catcher holds, secrets redacted; null with a real SMTP server. */
  caught(): readonly CaughtMail[] | null;
}> {
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    const mailer = createMailer({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
      from: config.mailFrom,
    });
    return {
      send: (message) => mailer.send(message),
      close: async () => void (await mailer.close()),
      description: `SMTP ${url.hostname}`,
      caught: () => null,
    };
  }
  const catcher = await startMailCatcher();
  const mailer = createMailer({ host: catcher.host, port: catcher.port, from: config.mailFrom });
  const file = config.dataDir ? caughtMailPath({ dataDir: config.dataDir }) : null;
  return {
    async send(message) {
      const sent = await mailer.send(message);
      const caught = await catcher.waitFor((m) => m.id === sent.messageId);
      if (file) await keepForDeveloper(file, caught);
      // The recipient and the text are personal data (a sale's confirmation holds the seller's address and IMEI):
      // the log names the message; the subjects carry a number, a device model and a price, never a person.
      logger.info('Mail caught by the embedded SMTP catcher', {
        messageId: sent.messageId,
        subject: caught.subject,
        ...(file ? { wholeMessageIn: file } : {}),
      });
      return sent;
    },
    async close() {
      await mailer.close();
      await catcher.close();
    },
    description: `embedded SMTP catcher on ${catcher.host}:${catcher.port} (the log names each message; secrets redacted at /api/admin/mail${
      file ? `; whole messages in ${file}` : ''
    })`,
    caught: () => catcher.messages().map(redactCaughtMail),
  };
}
