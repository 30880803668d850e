import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { RequestRefused } from '@buyloop/kit';
import { actorOf, clientAddressOf, json, problem, type SecuredRouter } from '@buyloop/http';
import { idempotencyKeyHeaderSchema, sendToEmailRequestSchema, sendToEmailResultSchema } from '@buyloop/contracts/buy-back/http';
import { parseIdempotencyKey } from '../../idempotency/idempotency-keys';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { parseSendToEmail } from './send-to-email-input';

/** How long the answer waits for the e-mail to leave, so the page can say whether it did (spec 4: sent flag). */
const DELIVERY_WAIT_MS = 4_000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Anyone may have an offer e-mailed, so the shop's mail server must not
 * become a way to flood someone's inbox: per sender address and per
 * recipient, a handful an hour. Counted in this process (one API process
 * per shop today; a shared store is next when there are more).
 */
export const SEND_TO_EMAIL_LIMITS = { perClientPerHour: 30, perRecipientPerHour: 5 };

const refuse =
  (windowMs: number): RequestHandler =>
  (_req, _res, next) =>
    next(
      new RequestRefused(429, 'request.rate_limited', 'Too many requests', 'Too many offers were e-mailed; try again later', {
        retryAfterSeconds: Math.ceil(windowMs / 1000),
      }),
    );

function recipientOf(req: Request): string {
  const body = req.body as { e_mail?: unknown } | undefined;
  return typeof body?.e_mail === 'string' ? body.e_mail.trim().toLowerCase().slice(0, 254) : '';
}

/** Spec 7 send_buyout_to_email: the appraisal goes to the customer's e-mail with a link that reopens it. */
export function sendToEmailRoute(r: SecuredRouter, deps: BuybackRouteDeps, limits = SEND_TO_EMAIL_LIMITS): void {
  const perClient = rateLimit({
    windowMs: HOUR_MS,
    limit: limits.perClientPerHour,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(clientAddressOf(req)),
    handler: refuse(HOUR_MS),
  });
  const perRecipient = rateLimit({
    windowMs: HOUR_MS,
    limit: limits.perRecipientPerHour,
    standardHeaders: false,
    legacyHeaders: false,
    keyGenerator: (req) => `to:${recipientOf(req)}`,
    // A request without an address is refused by validation; it is nobody's inbox.
    skip: (req) => recipientOf(req) === '',
    handler: refuse(HOUR_MS),
  });
  const contract = {
    summary: 'E-mail an appraisal to the customer, with a link that reopens it',
    headers: idempotencyKeyHeaderSchema,
    body: sendToEmailRequestSchema,
    responses: {
      201: json('Recorded; whether the e-mail went out yet', sendToEmailResultSchema),
      404: problem('No buy-back catalogue is published for the market'),
      409: problem('The page shows another price list version'),
      422: problem('The Idempotency-Key was used with another body'),
      429: problem('Too many offers e-mailed from this address or to this recipient', { 'Retry-After': 'Seconds to wait' }),
    },
  };
  r.post('/api/buyout/send-to-email', 'public', contract, perClient, perRecipient, async (req, res) => {
    const idempotencyKey = parseIdempotencyKey(req.get('idempotency-key'));
    const input = parseSendToEmail(req.body, { market: deps.market });
    const sent = await deps.service.sendToEmail(input, { actor: actorOf(req, res), idempotencyKey });
    // true: sent; false: the first attempt failed and the outbox keeps retrying; null: not known yet.
    const delivery = sent.eventId ? await deps.delivery(sent.eventId, DELIVERY_WAIT_MS) : 'pending';
    const emailSent = delivery === 'sent' ? true : delivery === 'failed_attempt' ? false : null;
    res.status(201).set('Cache-Control', 'no-store').json({ buyout_number: sent.buyoutNumber, email_sent: emailSent });
  });
}
