import { parseInput } from '@buyloop/kit';
import { json, ownSession, problem, requestContext, type SecuredRouter } from '@buyloop/http';
import { changePasswordRequestSchema as schema, csrfTokenSchema } from '@buyloop/contracts/identity/http';
import { assertConfirmed, startBrowserSession, type IdentityRouteDeps } from '../http/route-deps';

/** Spec 6: only someone signed in changes a password. Other sessions end; this browser gets a fresh one. */
export function changePasswordRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.put(
    '/api/account/password',
    'account.password.change',
    {
      summary: 'Change one’s password: other sessions end, this browser gets a new one',
      body: schema,
      responses: {
        200: json('The new session’s CSRF token', csrfTokenSchema),
        429: problem('Too many attempts: wait the minutes the message names', { 'Retry-After': 'Seconds to wait' }),
      },
    },
    async (req, res) => {
      const input = parseInput(schema, req.body);
      assertConfirmed(input.new_password, input.new_password_confirmation, 'new_password_confirmation');
      const own = ownSession(res);
      const ctx = requestContext(req, res);
      await deps.identity.changePassword(
        own.userId,
        { currentPassword: input.current_password, newPassword: input.new_password },
        ctx,
      );
      // Not through logIn: a throttle an attacker filled must not sign out the person who just proved who they are.
      const opened = await deps.identity.openSession(own.userId, ctx);
      startBrowserSession(req, res, opened);
      res.json({ csrf_token: opened.session.csrf });
    },
  );
}
