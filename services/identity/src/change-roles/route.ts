import { parseInput } from '@buyloop/kit';
import { json, principalOf, problem, requestContext, type SecuredRouter } from '@buyloop/http';
import { changeRolesRequestSchema as schema, userEnvelopeSchema } from '@buyloop/contracts/identity/http';
import { pathId } from '../http/schemas';
import type { IdentityRouteDeps } from '../http/route-deps';

/** A role change is recorded with who made it; the person's sessions end so the new roles apply at once. */
export function changeRolesRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.put(
    '/api/admin/users/:userId/roles',
    'admin.users.manage',
    {
      summary: 'Change someone’s roles; their sessions end',
      description:
        'Granting or taking away supervisor or administrator takes a granted supervisor check (`approval_id`); never one’s own roles.',
      body: schema,
      responses: {
        200: json('The account', userEnvelopeSchema),
        404: problem('No such account'),
        409: problem('The change is not allowed now'),
      },
    },
    async (req, res) => {
      const { roles, approval_id } = parseInput(schema, req.body);
      const grant = { trustedOperator: principalOf(res).via === 'ops-token', approvalId: approval_id };
      res.json({
        user: await deps.identity.changeRoles(
          pathId(req.params.userId, 'auth.user_not_found'),
          roles,
          requestContext(req, res),
          grant,
        ),
      });
    },
  );
}
