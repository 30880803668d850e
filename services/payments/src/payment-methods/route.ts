import { json, languageOf, type SecuredRouter } from '@buyloop/http';
import { paymentMethodsQuerySchema, paymentMethodsSchema } from '@buyloop/contracts/payments/http';
import { parseInput } from '@buyloop/kit';
import type { PaymentsRouteDeps } from '../http/route-deps';
import { paymentMethodsFor } from './methods';

/** Spec 7's payments_by_delivery (issue 15's path, kept). */
export function paymentMethodsRoute(r: SecuredRouter, deps: PaymentsRouteDeps): void {
  r.get(
    '/api/cart/payments',
    'public',
    {
      summary: 'Payment methods for a delivery method (spec 7 payments_by_delivery)',
      description:
        'Every method with whether it goes with the delivery and its fee (whole CZK / lei with VAT). Cash on delivery only with `courier` or `pickup_point` (39 Kč / 9 lei); an `electronic` licence only by card or bank transfer. An unknown delivery code is a 400.',
      query: paymentMethodsQuerySchema,
      responses: { 200: json('The methods', paymentMethodsSchema) },
    },
    (req, res) => {
      const { delivery } = parseInput(paymentMethodsQuerySchema, req.query);
      res.set('Cache-Control', 'no-store').json({ payments: paymentMethodsFor(delivery, deps.service.market, languageOf(res)) });
    },
  );
}
