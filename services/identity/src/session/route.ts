import { parseInput } from '@buyloop/kit';
import { z } from 'zod';
import { newToken, type Session } from '../sessions';
import {
  clearSessionCookie,
  cookiesOf,
  CSRF_COOKIE,
  setCsrfCookie,
  principalOf,
  requestContext,
  type SecuredRouter,
} from '@buyloop/http';
import { emailField, passwordField } from '../http/schemas';
import { startBrowserSession, type IdentityRouteDeps } from '../http/route-deps';

const loginSchema = z.strictObject({ email: emailField, password: passwordField });

/** The CSRF token, who is signed in, log in and log out. */
export function sessionRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.get('/api/auth/csrf', 'public', (req, res) => {
    const principal = principalOf(res);
    const token = principal.session?.csrf ?? cookiesOf(req)[CSRF_COOKIE] ?? newToken();
    setCsrfCookie(req, res, token);
    res.set('Cache-Control', 'no-store').json({ csrf_token: token });
  });

  r.get('/api/auth/session', 'public', (_req, res) => {
    const principal = principalOf(res);
    res
      .set('Cache-Control', 'no-store')
      .json(
        principal.session
          ? { authenticated: true, user: { user_id: principal.userId, email: principal.session.email, roles: principal.roles } }
          : { authenticated: false, user: null },
      );
  });

  r.post('/api/auth/login', 'public', async (req, res) => {
    const input = parseInput(loginSchema, req.body);
    const { clientAddress, userAgent, language } = requestContext(req, res);
    const opened = await deps.identity.logIn(input, { clientAddress, userAgent, language });
    // A new session on every login: a session id planted before login is worth nothing after it.
    const previous = principalOf(res).sessionRef;
    if (previous) await deps.sessions.destroy(previous);
    startBrowserSession(req, res, opened);
    res.set('Cache-Control', 'no-store').json({ user: opened.user, csrf_token: opened.session.csrf });
  });

  r.post('/api/auth/logout', 'session.own', async (req, res) => {
    const principal = principalOf(res);
    if (principal.session && principal.sessionRef)
      // Identity's own store authenticated this request: the session is one of ours.
      await deps.identity.logOut(principal.sessionRef, principal.session as Session, requestContext(req, res));
    clearSessionCookie(req, res);
    setCsrfCookie(req, res, newToken());
    res.status(204).end();
  });
}
