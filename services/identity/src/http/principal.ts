import type { Request, Response } from 'express';
import { RequestRefused, type Actor } from '@buyloop/kit';
import type { Language } from '@buyloop/i18n';
import type { Role } from '../roles';
import type { Session } from '../sessions';

/** Who is asking: set by `authenticate` on every request, read by `authorize` and the routes. */
export interface Principal {
  readonly via: 'visitor' | 'session' | 'ops-token';
  readonly userId: string | null;
  readonly roles: readonly Role[];
  readonly session: Session | null;
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
export function ownSession(res: Response): { userId: string; session: Session; sessionRef: string } {
  const principal = principalOf(res);
  if (principal.via !== 'session' || !principal.session || !principal.userId || !principal.sessionRef)
    throw new RequestRefused(
      403,
      'auth.forbidden',
      'You do not have permission to access this page',
      'This needs a signed-in account',
    );
  return { userId: principal.userId, session: principal.session, sessionRef: principal.sessionRef };
}
