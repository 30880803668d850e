import { parseInput, ValidationError } from '@buyloop/kit';
import { z } from 'zod';
import { empty, problem, requestContext, type SecuredRouter } from '@buyloop/http';
import { isUuid, passwordField } from '../http/schemas';
import { assertConfirmed, type IdentityRouteDeps } from '../http/route-deps';

const schema = z.strictObject({
  user: z.string().max(100),
  token: z.string().min(1).max(200),
  password: passwordField,
  password_confirmation: passwordField,
});

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
