import express from 'express';
import { json, type SecuredRouter } from '@buyloop/http';
import {
  NOTIFICATION_SIGNATURE_HEADER,
  notificationAnswerSchema,
  notificationParamsSchema,
} from '@buyloop/contracts/payments/http';
import { parseInput, RequestRefused } from '@buyloop/kit';
import { problem } from '@buyloop/http';
import type { PaymentsRouteDeps } from '../http/route-deps';
import { PAYMENT_ERROR_CODES } from '../state';

const RAW_TYPES = ['application/octet-stream', 'text/plain'];

/** A gateway's notification: signed, stored, then applied to the ledger (issue 15, Deliver 3). */
export function notificationRoute(r: SecuredRouter, deps: PaymentsRouteDeps): void {
  r.post(
    '/api/payments/notifications/:provider',
    'public',
    {
      summary: 'A payment gateway’s notification (signed)',
      description: `The body is the notification JSON sent as \`application/octet-stream\` or \`text/plain\` (the signature covers the raw bytes, so the API's JSON parser must not read it first): \`{ id, payment_id, status: pending|authorised|paid|failed|refunded, amount, currency, at }\`, signed in \`${NOTIFICATION_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the body>\`. A missing or wrong signature is a 401 and nothing is stored. A notification is stored under (provider, id) before it is applied: the same one again is acknowledged (duplicate: true) and applies nothing new. Applied monotonically: a late pending never undoes paid, a second paid records nothing, a failed after paid is kept for staff and changes nothing. A notification the ledger refuses (an unknown payment, another amount) is kept and acknowledged with outcome refused. Like every POST it carries the CSRF double-submit pair (cookie and header).`,
      params: notificationParamsSchema,
      rawBody: { mediaTypes: RAW_TYPES, description: 'The notification JSON, up to 16 kB, exactly as signed' },
      responses: {
        200: json('Stored (or stored before) and applied', notificationAnswerSchema),
        401: problem('The signature is missing or does not match the body: nothing was stored'),
        415: problem('Not sent as application/octet-stream or text/plain'),
      },
    },
    express.raw({ type: RAW_TYPES, limit: '16kb' }),
    async (req, res) => {
      const { provider } = parseInput(notificationParamsSchema, req.params);
      if (!Buffer.isBuffer(req.body))
        throw new RequestRefused(
          415,
          PAYMENT_ERROR_CODES.notSigned,
          'The notification must be sent raw',
          'Send the notification as application/octet-stream or text/plain',
        );
      const received = await deps.service.receive(provider, req.body, req.get(NOTIFICATION_SIGNATURE_HEADER));
      res.set('Cache-Control', 'no-store').json({ received: true, duplicate: received.duplicate, outcome: received.outcome });
    },
  );
}
