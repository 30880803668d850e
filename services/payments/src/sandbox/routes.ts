import { randomBytes } from 'node:crypto';
import {
  bankTransferNoticeSchema,
  paymentIdSchema,
  sandboxChallengeSchema,
  sandboxDecisionSchema,
  sandboxNotifiedSchema,
  sandboxNotifySchema,
  sandboxRedirectSchema,
} from '@buyloop/contracts/payments/http';
import { cookiesOf, CSRF_COOKIE, json, languageOf, media, setCsrfCookie, type SecuredRouter } from '@buyloop/http';
import { IllegalState, NotFound, parseInput } from '@buyloop/kit';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { paymentProblems, type PaymentsRouteDeps } from '../http/route-deps';
import { sandboxPageOf } from '../payments-service';
import { PAYMENT_ERROR_CODES, type StartedLedger } from '../state';
import { loopbackOf } from './gateway';
import { awaitingBuyer, challengePage, payPage, SANDBOX_SCRIPT, SANDBOX_SCRIPT_PATH } from './pages';

const paymentParams = z.strictObject({ payment_id: paymentIdSchema });

/** The sandbox's 3-D Secure code. */
export const SANDBOX_3DS_CODE = '1234';

/** The pages post with the CSRF header their script reads from the cookie: a buyer arriving from the checkout may have none yet. */
function ensureCsrfCookie(req: Request, res: Response): void {
  if (!cookiesOf(req)[CSRF_COOKIE]) setCsrfCookie(req, res, randomBytes(32).toString('base64url'));
}

function awaiting(ledger: StartedLedger): StartedLedger {
  if (!awaitingBuyer(ledger)) throw new IllegalState(PAYMENT_ERROR_CODES.notAwaiting, 'This payment no longer awaits the buyer');
  return ledger;
}

const html = (res: Response, body: string) =>
  res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer').type('html').send(body);

/**
 * The sandbox gateway's pages and its test hooks, in our own process (no
 * network), as far as the gateway's exposure allows: a route not mounted
 * answers 404 like any unknown address, and is absent from the API reference.
 */
export function sandboxRoutes(r: SecuredRouter, deps: PaymentsRouteDeps): void {
  if (deps.gateway.exposure.pages) sandboxPageRoutes(r, deps);
  if (deps.gateway.exposure.testHooks) sandboxTestHookRoutes(r, deps);
}

/** Where `start` sends a card, Google Pay or Apple Pay buyer: pay, pay through 3-D Secure, or decline. */
function sandboxPageRoutes(r: SecuredRouter, deps: PaymentsRouteDeps): void {
  r.get(
    SANDBOX_SCRIPT_PATH,
    'public',
    { summary: 'The sandbox pages’ script', responses: { 200: media('The script', 'text/javascript') } },
    (_req, res) => {
      res.set('Cache-Control', 'public, max-age=300').type('text/javascript').send(SANDBOX_SCRIPT);
    },
  );

  r.get(
    '/api/payments/sandbox/pay/:payment_id',
    'public',
    {
      summary: 'The sandbox gateway’s payment page (card, Google Pay, Apple Pay)',
      description:
        'Where `start` redirects the buyer: the order, the amount and three choices: pay, pay through 3-D Secure, decline. Czech, Romanian or English by the visitor’s language.',
      params: paymentParams,
      responses: { 200: media('The page', 'text/html'), 400: paymentProblems.invalid, 404: paymentProblems.notFound },
    },
    async (req, res) => {
      const { payment_id } = parseInput(paymentParams, req.params);
      const ledger = await deps.service.ledgerOf(payment_id);
      ensureCsrfCookie(req, res);
      html(res, payPage(ledger, req.originalUrl.split('?')[0]!, languageOf(res)));
    },
  );

  r.post(
    '/api/payments/sandbox/pay/:payment_id',
    'public',
    {
      summary: 'The buyer’s choice on the sandbox page',
      description:
        'approve: the sandbox sends a signed "paid" notification to our notification endpoint and answers the shop’s return_url; decline: a "failed" one; challenge: answers the 3-D Secure page.',
      params: paymentParams,
      body: sandboxDecisionSchema,
      responses: {
        200: json('Where the buyer goes next', sandboxRedirectSchema),
        404: paymentProblems.notFound,
        409: paymentProblems.notAwaiting,
        502: paymentProblems.gateway,
      },
    },
    async (req, res) => {
      const { payment_id } = parseInput(paymentParams, req.params);
      const { decision } = parseInput(sandboxDecisionSchema, req.body);
      const ledger = awaiting(await deps.service.ledgerOf(payment_id));
      if (decision === 'challenge')
        return void res.set('Cache-Control', 'no-store').json({ redirect_url: `${sandboxPageOf(payment_id)}/3ds` });
      const status = decision === 'approve' ? 'paid' : 'failed';
      await deps.gateway.send(loopbackOf(req), 'sandbox', deps.gateway.notificationOf(ledger, status));
      res.set('Cache-Control', 'no-store').json({ redirect_url: ledger.return_url });
    },
  );

  r.get(
    '/api/payments/sandbox/pay/:payment_id/3ds',
    'public',
    {
      summary: 'The sandbox’s 3-D Secure challenge page',
      params: paymentParams,
      responses: { 200: media('The page', 'text/html'), 400: paymentProblems.invalid, 404: paymentProblems.notFound },
    },
    async (req, res) => {
      const { payment_id } = parseInput(paymentParams, req.params);
      const ledger = await deps.service.ledgerOf(payment_id);
      ensureCsrfCookie(req, res);
      html(res, challengePage(ledger, req.originalUrl.split('?')[0]!, languageOf(res)));
    },
  );

  r.post(
    '/api/payments/sandbox/pay/:payment_id/3ds',
    'public',
    {
      summary: 'The 3-D Secure code',
      description: `The sandbox takes ${SANDBOX_3DS_CODE}: it sends "authorised" then "paid"; any other code fails the payment (a "failed" notification). Either way the answer is the shop's return_url.`,
      params: paymentParams,
      body: sandboxChallengeSchema,
      responses: {
        200: json('Where the buyer goes next', sandboxRedirectSchema),
        404: paymentProblems.notFound,
        409: paymentProblems.notAwaiting,
        502: paymentProblems.gateway,
      },
    },
    async (req, res) => {
      const { payment_id } = parseInput(paymentParams, req.params);
      const { code } = parseInput(sandboxChallengeSchema, req.body);
      const ledger = awaiting(await deps.service.ledgerOf(payment_id));
      const base = loopbackOf(req);
      if (code.trim() === SANDBOX_3DS_CODE) {
        await deps.gateway.send(base, 'sandbox', deps.gateway.notificationOf(ledger, 'authorised'));
        await deps.gateway.send(base, 'sandbox', deps.gateway.notificationOf(ledger, 'paid'));
      } else await deps.gateway.send(base, 'sandbox', deps.gateway.notificationOf(ledger, 'failed'));
      res.set('Cache-Control', 'no-store').json({ redirect_url: ledger.return_url });
    },
  );
}

