import { defaultLanguage, translate, type Language } from '@buyloop/i18n';
import { formatMoney, settingsOf, type Currency, type Market } from '@buyloop/kit';
import type { BuybackEvent } from '../buyback/events';
import { buybackPaths } from '../buyback/paths';
import { PRICE_GUARANTEE_DAYS } from '../buyback/rules';
import type { OfferContact, PickupAddress, SellerDetails } from '../buyback/submit/customer-data';

/*
 * The buy-back e-mails, rendered from an event and the personal data opened
 * for it. Pure: the notifier opens the sealed data and sends; this file only
 * turns them into a subject, a plain text and an HTML body in the market's
 * language. Every value that came from a person (note, address, device
 * label typed in a catalogue) is escaped in the HTML part.
 */

export type EventData<T extends BuybackEvent['type']> = Extract<BuybackEvent, { type: T }>['data'];

/** What every e-mail about an existing buy-back names, taken from its stream. */
export interface BuybackMailContext {
  readonly buyoutNumber: string;
  readonly deviceLabel: string;
  readonly currency: Currency;
}

export type BuybackMail =
  | { readonly kind: 'offer_emailed'; readonly offer: EventData<'OfferEmailed'>; readonly contact: OfferContact }
  | { readonly kind: 'submitted'; readonly submitted: EventData<'Submitted'>; readonly seller: SellerDetails }
  | {
      readonly kind: 'offer_revised';
      readonly revised: EventData<'OfferRevised'>;
      readonly buyback: BuybackMailContext;
      /** The status page's token, from the sealed data of the sale. */
      readonly accessToken: string;
    }
  | {
      readonly kind: 'paid';
      readonly paid: EventData<'Paid'>;
      readonly buyback: BuybackMailContext;
      /** The seller's bank details when known (null when only the offer's contact could be opened). */
      readonly seller: SellerDetails | null;
    };

export type BuybackMailKind = BuybackMail['kind'];

export interface RenderOptions {
  readonly market: Market;
  /** The storefront's origin, without a trailing slash: `https://buyloop.cz`. */
  readonly publicUrl: string;
  /** Defaults to the market's language. */
  readonly language?: Language;
}

export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

type Params = Readonly<Record<string, string | number>>;

/** One line of a paragraph: a message, a link, or a list item (a reason). */
type Line =
  | { readonly kind: 'message'; readonly key: string; readonly params?: Params }
  | { readonly kind: 'link'; readonly href: string }
  | { readonly kind: 'item'; readonly text: string };

type Paragraph = readonly Line[];

const message = (key: string, params?: Params): Line => ({ kind: 'message', key, ...(params ? { params } : {}) });
const link = (href: string): Line => ({ kind: 'link', href });
const item = (text: string): Line => ({ kind: 'item', text });

export function renderBuybackMail(mail: BuybackMail, options: RenderOptions): RenderedMail {
  const language = options.language ?? defaultLanguage(options.market);
  const { subject, paragraphs } = compose(mail, options);
  return {
    subject: translate(subject.key, language, subject.params),
    text: toText(paragraphs, language),
    html: toHtml(paragraphs, language),
  };
}

/** The amount as the storefront shows it: whole units, `9 000 Kč`, `1.200 lei`. */
export const formatAmount = (amount: number, currency: Currency, market: Market): string =>
  formatMoney({ amount, currency }, settingsOf(market).locale);

/** DD.MM.YYYY of the calendar day the instant falls on in the market's time zone (spec section 9). */
export function formatDay(iso: string, market: Market): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: settingsOf(market).timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')}`;
}

interface Composition {
  readonly subject: { readonly key: string; readonly params: Params };
  readonly paragraphs: readonly Paragraph[];
}

