import type { Deliverer, Market } from '@buyloop/kit';
import type { OutgoingMail, SendResult } from '@buyloop/mail';
import type { SealedPersonalData } from '../personal-data/sealed';
import type { OfferContact, SellerDetails } from '../buyback/submit/customer-data';
import type { DropReason, MailWork, SealedRecipient } from './outbox';
import { renderBuybackMail, type BuybackMail, type BuybackMailContext, type EventData } from './templates';

export interface PersonalDataOpener {
  /** null: the subject's data was erased (its key destroyed). */
  open<T>(sealed: SealedPersonalData): Promise<T | null>;
}

export interface BuybackMailDeliveryOptions {
  readonly mailer: { send(message: OutgoingMail): Promise<SendResult> };
  readonly opener: PersonalDataOpener;
  readonly market: Market;
  /** The storefront's origin the links point to, e.g. `https://buyloop.cz`. */
  readonly publicUrl: string;
}

const dropped = (reason: DropReason) => ({ outcome: 'dropped', reason }) as const;

/**
 * Sends one queued e-mail: opens the recipient's sealed data, renders the
 * market's language and hands it to the mailer. A vault or SMTP failure
 * throws, and the runner retries; an erased subject is dropped, never sent.
 */
export function buybackMailDeliverer(options: BuybackMailDeliveryOptions): Deliverer<MailWork> {
  return {
    async deliver({ payload: work }) {
      if (!work.recipient || !work.buyback) return dropped('recipient_unknown');
      const opened = await options.opener.open<SellerDetails | OfferContact>(work.recipient.sealed);
      if (opened === null) return dropped('personal_data_erased');
      const result = await options.mailer.send(compose(work, work.buyback, work.recipient, opened, options));
      return { outcome: 'delivered', reference: result.messageId };
    },
  };
}

function compose(
  work: MailWork,
  buyback: BuybackMailContext,
  recipient: SealedRecipient,
  opened: SellerDetails | OfferContact,
  options: Pick<BuybackMailDeliveryOptions, 'market' | 'publicUrl'>,
): OutgoingMail {
  const seller = recipient.holds === 'seller' ? (opened as SellerDetails) : null;
  const contact = recipient.holds === 'contact' ? (opened as OfferContact) : null;
  const to = seller ? seller.customer_data.e_mail : contact!.e_mail;
  const mail: BuybackMail = ((): BuybackMail => {
    switch (work.kind) {
      case 'offer_emailed':
        return { kind: 'offer_emailed', offer: work.event as EventData<'OfferEmailed'>, contact: contact! };
      case 'submitted':
        return { kind: 'submitted', submitted: work.event as EventData<'Submitted'>, seller: seller! };
      case 'offer_revised':
        return {
          kind: 'offer_revised',
          revised: work.event as EventData<'OfferRevised'>,
          buyback,
          accessToken: opened.access_token,
        };
      case 'paid':
        return { kind: 'paid', paid: work.event as EventData<'Paid'>, buyback, seller };
      default: {
        const unknown: never = work.kind;
        throw new Error(`No e-mail of kind ${String(unknown)}`);
      }
    }
  })();
  const rendered = renderBuybackMail(mail, { market: options.market, publicUrl: options.publicUrl });
  return { to, subject: rendered.subject, text: rendered.text, html: rendered.html };
}
