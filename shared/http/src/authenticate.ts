import type { RequestHandler } from 'express';
import type { Market } from '@buyloop/kit';
import { defaultLanguage, LANGUAGES } from '@buyloop/i18n';
import { tokensEqual } from './tokens';
import { cookiesOf, SESSION_COOKIE } from './cookies';
import { VISITOR, type Principal, type SessionLookup } from './principal';

export interface AuthenticateOptions {
  /** Without a session store nobody is signed in (tools and tests that need no accounts). */
  readonly sessions?: SessionLookup | undefined;
  readonly market: Market;
  /**
   * The local operator's token (`pnpm ops` reads it beside the data): a
   * bearer of it acts as an administrator named `ops-token`. It never comes
   * from a browser, so it is not subject to CSRF.
   */
  readonly opsToken?: string;
  /** Cookies always carry Secure (production: TLS ends at a proxy in front of us). */
  readonly secureCookies?: boolean;
}

/** Works out who is asking (session cookie, ops bearer token, or a visitor) and in which language to answer. */
export function authenticate(options: AuthenticateOptions): RequestHandler {
  return async (req, res, next) => {
    try {
      res.locals.secureCookies = options.secureCookies === true;
      res.locals.language = req.acceptsLanguages(...LANGUAGES) || defaultLanguage(options.market);
      res.set('Content-Language', res.locals.language as string);
      const bearer = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
      let principal: Principal = VISITOR;
      if (bearer !== undefined && options.opsToken && tokensEqual(bearer, options.opsToken)) {
        principal = { via: 'ops-token', userId: 'ops-token', roles: ['administrator'], session: null, sessionRef: null };
      } else {
        const found = await options.sessions?.get(cookiesOf(req)[SESSION_COOKIE]);
        if (found)
          principal = {
            via: 'session',
            userId: found.session.userId,
            roles: found.session.roles,
            session: found.session,
            sessionRef: found.ref,
          };
      }
      res.locals.principal = principal;
      next();
    } catch (error) {
      next(error);
    }
  };
}
