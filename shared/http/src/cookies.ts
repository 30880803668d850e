import type { Request, Response } from 'express';
import { parseCookie } from 'cookie';

export const SESSION_COOKIE = 'buyloop_session';
export const CSRF_COOKIE = 'buyloop_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export const cookiesOf = (req: Request): Record<string, string | undefined> => parseCookie(req.get('cookie') ?? '');

/**
 * Secure whenever the request came over TLS (directly, or through a proxy
 * Express trusts), and always in production, where TLS ends at a proxy.
 */
const secure = (req: Request, res: Response): boolean => req.secure || res.locals.secureCookies === true;

export function setSessionCookie(req: Request, res: Response, token: string, expiresAt: string): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(req, res),
    path: '/',
    expires: new Date(expiresAt),
  });
}

/** Readable by our own scripts (they echo it in the header), never sent by other sites' requests. */
export function setCsrfCookie(req: Request, res: Response, token: string): void {
  res.cookie(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'strict', secure: secure(req, res), path: '/' });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: secure(req, res), path: '/' });
}
