import type { ProcessManager, ReactionContext, RecordedEvent } from '@buyloop/kit';
import type { BuybackMailContext, BuybackMailKind, EventData } from './templates';
import type { MailWork, SealedRecipient } from './outbox';

/*
 * The buy-back's e-mails as a process manager: which events ask for an
 * e-mail, and what the outbox keeps to send it. The shared runner follows
 * the log from this manager's own checkpoint, so rebuilding or replaying
 * read models never sends anything; the e-mail's id is the event's id, so an
 * event read twice queues its e-mail once.
 */

export const BUYBACK_MAIL_PROCESS = 'buyback-notifier';

const MAIL_EVENTS: ReadonlyMap<string, BuybackMailKind> = new Map<string, BuybackMailKind>([
  ['OfferEmailed', 'offer_emailed'],
  ['Submitted', 'submitted'],
  ['OfferRevised', 'offer_revised'],
  ['Paid', 'paid'],
]);
/** `buyback-<number>`; other contexts' streams may carry an event of the same name (an order's Paid). */
const BUYBACK_STREAM_PREFIX = 'buyback-';

export const buybackMailProcess: ProcessManager<MailWork> = {
  name: BUYBACK_MAIL_PROCESS,
  handles: [...MAIL_EVENTS.keys()],
  async react(event, context) {
    const kind = MAIL_EVENTS.get(event.type);
    if (!kind || !event.stream.startsWith(BUYBACK_STREAM_PREFIX)) return [];
    const { buyback, recipient } = await addressOf(kind, event, context);
    return [
      {
        id: event.id,
        payload: {
          kind,
          buyout_number: buyback?.buyoutNumber ?? event.stream.slice(BUYBACK_STREAM_PREFIX.length),
          event: event.data as Readonly<Record<string, unknown>>,
          buyback,
          recipient,
        },
      },
    ];
  },
};

async function addressOf(
  kind: BuybackMailKind,
  event: RecordedEvent,
  context: ReactionContext,
): Promise<{ buyback: BuybackMailContext | null; recipient: SealedRecipient | null }> {
  if (kind === 'offer_emailed') {
    const data = event.data as EventData<'OfferEmailed'>;
    return {
      buyback: { buyoutNumber: data.buyoutNumber, deviceLabel: data.deviceLabel, currency: data.currency },
      recipient: { holds: 'contact', sealed: data.contact },
    };
  }
  if (kind === 'submitted') {
    const data = event.data as EventData<'Submitted'>;
    return {
      buyback: { buyoutNumber: data.buyoutNumber, deviceLabel: data.device.label, currency: data.currency },
      recipient: { holds: 'seller', sealed: data.customer },
    };
  }
  // Later events name neither the customer nor the device: the sale (or the offer before it) does.
  const history = await context.readStream(event.stream);
  return contextOf(history.filter((earlier) => earlier.streamVersion < event.streamVersion));
}

/** The sale's sealed seller details if it was sold, else the e-mailed offer's contact. */
function contextOf(history: readonly RecordedEvent[]): {
  buyback: BuybackMailContext | null;
  recipient: SealedRecipient | null;
} {
  const submitted = [...history].reverse().find((e) => e.type === 'Submitted');
  if (submitted) {
    const data = submitted.data as EventData<'Submitted'>;
    return {
      buyback: { buyoutNumber: data.buyoutNumber, deviceLabel: data.device.label, currency: data.currency },
      recipient: { holds: 'seller', sealed: data.customer },
    };
  }
  const offered = [...history].reverse().find((e) => e.type === 'OfferEmailed');
  if (offered) {
    const data = offered.data as EventData<'OfferEmailed'>;
    return {
      buyback: { buyoutNumber: data.buyoutNumber, deviceLabel: data.deviceLabel, currency: data.currency },
      recipient: { holds: 'contact', sealed: data.contact },
    };
  }
  return { buyback: null, recipient: null };
}
