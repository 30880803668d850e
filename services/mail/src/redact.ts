import type { CaughtMail } from './catcher';

/**
 * Links in our e-mails carry bearer secrets (a reset link's token, a
 * seller's status-page token, an offer's token): whoever reads one can act
 * as its recipient. Anything that shows mail to someone other than the
 * recipient (the back office's mail page, the log) shows it through this.
 */
export const REDACTED = '[redacted]';

/** Query parameters that are secrets by their name. */
const SECRET_PARAMETERS = ['token', 'access_token', 'auth', 'key', 'secret', 'password', 'sig', 'signature'];
/** `?token=…`, `&token=…` and HTML's `&amp;token=…`, up to the next separator, quote, bracket or space. */
const SECRET_IN_URL = new RegExp(`([?&](?:amp;)?(?:${SECRET_PARAMETERS.join('|')})=)[^&#\\s"'<>]+`, 'gi');

/**
 * A secret written out beside its label rather than in a link: the buy-back's
 * access code, which the look-up form asks for ("Přístupový kód: …"), in each
 * language the e-mails are sent in; an HTML body may wrap the value in tags.
 */
const SECRET_LABELS = ['Přístupový kód', 'Codul de acces', 'Access code'];
const LABELLED_SECRET = new RegExp(`((?:${SECRET_LABELS.join('|')}):\\s*(?:<[^>]*>\\s*)*)[^\\s<]+`, 'g');

/** The text with the value of every secret query parameter, and of every labelled secret, replaced by [redacted]. */
export const redactSecrets = (text: string): string =>
  text.replace(SECRET_IN_URL, `$1${REDACTED}`).replace(LABELLED_SECRET, `$1${REDACTED}`);

/** A caught message as staff may see it: who, when and what, without the secrets in its links. */
export const redactCaughtMail = (mail: CaughtMail): CaughtMail => ({
  ...mail,
  to: [...mail.to],
  subject: redactSecrets(mail.subject),
  text: redactSecrets(mail.text),
  html: mail.html === null ? null : redactSecrets(mail.html),
});
