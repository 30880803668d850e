import { randomBytes } from 'node:crypto';
import {
  applePaySessionAnswerSchema,
  applePaySessionSchema,
  cardPaySchema,
  paymentIdSchema,
  sandboxRedirectSchema,
  walletEchoSchema,
  walletInitAnswerSchema,
  walletInitSchema,
  walletProcessSchema,
} from '@buyloop/contracts/payments/http';
import type { PaymentMethod } from '@buyloop/contracts/payments/port';
import { json, languageOf, type SecuredRouter } from '@buyloop/http';
import { translate } from '@buyloop/i18n';
import { IllegalState, parseInput } from '@buyloop/kit';
import { z } from 'zod';
import { paymentProblems, type PaymentsRouteDeps } from '../http/route-deps';
import { sandboxPageOf } from '../payments-service';
import { loopbackOf } from '../sandbox/gateway';
import { awaitingBuyer } from '../sandbox/pages';
import { PAYMENT_ERROR_CODES, type StartedLedger } from '../state';

const MERCHANT_ID = 'buyloop-sandbox';
const echoQuery = z.strictObject({ payment_id: paymentIdSchema.optional() });

/** A wallet's calls are about a payment started with that wallet and still awaiting the buyer. */
async function walletPayment(deps: PaymentsRouteDeps, paymentId: string, method: PaymentMethod): Promise<StartedLedger> {
  const ledger = await deps.service.ledgerOf(paymentId);
  if (ledger.method !== method || !awaitingBuyer(ledger))
    throw new IllegalState(PAYMENT_ERROR_CODES.walletUnavailable, 'The card wallet is not available for this payment');
  return ledger;
}

/**
 * Spec 7's card wallet routes, answered the sandbox's way: Google Pay (echo,
 * init, process), Apple Pay (echo, session, init, process) and cardpay. The
 * sandbox takes any wallet token except `decline`; its answer is a signed
 * notification to our own endpoint, as with the card page.
 */
export function walletRoutes(r: SecuredRouter, deps: PaymentsRouteDeps): void {
  for (const [wallet, method, name] of [
    ['googlepay', 'google_pay', 'Google Pay'],
    ['applepay', 'apple_pay', 'Apple Pay'],
  ] as const) {
    r.get(
      `/api/payments/${wallet}/echo`,
      'public',
      {
        summary: `${name}: is the wallet available (spec 7 ${wallet} echo)`,
        description:
          'Without `payment_id`: whether the sandbox offers the wallet at all. With it: whether this payment can be paid with it now; if not, `message` is spec 8’s “card wallet not available or failed to load (choose another method)”.',
        query: echoQuery,
        responses: { 200: json('Availability', walletEchoSchema) },
      },
      async (req, res) => {
        const { payment_id } = parseInput(echoQuery, req.query);
        let available = true;
        if (payment_id !== undefined)
          available = await walletPayment(deps, payment_id, method).then(
            () => true,
            () => false,
          );
        res.set('Cache-Control', 'no-store').json({
          available,
          merchant_id: MERCHANT_ID,
          ...(available ? {} : { message: translate(PAYMENT_ERROR_CODES.walletUnavailable, languageOf(res)) }),
        });
      },
    );

    r.post(
      `/api/payments/${wallet}/init`,
      'public',
      {
        summary: `${name}: the payment request the wallet sheet shows (spec 7 ${wallet} init)`,
        body: walletInitSchema,
        responses: {
          200: json('The payment request', walletInitAnswerSchema),
          404: paymentProblems.notFound,
          409: paymentProblems.wallet,
        },
      },
      async (req, res) => {
        const { payment_id } = parseInput(walletInitSchema, req.body);
        const ledger = await walletPayment(deps, payment_id, method);
        res.set('Cache-Control', 'no-store').json({
          payment_id,
          amount: ledger.amount,
          currency: ledger.currency,
          merchant_id: MERCHANT_ID,
          country: deps.service.market === 'ro' ? 'RO' : 'CZ',
        });
      },
    );

    r.post(
      `/api/payments/${wallet}/process`,
      'public',
      {
        summary: `${name}: pay with the wallet’s token (spec 7 ${wallet} process)`,
        description:
          'The sandbox sends a signed "paid" notification (the token `decline`: a "failed" one) to our notification endpoint and answers the shop’s return_url.',
        body: walletProcessSchema,
        responses: {
          200: json('Where the buyer goes next', sandboxRedirectSchema),
          404: paymentProblems.notFound,
          409: paymentProblems.wallet,
          502: paymentProblems.gateway,
        },
      },
      async (req, res) => {
        const { payment_id, token } = parseInput(walletProcessSchema, req.body);
        const ledger = await walletPayment(deps, payment_id, method);
        const status = token === 'decline' ? 'failed' : 'paid';
        await deps.gateway.send(loopbackOf(req), 'sandbox', deps.gateway.notificationOf(ledger, status));
        res.set('Cache-Control', 'no-store').json({ redirect_url: ledger.return_url });
      },
    );
  }

  r.post(
    '/api/payments/applepay/session',
    'public',
    {
      summary: 'Apple Pay: the merchant session (spec 7 applepay session)',
      description: 'The sandbox validates no merchant with Apple (no network here): it answers a made-up session for the sheet.',
      body: applePaySessionSchema,
      responses: { 200: json('The merchant session', applePaySessionAnswerSchema) },
    },
    (req, res) => {
      parseInput(applePaySessionSchema, req.body);
      res.set('Cache-Control', 'no-store').json({
        merchant_session: randomBytes(24).toString('base64url'),
        expires_at: new Date(Date.now() + 5 * 60_000).toISOString(),
      });
    },
  );

  r.post(
    '/api/payments/cardpay',
    'public',
    {
      summary: 'Card payment: where the buyer enters the card (spec 7 cardpay)',
      body: cardPaySchema,
      responses: {
        200: json('The gateway’s page', sandboxRedirectSchema),
        404: paymentProblems.notFound,
        409: paymentProblems.notAwaiting,
      },
    },
    async (req, res) => {
      const { payment_id } = parseInput(cardPaySchema, req.body);
      const ledger = await deps.service.ledgerOf(payment_id);
      if (ledger.method !== 'card' || !awaitingBuyer(ledger))
        throw new IllegalState(PAYMENT_ERROR_CODES.notAwaiting, 'This payment no longer awaits the buyer');
      res.set('Cache-Control', 'no-store').json({ redirect_url: sandboxPageOf(payment_id) });
    },
  );
}
