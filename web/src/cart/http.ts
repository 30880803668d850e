import { ApiError, cookieValue, type Problem } from '../app/api';

const CSRF_COOKIE = 'buyloop_csrf';

/**
 * PATCH and DELETE for the cart's own routes, from the browser only (the app's API client has GET and
 * POST). They carry the same CSRF header as the client's POSTs: the cookie's value, fetched from
 * /api/auth/csrf when the cookie is not there yet.
 */
export async function send<T>(method: 'PATCH' | 'DELETE' | 'POST', path: string, body?: unknown): Promise<T> {
  let token = cookieValue(document.cookie, CSRF_COOKIE);
  if (!token) {
    const answer = await fetch('/api/auth/csrf', { credentials: 'same-origin' });
    const json = (await answer.json().catch(() => null)) as { csrf_token?: string } | null;
    token = cookieValue(document.cookie, CSRF_COOKIE) ?? json?.csrf_token ?? '';
  }
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      'x-csrf-token': token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const type = response.headers.get('content-type') ?? '';
  const answer: unknown = response.status !== 204 && type.includes('json') ? await response.json().catch(() => null) : null;
  if (!response.ok) throw new ApiError(response.status, answer as Problem | null);
  return answer as T;
}

/** The first translated message of a refusal (a field's, else the title), or null. */
export function problemMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const messages = Object.values(error.problem?.messages ?? {})[0]?.[0];
  return messages ?? error.problem?.detail ?? error.problem?.title ?? null;
}

/** The refusal's code (`cart.price_changed`), from `code` or the last part of `type`. */
export function problemCode(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const problem = error.problem as (Problem & { type?: string }) | null;
  return problem?.code ?? null;
}
