import { parseInput } from '@buyloop/kit';
import { newToken, type Session } from '../sessions';
import {
  clearSessionCookie,
  cookiesOf,
  CSRF_COOKIE,
  setCsrfCookie,
  principalOf,
  requestContext,
  empty,
  json,
  problem,
  type RouteContract,
  type SecuredRouter,
} from '@buyloop/http';
import {
  csrfTokenSchema,
  loginRequestSchema as loginSchema,
  sessionSchema,
  signedInSchema,
} from '@buyloop/contracts/identity/http';
import { startBrowserSession, type IdentityRouteDeps } from '../http/route-deps';

const contracts = {
  csrf: {
    summary: 'The CSRF token: state-changing requests repeat it in the X-CSRF-Token header',
    responses: { 200: json('The token, also set as the buyloop_csrf cookie', csrfTokenSchema) },
  },
  session: { summary: 'Who is signed in', responses: { 200: json('The person, or nobody', sessionSchema) } },
  login: {
    summary: 'Sign in: a new session on every login',
    body: loginSchema,
    responses: {
      200: json('Signed in', signedInSchema, { 'Set-Cookie': 'The session and CSRF cookies' }),
      401: problem('The e-mail address or the password is not correct'),
      429: problem('Too many attempts: wait the minutes the message names', { 'Retry-After': 'Seconds to wait' }),
    },
  },
  logout: { summary: 'Sign out', responses: { 204: empty('Signed out; the session cookie is cleared') } },
} satisfies Record<string, RouteContract>;

/** The CSRF token, who is signed in, log in and log out. */
export function sessionRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.get('/api/auth/csrf', 'public', contracts.csrf, (req, res) => {
    const principal = principalOf(res);
    const token = principal.session?.csrf ?? cookiesOf(req)[CSRF_COOKIE] ?? newToken();
    setCsrfCookie(req, res, token);
    res.set('Cache-Control', 'no-store').json({ csrf_token: token });
  });

  r.get('/api/auth/session', 'public', contracts.session, (_req, res) => {
    const principal = principalOf(res);
    res
      .set('Cache-Control', 'no-store')
      .json(
        principal.session
          ? { authenticated: true, user: { user_id: principal.userId, email: principal.session.email, roles: principal.roles } }
          : { authenticated: false, user: null },
      );
  });

  r.post('/api/auth/login', 'public', contracts.login, async (req, res) => {
    const input = parseInput(loginSchema, req.body);
    const { clientAddress, userAgent, language } = requestContext(req, res);
    const opened = await deps.identity.logIn(input, { clientAddress, userAgent, language });
    // A new session on every login: a session id planted before login is worth nothing after it.
    const previous = principalOf(res).sessionRef;
    if (previous) await deps.sessions.destroy(previous);
    startBrowserSession(req, res, opened);
    res.set('Cache-Control', 'no-store').json({ user: opened.user, csrf_token: opened.session.csrf });
  });

  r.post('/api/auth/logout', 'session.own', contracts.logout, async (req, res) => {
    const principal = principalOf(res);
    if (principal.session && principal.sessionRef)
      // Identity's own store authenticated this request: the session is one of ours.
      await deps.identity.logOut(principal.sessionRef, principal.session as Session, requestContext(req, res));
    clearSessionCookie(req, res);
    setCsrfCookie(req, res, newToken());
    res.status(204).end();
  });
}
