import { createMailer, startMailCatcher, type CaughtMail, type OutgoingMail, type SendResult } from '@buyloop/mail';
import type { Config } from './config';
import type { Logger } from './logger';

/**
 * Outgoing mail: the configured SMTP server, or an embedded SMTP catcher on
 * this machine whose messages are written to the log (development: the
 * password-reset link shows up in the terminal).
 */
export async function openMail(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  logger: Logger,
): Promise<{
  send(message: OutgoingMail): Promise<SendResult>;
  close(): Promise<void>;
  description: string;
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
  return {
    async send(message) {
      const sent = await mailer.send(message);
      const caught = await catcher.waitFor((m) => m.id === sent.messageId);
      logger.info(`Mail caught by the embedded SMTP catcher, to ${caught.to.join(', ')}: ${caught.subject}\n${caught.text}`);
      return sent;
    },
    async close() {
      await mailer.close();
      await catcher.close();
    },
    description: `embedded SMTP catcher on ${catcher.host}:${catcher.port} (mail goes to the log and /api/admin/mail)`,
    caught: () => catcher.messages(),
  };
}
