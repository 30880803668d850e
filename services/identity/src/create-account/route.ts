import { parseInput } from '@buyloop/kit';
import { json, principalOf, problem, requestContext, type SecuredRouter } from '@buyloop/http';
import { createAccountRequestSchema as schema, userEnvelopeSchema } from '@buyloop/contracts/identity/http';
import type { IdentityRouteDeps } from '../http/route-deps';
import { fieldError } from '../errors';
import { isStaffRole, validAccountRoles } from '../roles';

/** Administrators create staff accounts and shop accounts (and customer accounts for phone orders). */
export function createAccountRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.post(
    '/api/admin/users',
    'admin.users.manage',
    {
      summary: 'Create an account (staff, a shop account, or a customer for phone orders)',
      description: 'Granting supervisor or administrator takes a granted supervisor check (`approval_id`).',
      body: schema,
      responses: {
        201: json('The account', userEnvelopeSchema, { Location: 'The account' }),
        409: problem('The address has an account already'),
      },
    },
    async (req, res) => {
      const input = parseInput(schema, req.body);
      if (!validAccountRoles(input.roles))
        throw fieldError('roles', 'auth.role_unknown', 'One customer role, or staff roles only');
      const ctx = requestContext(req, res);
      const kind = input.roles.every(isStaffRole) ? 'staff' : 'customer';
      const grant = { trustedOperator: principalOf(res).via === 'ops-token', approvalId: input.approval_id };
      const user = await deps.identity.createAccount(
        { email: input.email, password: input.password, roles: input.roles, kind },
        ctx,
        ctx.actor.userId,
        grant,
      );
      res.status(201).location(`/api/admin/users/${user.user_id}`).json({ user });
    },
  );
}
