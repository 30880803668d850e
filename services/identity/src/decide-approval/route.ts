import { pathId } from '../http/schemas';
import { parseInput } from '@buyloop/kit';
import { json, ownSession, problem, requestContext, type SecuredRouter } from '@buyloop/http';
import { approvalDecisionSchema, decideApprovalRequestSchema as schema } from '@buyloop/contracts/identity/http';
import type { IdentityRouteDeps } from '../http/route-deps';

/** A second person with the supervisor role grants or rejects; the event names both people. */
export function decideApprovalRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.post(
    '/api/admin/approvals/:approvalId/decision',
    'approval.decide',
    {
      summary: 'Grant or reject a supervisor check (a second person with the supervisor role)',
      body: schema,
      responses: {
        200: json('The decision', approvalDecisionSchema),
        404: problem('No such approval request'),
        409: problem('Decided already, or asked by the same person'),
      },
    },
    async (req, res) => {
      ownSession(res);
      const input = parseInput(schema, req.body);
      res.json(
        await deps.identity.decideApproval(
          pathId(req.params.approvalId, 'auth.approval_not_found'),
          input,
          requestContext(req, res),
        ),
      );
    },
  );
}
