import { adminPaymentParamsSchema, adminPaymentSchema } from '@buyloop/contracts/payments/http';
import type { DocumentStore } from '@buyloop/document-store';
import { json, problem, type SecuredRouter } from '@buyloop/http';
import { NotFound, parseInput } from '@buyloop/kit';
import { PAYMENT_ERROR_CODES } from '@buyloop/payments';
import { PAYMENTS_PROJECTION, type PaymentDocument } from './projection';

export interface PaymentReadDeps {
  readonly documents: Pick<DocumentStore, 'get'>;
  readonly collection: (projection: string) => Promise<string>;
}

/** The staff's view of an order's payment (the order detail shows it). */
export function paymentReadRoutes(r: SecuredRouter, deps: PaymentReadDeps): void {
  r.get(
    '/api/admin/payments/:order_number',
    'payments.read',
    {
      summary: 'An order’s payment as the ledger keeps it',
      description:
        'Status (started, pending, authorised, paid, failed, refund_requested, refunded), method, amount, when it was paid and refunded, how many gateway notifications arrived (a duplicate is stored once) and the “failed” reports that came after it was paid (kept for staff, they changed nothing).',
      params: adminPaymentParamsSchema,
      responses: {
        200: json('The payment', adminPaymentSchema),
        400: problem('Not an order number (10 digits)'),
        404: problem('No payment was started for this order'),
      },
    },
    async (req, res) => {
      const { order_number } = parseInput(adminPaymentParamsSchema, req.params);
      const document = await deps.documents.get<PaymentDocument>(await deps.collection(PAYMENTS_PROJECTION), order_number);
      if (!document) throw new NotFound(PAYMENT_ERROR_CODES.notFound, 'No payment was started for this order');
      const { applied: _applied, ...shown } = document;
      res.set('Cache-Control', 'no-store').json(shown);
    },
  );
}
