import { defaultLanguage, translate, type Language } from '@buyloop/i18n';
import { assertNever, formatMoney, settingsOf, type Currency, type Market } from '@buyloop/kit';

/*
 * The order e-mails, rendered from what the order's stream says. Pure: the
 * deliverer reads the stream and the status link and sends; this file only
 * turns them into a subject, a plain text and an HTML body in the market's
 * language. Product names, reasons and tracking numbers were typed by
 * someone: every value is escaped in the HTML part.
 */

/** What every order e-mail names, taken from the order's OrderPlaced. */
export interface OrderMailOrder {
  readonly number: string;
  readonly currency: Currency;
  readonly total: number;
  readonly items: readonly { readonly name: string; readonly quantity: number }[];
  readonly delivery_label: string;
  readonly payment_label: string;
}

export type OrderMail =
  | { readonly kind: 'placed' }
  | { readonly kind: 'paid'; readonly amount: number }
  | { readonly kind: 'shipped'; readonly tracking_number: string | null }
  | {
      readonly kind: 'cancelled';
      readonly reason: string | null;
      /** What is refunded when money was collected; null when nothing was paid. */
      readonly refund: number | null;
    }
  | { readonly kind: 'withdrawn' };

export type OrderMailKind = OrderMail['kind'];

export interface OrderMailOptions {
  readonly market: Market;
  /** The status page's absolute address (with its token); null when it is not known, and the mail goes without it. */
  readonly statusUrl: string | null;
  /** The market's language unless told. */
  readonly language?: Language;
}

export interface RenderedOrderMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

type Params = Readonly<Record<string, string | number>>;
type Line =
  | { readonly kind: 'message'; readonly key: string; readonly params?: Params }
  | { readonly kind: 'link'; readonly href: string }
  | { readonly kind: 'item'; readonly text: string };
type Paragraph = readonly Line[];

const message = (key: string, params?: Params): Line => ({ kind: 'message', key, ...(params ? { params } : {}) });

export function renderOrderMail(order: OrderMailOrder, mail: OrderMail, options: OrderMailOptions): RenderedOrderMail {
  const language = options.language ?? defaultLanguage(options.market);
  const money = (amount: number) => formatMoney({ amount, currency: order.currency }, settingsOf(options.market).locale);
  const number = order.number;
  const link: Paragraph = options.statusUrl ? [message('order.mail.status_link'), { kind: 'link', href: options.statusUrl }] : [];
  const paragraphs = ((): { subject: string; body: Paragraph[] } => {
    switch (mail.kind) {
      case 'placed':
        return {
          subject: 'order.mail.confirmation_subject',
          body: [
            [message('order.mail.confirmation_lead', { number })],
            order.items.map((item) => ({ kind: 'item', text: `${item.quantity}× ${item.name}` }) as const),
            [
              message('order.mail.total', { total: money(order.total) }),
              message('order.mail.payment_method', { method: order.payment_label }),
              message('order.mail.delivery_method', { method: order.delivery_label }),
            ],
            link,
          ],
        };
      case 'paid':
        return {
          subject: 'order.mail.paid_subject',
          body: [[message('order.mail.paid_lead', { number, amount: money(mail.amount) })], link],
        };
      case 'shipped':
        return {
          subject: 'order.mail.shipped_subject',
          body: [
            [
              message('order.mail.shipped_lead', { number, method: order.delivery_label }),
              ...(mail.tracking_number ? [message('order.mail.tracking_number', { tracking: mail.tracking_number })] : []),
            ],
            link,
          ],
        };
      case 'cancelled':
        return {
          subject: 'order.mail.cancelled_subject',
          body: [
            [
              message('order.mail.cancelled_lead', { number }),
              ...(mail.reason ? [message('order.mail.cancelled_reason', { reason: mail.reason })] : []),
            ],
            [
              mail.refund !== null
                ? message('order.mail.cancelled_refund', { amount: money(mail.refund) })
                : message('order.mail.cancelled_nothing_paid'),
            ],
            link,
          ],
        };
      case 'withdrawn':
        return {
          subject: 'order.mail.withdrawn_subject',
          body: [[message('order.mail.withdrawn_lead', { number })], [message('order.mail.withdrawn_refund')], link],
        };
      default:
        return assertNever(mail, 'order e-mail');
    }
  })();
  const body = [...paragraphs.body, [message('order.mail.signature')]].filter((paragraph) => paragraph.length > 0);
  return {
    subject: translate(paragraphs.subject, language, { number }),
    text: `${body.map((paragraph) => paragraph.map((line) => lineText(line, language)).join('\n')).join('\n\n')}\n`,
    html: htmlOf(body, language),
  };
}

function lineText(line: Line, language: Language): string {
  switch (line.kind) {
    case 'message':
      return translate(line.key, language, line.params);
    case 'link':
      return line.href;
    case 'item':
      return `- ${line.text}`;
    default:
      return assertNever(line, 'mail line');
  }
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * Our own catalogue's wording holds no markup; the values put into it may
 * (a product name, a staff member's reason), so only they are escaped
 * before they are put in: escaping the result would escape them twice.
 */
function lineHtml(line: Line, language: Language): string {
  switch (line.kind) {
    case 'message': {
      const params = Object.fromEntries(
        Object.entries(line.params ?? {}).map(([name, value]) => [name, typeof value === 'string' ? escape(value) : value]),
      );
      return translate(line.key, language, params).replaceAll('\n', '<br>\n');
    }
    case 'link': {
      const href = escape(line.href);
      return `<a href="${href}">${href}</a>`;
    }
    case 'item':
      return `&bull; ${escape(line.text)}`;
    default:
      return assertNever(line, 'mail line');
  }
}

function htmlOf(paragraphs: readonly Paragraph[], language: Language): string {
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
