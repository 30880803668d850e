export { createMailer } from './mailer';
export type { Mailer, MailerOptions, OutgoingMail, SendResult } from './mailer';
export { startMailCatcher } from './catcher';
export type { CaughtMail, MailCatcher, MailCatcherOptions } from './catcher';
export { REDACTED, redactCaughtMail, redactSecrets } from './redact';
