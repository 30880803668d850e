import nodemailer from 'nodemailer';

/*
 * Outgoing e-mail over SMTP (password-reset links, buy-back confirmations).
 * One connection per message: the volume is low, and nothing stays open
 * between sends, so a restarted relay never leaves a dead pooled socket.
 */

export type MailerOptions = {
  host: string;
  port: number;
  /** Implicit TLS from the first byte (port 465). Otherwise STARTTLS is used when the server offers it. */
  secure?: boolean;
  auth?: { user: string; pass: string };
  /** The From header and envelope sender, e.g. `Buyloop <no-reply@buyloop.cz>`. */
  from: string;
};

export type OutgoingMail = {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
};

export type SendResult = {
  messageId: string;
  accepted: string[];
  rejected: string[];
};

export type Mailer = {
  send(message: OutgoingMail): Promise<SendResult>;
  close(): Promise<void> | void;
};

// Nodemailer waits two minutes for a connection by default: far too long for a
// request that sends a password-reset link.
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 60_000;

export function createMailer(options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: options.secure ?? false,
    ...(options.auth ? { auth: { user: options.auth.user, pass: options.auth.pass } } : {}),
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });

  return {
    async send(message) {
      const recipients = Array.isArray(message.to) ? message.to : [message.to];
      if (recipients.length === 0) throw new Error('Cannot send e-mail without recipients');
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: recipients,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
          ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
        });
        return {
          messageId: String(info.messageId),
          accepted: addresses(info.accepted),
          rejected: addresses(info.rejected),
        };
      } catch (error) {
        throw new Error(`Sending e-mail via SMTP ${options.host}:${options.port} failed: ${describe(error)}`, {
          cause: error,
        });
      }
    },
    close() {
      transport.close();
    },
  };
}

/** Nodemailer reports recipients as strings or `{ name, address }` objects. */
function addresses(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((entry: unknown) =>
    typeof entry === 'object' && entry !== null && 'address' in entry ? String(entry.address) : String(entry),
  );
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
}
