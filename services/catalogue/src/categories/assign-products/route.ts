import { actorOf, json, type SecuredRouter } from '@buyloop/http';
import { parseInput } from '@buyloop/kit';
import { categoryAssignmentRequestSchema, categoryAssignmentResultSchema } from '@buyloop/contracts/catalogue/categories';
import { categoryResponses, jsonBody, written, type CategoryRouteDeps } from '../http/route-deps';
import type { CategoryResult } from '../service';

type Direction = 'assign' | 'unassign';

/** The answer to an assignment: the selection as recorded (without repeats) and whether anything changed. */
async function answer(
  res: Parameters<typeof written>[0],
  deps: CategoryRouteDeps,
  result: CategoryResult,
  input: {
    masterProductIds: readonly string[];
    typeCategoryIds: readonly string[];
  },
) {
  const meta = await written(res, deps, result);
  res.json({
    master_product_ids: [...new Set(input.masterProductIds)],
    category_ids: [...new Set(input.typeCategoryIds)],
    changed: result.events.length > 0,
    ...meta,
  });
}

function assignmentRoute(r: SecuredRouter, deps: CategoryRouteDeps, direction: Direction): void {
  const assigning = direction === 'assign';
  r.post(
    `/api/admin/catalogue/categories/${direction}`,
    'catalogue.manage',
    {
      summary: assigning
        ? 'Put the selected master products into the selected categories (add_product_categories)'
        : 'Take the selected master products out of the selected categories (remove_product_categories)',
      description: assigning
        ? 'Both lists must name something (refused with `catalogue.category.selection_required` otherwise, spec 5); every category and master product must exist.'
        : 'Both lists must name something (refused with `catalogue.category.selection_required` otherwise, spec 5); every category must exist.',
      body: categoryAssignmentRequestSchema,
      responses: {
        200: json(assigning ? 'Assigned' : 'Removed', categoryAssignmentResultSchema),
        400: categoryResponses.invalid,
        409: categoryResponses.conflict,
      },
    },
    async (req, res) => {
      const input = parseInput(categoryAssignmentRequestSchema, jsonBody(req));
      const options = { actor: actorOf(req, res) };
      const result = assigning
        ? await deps.service.assign(input.masterProductIds, input.typeCategoryIds, options)
        : await deps.service.remove(input.masterProductIds, input.typeCategoryIds, options);
      await answer(res, deps, result, input);
    },
  );
}

/** add_product_categories and remove_product_categories (spec 7). */
export function assignProductsRoute(r: SecuredRouter, deps: CategoryRouteDeps): void {
  assignmentRoute(r, deps, 'assign');
}

export { assignmentRoute };
