import { pathId } from '../http/schemas';
import { parseInput } from '@buyloop/kit';
import { z } from 'zod';
import { textField } from '@buyloop/validation';
import { ownSession, requestContext, type SecuredRouter } from '@buyloop/http';
import type { IdentityRouteDeps } from '../http/route-deps';

const schema = z.strictObject({
  decision: z.enum(['grant', 'reject']),
  note: textField({ min: 0, max: 2000 }, { multiline: true }).default(''),
});

/** A second person with the supervisor role grants or rejects; the event names both people. */
export function decideApprovalRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.post('/api/admin/approvals/:approvalId/decision', 'approval.decide', async (req, res) => {
    ownSession(res);
    const input = parseInput(schema, req.body);
    res.json(
      await deps.identity.decideApproval(
        pathId(req.params.approvalId, 'auth.approval_not_found'),
        input,
        requestContext(req, res),
      ),
    );
  });
}
