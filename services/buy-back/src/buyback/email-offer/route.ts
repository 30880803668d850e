import { actorOf } from '@buyloop/identity';
import type { SecuredRouter } from '@buyloop/identity';
import { parseIdempotencyKey } from '../../idempotency/idempotency-keys';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { parseSendToEmail } from './send-to-email-input';

/** How long the answer waits for the e-mail to leave, so the page can say whether it did (spec 4: sent flag). */
const DELIVERY_WAIT_MS = 4_000;

/** Spec 7 send_buyout_to_email: the appraisal goes to the customer's e-mail with a link that reopens it. */
export function sendToEmailRoute(r: SecuredRouter, deps: BuybackRouteDeps): void {
  r.post('/api/buyout/send-to-email', 'public', async (req, res) => {
    const idempotencyKey = parseIdempotencyKey(req.get('idempotency-key'));
    const input = parseSendToEmail(req.body, { market: deps.market });
    const sent = await deps.service.sendToEmail(input, { actor: actorOf(req, res), idempotencyKey });
    // true: sent; false: the first attempt failed and the outbox keeps retrying; null: not known yet.
    const delivery = sent.eventId ? await deps.delivery(sent.eventId, DELIVERY_WAIT_MS) : 'pending';
    const emailSent = delivery === 'sent' ? true : delivery === 'failed_attempt' ? false : null;
    res.status(201).set('Cache-Control', 'no-store').json({ buyout_number: sent.buyoutNumber, email_sent: emailSent });
  });
}
