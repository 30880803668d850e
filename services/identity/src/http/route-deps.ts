import type { Request, Response } from 'express';
import { ValidationError } from '@buyloop/kit';
import type { IdentityService } from '../identity-service';
import type { SessionStore } from '../sessions';
import { setCsrfCookie, setSessionCookie } from '@buyloop/http';

export interface IdentityRouteDeps {
  readonly identity: IdentityService;
  readonly sessions: SessionStore;
}

/** The second password field must repeat the first (spec 5: passwords must match). */
export function assertConfirmed(password: string, confirmation: string, field: string): void {
  if (password !== confirmation)
    throw new ValidationError(
      'validation.failed',
      { [field]: ['validation.passwords_must_match'] },
      'The passwords do not match',
    );
}

/** Signs the browser in: the session cookie and the session's own CSRF token. */
export function startBrowserSession(
  req: Request,
  res: Response,
  opened: { token: string; session: { csrf: string; expiresAt: string } },
): void {
  setSessionCookie(req, res, opened.token, opened.session.expiresAt);
  setCsrfCookie(req, res, opened.session.csrf);
}