/** Notifications on a test's demand (journeys b and c, the ledger's races): never wanted where money is real. */
function sandboxTestHookRoutes(r: SecuredRouter, deps: PaymentsRouteDeps): void {
  r.post(
    '/api/payments/sandbox/payments/:payment_id/notifications',
    'public',
    {
      summary: 'Sandbox test hook: the gateway sends a notification now (late, twice, out of order)',
      description:
        'Sends a signed notification of `status` about the payment to our notification endpoint over loopback, `times` times with the same id (a gateway retrying), under `notification_id` when given (to repeat an earlier one). Answers what the endpoint answered each time.',
      params: paymentParams,
      body: sandboxNotifySchema,
      responses: { 200: json('Sent', sandboxNotifiedSchema), 404: paymentProblems.notFound, 502: paymentProblems.gateway },
    },
    async (req, res) => {
      const { payment_id } = parseInput(paymentParams, req.params);
      const request = parseInput(sandboxNotifySchema, req.body);
      const ledger = await deps.service.ledgerOf(payment_id);
      const notification = deps.gateway.notificationOf(
        ledger,
        request.status,
        request.notification_id ? { id: request.notification_id } : {},
      );
      const sent = await deps.gateway.send(loopbackOf(req), 'sandbox', notification, request.times ?? 1);
      res.set('Cache-Control', 'no-store').json({ sent });
    },
  );

  r.post(
    '/api/payments/sandbox/bank-transfers',
    'public',
    {
      summary: 'Sandbox bank: an incoming transfer (journey c)',
      description:
        'The sandbox bank saw `amount` arrive under `variable_symbol` (the order number) and sends its signed notification (provider sandbox-bank, status paid) to our endpoint. Another amount than the order’s total is stored and refused by the ledger (outcome refused). Optional `notification_id` and `times` repeat a notification.',
      body: bankTransferNoticeSchema.extend({
        notification_id: sandboxNotifySchema.shape.notification_id,
        times: sandboxNotifySchema.shape.times,
      }),
      responses: { 200: json('Sent', sandboxNotifiedSchema), 404: paymentProblems.notFound, 502: paymentProblems.gateway },
    },
    async (req, res) => {
      const request = parseInput(
        bankTransferNoticeSchema.extend({
          notification_id: sandboxNotifySchema.shape.notification_id,
          times: sandboxNotifySchema.shape.times,
        }),
        req.body,
      );
      const state = /^\d{10}$/.test(request.variable_symbol) ? await deps.service.state(request.variable_symbol) : null;
      if (!state || state.status === 'none' || state.method !== 'bank_transfer')
        throw new NotFound(PAYMENT_ERROR_CODES.unknownVariableSymbol, 'No bank transfer awaits this variable symbol');
      const notification = deps.gateway.notificationOf(state, 'paid', {
        amount: request.amount,
        ...(request.notification_id ? { id: request.notification_id } : {}),
      });
      const sent = await deps.gateway.send(loopbackOf(req), 'sandbox-bank', notification, request.times ?? 1);
      res.set('Cache-Control', 'no-store').json({ sent });
    },
  );
}
