import { actorOf, json, jsonBody, type SecuredRouter } from '@buyloop/http';
import { discountFieldsOf, discountRequestSchema, discountWrittenSchema } from '@buyloop/contracts/cart/discounts';
import { parseInput } from '@buyloop/kit';
import { discountProblems, sendWritten, writtenHeaders, type DiscountRouteDeps } from '../http/route-deps';

/** Spec 3: a new discount definition (issue 15's shape: 201 `{ id }`). */
export function createDiscountRoute(r: SecuredRouter, deps: DiscountRouteDeps): void {
  r.post(
    '/api/admin/discounts',
    'discounts.manage',
    {
      summary: 'Create a discount definition (spec 3)',
      description:
        'Title, type and value are needed; the rest has defaults (active, not public, not combinable, no automatic assignment). A percentage of 80 and more is created with the warning `discount.high_percentage` (spec 5/9).',
      body: discountRequestSchema,
      responses: {
        201: json('Created: its id, version and warnings', discountWrittenSchema, writtenHeaders),
        400: discountProblems.invalid,
      },
    },
    async (req, res) => {
      const request = parseInput(discountRequestSchema, jsonBody(req));
      const written = await deps.service.create(discountFieldsOf(request), actorOf(req, res));
      res.set('Location', `/api/admin/discounts/${written.id}`);
      await sendWritten(res, deps, written, 201);
    },
  );
}
