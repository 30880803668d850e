import { parseInput, ValidationError } from '@buyloop/kit';
import { empty, problem, requestContext, type SecuredRouter } from '@buyloop/http';
import { isUuid } from '../http/schemas';
import { completePasswordResetRequestSchema as schema } from '@buyloop/contracts/identity/http';
import { assertConfirmed, type IdentityRouteDeps } from '../http/route-deps';

/** Sets a new password from an e-mailed link (once, before it expires); every session of the account ends. */
export function resetPasswordRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.post(
    '/api/auth/password-reset/complete',
    'public',
    {
      summary: 'Set a new password from an e-mailed link; every session of the account ends',
      body: schema,
      responses: {
        204: empty('The password is changed'),
        429: problem('Too many attempts: wait the minutes the message names', { 'Retry-After': 'Seconds to wait' }),
      },
    },
    async (req, res) => {
      const input = parseInput(schema, req.body);
      // A link whose user id is not one of ours is simply not a valid link.
      if (!isUuid(input.user))
        throw new ValidationError('validation.failed', { token: ['auth.reset_link_invalid'] }, 'The reset link is not valid');
      assertConfirmed(input.password, input.password_confirmation, 'password_confirmation');
      const { clientAddress, userAgent, language } = requestContext(req, res);
      await deps.identity.resetPassword(
        { userId: input.user, token: input.token, password: input.password },
        { clientAddress, userAgent, language },
      );
      res.status(204).end();
    },
  );
}
