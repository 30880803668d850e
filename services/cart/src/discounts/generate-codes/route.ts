import { actorOf, json, jsonBody, type SecuredRouter } from '@buyloop/http';
import { discountIdParamsSchema, generateCodesSchema, generatedCodesSchema } from '@buyloop/contracts/cart/discounts';
import { parseInput } from '@buyloop/kit';
import { discountIdParam, discountProblems, type DiscountRouteDeps } from '../http/route-deps';

/** Spec 9's generated single-use codes (issue 15's shape: `{ codes: [...] }`). */
export function generateCodesRoute(r: SecuredRouter, deps: DiscountRouteDeps): void {
  r.post(
    '/api/admin/discounts/:id/codes',
    'discounts.manage',
    {
      summary: 'Generate single-use codes for a discount (spec 9)',
      description:
        '10 characters of digits, lower and upper case letters, drawn at random; each is issued once and used by one order only. 1–1000 per request.',
      params: discountIdParamsSchema,
      body: generateCodesSchema,
      responses: {
        201: json('The new codes', generatedCodesSchema),
        400: discountProblems.invalid,
        404: discountProblems.notFound,
        409: discountProblems.conflict,
      },
    },
    async (req, res) => {
      const id = discountIdParam(req.params.id);
      const { count } = parseInput(generateCodesSchema, jsonBody(req));
      const generated = await deps.service.generateCodes(id, count, actorOf(req, res));
      await deps.settle(generated.checkpoint);
      res.status(201).set('Cache-Control', 'no-store').json({ codes: generated.codes });
    },
  );
}