function compose(mail: BuybackMail, options: RenderOptions): Composition {
  const { market } = options;
  const paths = buybackPaths(market);
  const url = (path: string): string => `${options.publicUrl.replace(/\/+$/, '')}${path}`;
  const amount = (value: number, currency: Currency): string => formatAmount(value, currency, market);
  const greeting: Paragraph = [message('mail.buyback.greeting')];
  const signature: Paragraph = [message('mail.buyback.signature')];

  switch (mail.kind) {
    case 'offer_emailed': {
      const { offer, contact } = mail;
      const price = amount(offer.price, offer.currency);
      const note = contact.note?.trim();
      return {
        subject: {
          key: 'mail.buyback.offer.subject',
          params: { number: offer.buyoutNumber, device: offer.deviceLabel, price },
        },
        paragraphs: [
          greeting,
          [message('mail.buyback.offer.intro')],
          [
            message('mail.buyback.number', { number: offer.buyoutNumber }),
            message('mail.buyback.access_code', { code: contact.access_token }),
            message('mail.buyback.device', { device: offer.deviceLabel }),
            message('mail.buyback.declared_quality', { quality: offer.declaredQuality }),
            message('mail.buyback.price', { price }),
          ],
          ...(note ? [[message('mail.buyback.offer.note', { note })]] : []),
          [message('mail.buyback.offer.validity', { version: offer.priceListVersion })],
          [message('mail.buyback.offer.link'), link(url(paths.offer(offer.buyoutNumber, contact.access_token)))],
          [message('mail.buyback.offer.not_requested')],
          signature,
        ],
      };
    }
    case 'submitted': {
      const { submitted, seller } = mail;
      const number = submitted.buyoutNumber;
      const next =
        submitted.pickup === 'courier'
          ? message('mail.buyback.submitted.next_courier', { address: pickupAddressOf(seller) })
          : message('mail.buyback.submitted.next_centre', { number });
      return {
        subject: { key: 'mail.buyback.submitted.subject', params: { number, device: submitted.device.label } },
        paragraphs: [
          greeting,
          [message('mail.buyback.submitted.thanks', { number })],
          [
            message('mail.buyback.number', { number }),
            message('mail.buyback.access_code', { code: seller.access_token }),
            message('mail.buyback.device', { device: submitted.device.label }),
            message('mail.buyback.imei', { imei: submitted.device.imei }),
            message('mail.buyback.price', { price: amount(submitted.price, submitted.currency) }),
          ],
          [next, message('mail.buyback.submitted.after_receipt')],
          [message('mail.buyback.submitted.guarantee', { days: PRICE_GUARANTEE_DAYS, count: PRICE_GUARANTEE_DAYS })],
          [message('mail.buyback.submitted.status_link'), link(url(paths.status(number, seller.access_token)))],
          signature,
        ],
      };
    }
    case 'offer_revised': {
      const { revised, buyback } = mail;
      const number = buyback.buyoutNumber;
      const date = formatDay(revised.expiresAt, market);
      return {
        subject: { key: 'mail.buyback.revised.subject', params: { number } },
        paragraphs: [
          greeting,
          [message('mail.buyback.revised.intro', { device: buyback.deviceLabel })],
          [
            message('mail.buyback.number', { number }),
            message('mail.buyback.access_code', { code: mail.accessToken }),
            message('mail.buyback.revised.previous_price', { price: amount(revised.previousPrice, buyback.currency) }),
            message('mail.buyback.revised.new_price', { price: amount(revised.price, buyback.currency) }),
          ],
          ...(revised.reasons.length > 0
            ? [[message('mail.buyback.revised.reasons'), ...revised.reasons.map((r) => item(r.reason))]]
            : []),
          [message('mail.buyback.revised.deadline', { date }), link(url(paths.status(number, mail.accessToken)))],
          [message('mail.buyback.revised.return_free', { date })],
          signature,
        ],
      };
    }
    case 'paid': {
      const { paid, buyback, seller } = mail;
      const number = buyback.buyoutNumber;
      const account = seller ? maskedAccount(seller, market) : null;
      const sent = { device: buyback.deviceLabel, amount: amount(paid.amount, paid.currency) };
      return {
        subject: { key: 'mail.buyback.paid.subject', params: { number } },
        paragraphs: [
          greeting,
          [
            account
              ? message('mail.buyback.paid.sent', { ...sent, account })
              : message('mail.buyback.paid.sent_to_your_account', sent),
          ],
          [
            message('mail.buyback.number', { number }),
            message('mail.buyback.paid.reference', { reference: paid.paymentReference }),
          ],
          [message('mail.buyback.paid.arrival')],
          [message('mail.buyback.paid.thanks')],
          signature,
        ],
      };
    }
    default:
      return unknownMail(mail);
  }
}

function unknownMail(mail: never): never {
  throw new Error(`Unknown buy-back e-mail: ${JSON.stringify(mail)}`);
}

/** The courier comes to the pickup address the seller gave, else to their own. */
function pickupAddressOf(seller: SellerDetails): string {
  const address: PickupAddress = seller.pickup_address ?? seller.customer_data;
  const street = address.district ? `${address.street}, ${address.district}` : address.street;
  return `${street}, ${address.postcode} ${address.city}`;
}

/**
 * Enough of the account for the seller to recognise it, not enough to be
 * worth reading over a shoulder or out of a forwarded e-mail.
 */
function maskedAccount(seller: SellerDetails, market: Market): string {
  const { bank_account_full_number: account, bank_code: bankCode } = seller.customer_data;
  const compact = account.replace(/\s+/g, '');
  const tail = compact.slice(-4);
  const masked = compact.length > 4 ? `…${tail}` : tail;
  // A Czech account is written number/bank code; a Romanian IBAN already names its bank.
  return market === 'cz' ? `${masked}/${bankCode}` : masked;
}

function lineText(line: Line, language: Language): string {
  switch (line.kind) {
    case 'message':
      return translate(line.key, language, line.params);
    case 'link':
      return line.href;
    case 'item':
      return `- ${line.text}`;
  }
}

function toText(paragraphs: readonly Paragraph[], language: Language): string {
  return `${paragraphs.map((p) => p.map((line) => lineText(line, language)).join('\n')).join('\n\n')}\n`;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/*
 * A message is translated with markers in place of its parameters, the
 * translated text is escaped, then the escaped values replace the markers:
 * so neither a parameter nor the catalogue's own wording can inject markup,
 * and a value that happens to contain `{{…}}` stays literal.
 */
const MARKER = '\u0001';

function messageHtml(key: string, params: Params | undefined, language: Language): string {
  if (!params) return escapeHtml(translate(key, language));
  const names = Object.keys(params);
  const markers = Object.fromEntries(
    names.map((name, i) => [name, name === 'count' ? (params[name] as number) : `${MARKER}${i}${MARKER}`]),
  );
  const template = escapeHtml(translate(key, language, markers));
  return template.replace(new RegExp(`${MARKER}(\\d+)${MARKER}`, 'g'), (_, index: string) =>
    escapeHtml(String(params[names[Number(index)]!])),
  );
}

function lineHtml(line: Line, language: Language): string {
  switch (line.kind) {
    case 'message':
      return messageHtml(line.key, line.params, language);
    case 'link': {
      const href = escapeHtml(line.href);
      return `<a href="${href}">${href}</a>`;
    }
    case 'item':
      return `&bull; ${escapeHtml(line.text)}`;
  }
}

function toHtml(paragraphs: readonly Paragraph[], language: Language): string {
  const body = paragraphs.map((p) => `<p>${p.map((line) => lineHtml(line, language)).join('<br>\n')}</p>`).join('\n');
  return [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head><meta charset="utf-8"></head>',
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1a1a1a">',
    body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
