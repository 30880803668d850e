import { createContext, useContext } from 'react';
import type { ApiAnswerHeaders } from './render-cache';

/** An HTTP answer other than 2xx; `problem` is the API's problem+json when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | null,
  ) {
    super(problem?.title ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

export interface Problem {
  readonly title?: string;
  readonly detail?: string;
  readonly code?: string;
  readonly errors?: Readonly<Record<string, readonly string[]>>;
  /** Translated messages per field, keyed like the request (`customer_data.bank_code`). */
  readonly messages?: Readonly<Record<string, readonly string[]>>;
}

export interface ApiResponse<T> {
  readonly status: number;
  readonly body: T;
  readonly location: string | null;
}

export interface Api {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown, headers?: Readonly<Record<string, string>>): Promise<ApiResponse<T>>;
}

const CSRF_COOKIE = 'buyloop_csrf';

/** A cookie's value from a Cookie header or document.cookie. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 204 || !type.includes('json')) return null;
  return response.json().catch(() => null);
}

/**
 * The API as the pages call it. On the server `base` is the same server's origin and the
 * visitor's cookie and language are forwarded; in the browser calls are relative, and every
 * POST carries the CSRF header (the cookie's value, fetched from /api/auth/csrf when missing).
 */
export function createApi(options: {
  base?: string;
  headers?: Readonly<Record<string, string>>;
  /** Told of every GET answer's caching headers: the server render decides from them how its page may be cached. */
  onAnswer?: (answer: ApiAnswerHeaders) => void;
}): Api {
  const base = options.base ?? '';
  const headers = options.headers ?? {};
  let csrf: string | null = null;

  const csrfToken = async (): Promise<string> => {
    const fromCookie = typeof document === 'undefined' ? null : cookieValue(document.cookie, CSRF_COOKIE);
    if (fromCookie) return fromCookie;
    if (csrf) return csrf;
    const response = await fetch(`${base}/api/auth/csrf`, { headers, credentials: 'same-origin' });
    const body = (await readBody(response)) as { csrf_token?: string } | null;
    csrf = body?.csrf_token ?? '';
    return (typeof document === 'undefined' ? null : cookieValue(document.cookie, CSRF_COOKIE)) ?? csrf;
  };

  return {
    async get<T>(path: string): Promise<T> {
      const response = await fetch(`${base}${path}`, {
        headers: { accept: 'application/json', ...headers },
        credentials: 'same-origin',
      });
      options.onAnswer?.({
        status: response.status,
        surrogateKey: response.headers.get('surrogate-key'),
        cacheControl: response.headers.get('cache-control'),
        xCache: response.headers.get('x-cache'),
      });
      const body = await readBody(response);
      if (!response.ok) throw new ApiError(response.status, body as Problem | null);
      return body as T;
    },
    async post<T>(path: string, body: unknown, extra: Readonly<Record<string, string>> = {}): Promise<ApiResponse<T>> {
      const token = await csrfToken();
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'x-csrf-token': token, ...headers, ...extra },
        credentials: 'same-origin',
        body: JSON.stringify(body),
      });
      const answer = await readBody(response);
      if (!response.ok) throw new ApiError(response.status, answer as Problem | null);
      return { status: response.status, body: answer as T, location: response.headers.get('location') };
    },
  };
}

export const ApiContext = createContext<Api>(createApi({}));
export const useApi = (): Api => useContext(ApiContext);

/** Query-string of the defined values. */
export function query(params: Readonly<Record<string, string | null | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== null && value !== undefined && value !== '') search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}
