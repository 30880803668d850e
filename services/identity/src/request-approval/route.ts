import { pathId } from '../http/schemas';
import { NotFound, parseInput } from '@buyloop/kit';
import { json, ownSession, problem, requestContext, type SecuredRouter } from '@buyloop/http';
import { approvalDecisionSchema, approvalSchema, requestApprovalRequestSchema as schema } from '@buyloop/contracts/identity/http';
import type { IdentityRouteDeps } from '../http/route-deps';

/** A staff member asks for the supervisor check; anyone on the staff can look a request up. */
export function requestApprovalRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.post(
    '/api/admin/approvals',
    'approval.request',
    {
      summary: 'Ask for the supervisor check',
      description:
        'A role change (`staff_role`, subject the person’s e-mail) names the roles the person is to hold afterwards ' +
        '(`[]`: their account is removed); granted, it allows exactly that change, once, by the one who asked, ' +
        'within 24 hours.',
      body: schema,
      responses: {
        201: json('The request, pending', approvalDecisionSchema, { Location: 'The approval request' }),
        409: problem('The same request is pending already'),
      },
    },
    async (req, res) => {
      ownSession(res);
      const input = parseInput(schema, req.body);
      const created = await deps.identity.requestApproval(
        {
          action: input.action,
          subject: input.subject,
          amount: input.amount ?? null,
          currency: input.currency ?? null,
          roles: input.roles ?? null,
          reason: input.reason,
        },
        requestContext(req, res),
      );
      res.status(201).location(`/api/admin/approvals/${created.approval_id}`).json(created);
    },
  );
  r.get(
    '/api/admin/approvals/:approvalId',
    'approval.read',
    {
      summary: 'A supervisor check’s request and decision',
      responses: { 200: json('Its events, oldest first', approvalSchema), 404: problem('No such approval request') },
    },
    async (req, res) => {
      const events = await deps.identity.approval(pathId(req.params.approvalId, 'auth.approval_not_found'));
      if (!events) throw new NotFound('auth.approval_not_found', 'There is no such approval request');
      res.set('Cache-Control', 'no-store').json({ events });
    },
  );
}
