import type { FinishResult } from '@buyloop/contracts/cart/orders';
import { defaultLanguage, translate } from '@buyloop/i18n';
import type { Logger, Market } from '@buyloop/kit';
import type { ModuleMail } from '@buyloop/projector';

export interface ConfirmationMailDeps {
  readonly mail: ModuleMail;
  readonly market: Market;
  readonly publicUrl: string;
  readonly logger: Logger;
}

/**
 * The order confirmation with the status page's link. Sent here, by the
 * finish, because only the finish holds the token (the order keeps its hash),
 * and never awaited by the answer: an order stands whether or not the mail
 * server answered. Known gap: no retry when it does not (the status link is
 * also in finish's answer, which the page shows).
 */
export function sendConfirmation(deps: ConfirmationMailDeps, to: string, order: FinishResult): void {
  const language = defaultLanguage(deps.market);
  const url = new URL(order.status_url, deps.publicUrl).toString();
  const params = { number: order.order_number, total: order.total, currency: order.currency, url };
  deps.mail
    .send({
      to,
      subject: translate('order.mail.confirmation_subject', language, params),
      text: translate('order.mail.confirmation_text', language, params),
    })
    .catch((error: unknown) =>
      deps.logger.error('The order confirmation could not be sent', { error, order: order.order_number }),
    );
}
