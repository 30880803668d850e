import { parseInput } from '@buyloop/kit';
import { z } from 'zod';
import { requestContext, type SecuredRouter } from '@buyloop/http';
import { emailField, passwordField } from '../http/schemas';
import { assertConfirmed, startBrowserSession, type IdentityRouteDeps } from '../http/route-deps';

const schema = z.strictObject({ email: emailField, password: passwordField, password_confirmation: passwordField });

/** A visitor becomes a customer and is signed in at once. */
export function registerRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.post('/api/auth/register', 'public', async (req, res) => {
    const input = parseInput(schema, req.body);
    assertConfirmed(input.password, input.password_confirmation, 'password_confirmation');
    const ctx = requestContext(req, res);
    await deps.identity.createAccount(
      { email: input.email, password: input.password, roles: ['customer'], kind: 'customer' },
      ctx,
      null,
    );
    const opened = await deps.identity.logIn({ email: input.email, password: input.password }, ctx);
    startBrowserSession(req, res, opened);
    res.status(201).location('/api/account').json({ user: opened.user, csrf_token: opened.session.csrf });
  });
}
