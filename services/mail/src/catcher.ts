import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/*
 * An SMTP server that keeps what it receives in memory, for development and
 * tests: point the mailer at it and read what a customer would have got.
 * Plain SMTP without AUTH or STARTTLS; meant for localhost only.
 */

export type CaughtMail = {
  /** The Message-ID header (as the mailer's `send` reports it), or a generated id when the message has none. */
  id: string;
  /** The envelope sender (MAIL FROM), a bare address. */
  from: string;
  /** The envelope recipients (RCPT TO), bare addresses, Bcc included. */
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  receivedAt: Date;
};

export type MailCatcherOptions = {
  /** Interface to listen on; 127.0.0.1 unless told. */
  host?: string;
  /** 0 (the default) picks a free port; read it back from `port`. */
  port?: number;
  /** Messages kept; the oldest are dropped beyond it. 500 unless told. */
  maxMessages?: number;
};

export type MailCatcher = {
  host: string;
  port: number;
  /** Caught messages, oldest first (a copy). */
  messages(): CaughtMail[];
  /** The first caught message matching, or the next one to arrive; rejects after `timeoutMs` (5000 unless told). */
  waitFor(predicate: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  clear(): void;
  close(): Promise<void>;
};

const DEFAULT_MAX_MESSAGES = 500;
const DEFAULT_WAIT_MS = 5000;
/** Larger messages are refused with 552 and never buffered whole. */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;
/** How long close() lets a connected client finish before cutting it off. */
const CLOSE_TIMEOUT_MS = 1000;

type Waiter = {
  predicate: (m: CaughtMail) => boolean;
  resolve: (m: CaughtMail) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const maxMessages = options.maxMessages ?? DEFAULT_MAX_MESSAGES;
  if (!Number.isInteger(maxMessages) || maxMessages < 1) {
    throw new Error(`maxMessages must be a positive integer, got ${maxMessages}`);
  }
  const caught: CaughtMail[] = [];
  const waiters = new Set<Waiter>();
  let closed = false;

  const settle = (waiter: Waiter, outcome: { mail: CaughtMail } | { error: Error }): void => {
    clearTimeout(waiter.timer);
    waiters.delete(waiter);
    if ('mail' in outcome) waiter.resolve(outcome.mail);
    else waiter.reject(outcome.error);
  };

  const matches = (waiter: Waiter, mail: CaughtMail): boolean => {
    if (!waiters.has(waiter)) return false;
    try {
      return waiter.predicate(mail);
    } catch (error) {
      settle(waiter, { error: error instanceof Error ? error : new Error(String(error)) });
      return false;
    }
  };

  const deliver = (mail: CaughtMail): void => {
    caught.push(mail);
    while (caught.length > maxMessages) caught.shift();
    for (const waiter of [...waiters]) if (matches(waiter, mail)) settle(waiter, { mail });
  };

  const onData = (
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (err?: Error | null, message?: string) => void,
  ): void => {
    // smtp-server only flags an oversized message; it still streams all of it. Stop buffering at the limit.
    let chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => {
      if (stream.sizeExceeded) chunks = [];
      else chunks.push(chunk);
    });
    stream.on('end', () => {
      if (stream.sizeExceeded) {
        callback(smtpError(552, `Message exceeds the maximum size of ${MAX_MESSAGE_BYTES} bytes`));
        return;
      }
      const { mailFrom, rcptTo } = session.envelope;
      const from = mailFrom === false ? '' : mailFrom.address;
      const to = rcptTo.map((recipient) => recipient.address);
      simpleParser(Buffer.concat(chunks)).then(
        (parsed) => {
          deliver({
            id: parsed.messageId ?? randomUUID(),
            from,
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            receivedAt: new Date(),
          });
          callback(null, 'Message caught');
        },
        (error: unknown) => callback(smtpError(451, `Could not parse the message: ${String(error)}`)),
      );
    });
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    closeTimeout: CLOSE_TIMEOUT_MS,
    banner: 'Buyloop mail catcher',
    logger: false,
    onData,
  });
  // A client dropping its connection is reported here; it must not crash the process.
  server.on('error', () => {});

  const address = await new Promise<AddressInfo>((resolve, reject) => {
    const listening = server.server;
    const onListenError = (error: Error): void => reject(new Error(`Mail catcher could not listen: ${error.message}`));
    listening.once('error', onListenError);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      listening.off('error', onListenError);
      resolve(listening.address() as AddressInfo);
    });
  });

  return {
    host: address.address,
    port: address.port,
    messages: () => [...caught],
    waitFor(predicate, timeoutMs = DEFAULT_WAIT_MS) {
      return new Promise<CaughtMail>((resolve, reject) => {
        if (closed) {
          reject(new Error('Mail catcher is closed'));
          return;
        }
        const timer = setTimeout(() => {
          settle(waiter, {
            error: new Error(`No caught e-mail matched within ${timeoutMs} ms (${caught.length} message(s) caught)`),
          });
        }, timeoutMs);
        const waiter: Waiter = { predicate, resolve, reject, timer };
        waiters.add(waiter);
        const already = caught.find((mail) => matches(waiter, mail));
        if (already) settle(waiter, { mail: already });
      });
    },
    clear() {
      caught.length = 0;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const waiter of [...waiters]) settle(waiter, { error: new Error('Mail catcher closed while waiting for e-mail') });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}
