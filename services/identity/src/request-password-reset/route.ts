import { parseInput } from '@buyloop/kit';
import { translate } from '@buyloop/i18n';
import { json, requestContext, type SecuredRouter } from '@buyloop/http';
import { messageSchema, passwordResetRequestSchema as schema } from '@buyloop/contracts/identity/http';
import type { IdentityRouteDeps } from '../http/route-deps';

/** Always 202 with the same words: the answer never tells whether the address has an account. */
export function requestPasswordResetRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.post(
    '/api/auth/password-reset',
    'public',
    {
      summary: 'Ask for a password reset link by e-mail',
      description: 'Always 202 with the same words: the answer never tells whether the address has an account.',
      body: schema,
      responses: { 202: json('If the address has an account, a link is on its way', messageSchema) },
    },
    (req, res) => {
      const { email } = parseInput(schema, req.body);
      const ctx = requestContext(req, res);
      deps.identity.requestPasswordReset(email, ctx);
      res.status(202).json({ message: translate('auth.reset_email_sent', ctx.language) });
    },
  );
}
