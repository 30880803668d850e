import type { Request, Response } from 'express';
import { RequestRefused, type Actor } from '@buyloop/kit';
import type { Language } from '@buyloop/i18n';
import type { Role } from '@buyloop/contracts';

/**
 * A signed-in person's session as the HTTP layer needs it; identity keeps
 * the rest (e-mail, expiry, client) and its store answers this port.
 */
export interface AuthenticatedSession {
  readonly userId: string;
  readonly email: string;
  readonly roles: readonly Role[];
  /** The session's own CSRF token. */
  readonly csrf: string;
}

/** Identity's session store as the authentication middleware sees it. */
export interface SessionLookup {
  get(token: string | undefined): Promise<{ readonly session: AuthenticatedSession; readonly ref: string } | null>;
}

/** Who is asking: set by `authenticate` on every request, read by `authorize` and the routes. */
export interface Principal {
  readonly via: 'visitor' | 'session' | 'ops-token';
  readonly userId: string | null;
  readonly roles: readonly Role[];
  readonly session: AuthenticatedSession | null;
  /** The session's reference (its token's hash), as events name it. */
  readonly sessionRef: string | null;
}

export const VISITOR: Principal = { via: 'visitor', userId: null, roles: ['visitor'], session: null, sessionRef: null };

export const principalOf = (res: Response): Principal => (res.locals.principal as Principal | undefined) ?? VISITOR;

/** The client's address as Express sees it (behind a proxy only when `trust proxy` is configured). */
export const clientAddressOf = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

export const languageOf = (res: Response): Language => (res.locals.language as Language | undefined) ?? 'en';

/** The actor recorded on events: the signed-in person, or the visitor's address. */
export function actorOf(req: Request, res: Response): Actor {
  const principal = principalOf(res);
  if (principal.userId) return { userId: principal.userId, role: principal.roles[0] ?? 'visitor' };
  return { userId: `visitor:${clientAddressOf(req)}`, role: 'visitor' };
}

export const requestContext = (req: Request, res: Response) => ({
  actor: actorOf(req, res),
  clientAddress: clientAddressOf(req),
  userAgent: req.get('user-agent')?.slice(0, 300) ?? null,
  language: languageOf(res),
});

/** The signed-in person's own session; the ops token is no person and has no account to act on. */
export function ownSession<S extends AuthenticatedSession = AuthenticatedSession>(
  res: Response,
): { userId: string; session: S; sessionRef: string } {
  const principal = principalOf(res);
  if (principal.via !== 'session' || !principal.session || !principal.userId || !principal.sessionRef)
    throw new RequestRefused(
      403,
      'auth.forbidden',
      'You do not have permission to access this page',
      'This needs a signed-in account',
    );
  // The session store that authenticated the request is the one that made this session: its own type.
  return { userId: principal.userId, session: principal.session as S, sessionRef: principal.sessionRef };
}
