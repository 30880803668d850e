/** The back office's one way to the API: same origin, the session cookie, CSRF on every change. */
import type { Problem as ContractProblem } from '@buyloop/contracts/http';

export const CSRF_COOKIE = 'buyloop_csrf';

/**
 * The API's problem details (@buyloop/contracts), with only status and code
 * sure: an answer that is not one (a proxy's 502) is read into one here.
 */
export type Problem = Readonly<
  Pick<ContractProblem, 'status' | 'code'> & Partial<Pick<ContractProblem, 'title' | 'detail' | 'params' | 'errors' | 'messages'>>
>;

export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;
  constructor(problem: Problem) {
    super(problem.title ?? problem.code);
    this.name = 'ApiError';
    this.status = problem.status;
    this.problem = problem;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A cookie's value from a `document.cookie` string. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return null;
}

let language = 'cs';
/** The language the API answers messages in. */
export const setApiLanguage = (lang: string): void => void (language = lang);

async function csrfToken(): Promise<string> {
  // The session's token changes at login and logout: read the cookie before every request.
  const existing = cookieValue(document.cookie, CSRF_COOKIE);
  if (existing) return existing;
  const response = await fetch('/api/auth/csrf', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  const body = (await response.json().catch(() => ({}))) as { csrf_token?: string };
  return cookieValue(document.cookie, CSRF_COOKIE) ?? body.csrf_token ?? '';
}

export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  /** A raw body (a CSV file) sent as is with this content type. */
  readonly raw?: { readonly content: string; readonly type: string };
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

export interface ApiResponse<T> {
  readonly status: number;
  readonly data: T;
  readonly etag: string | null;
}

async function problemOf(response: Response): Promise<Problem> {
  const text = await response.text().catch(() => '');
  let parsed: Partial<Problem> = {};
  try {
    parsed = text ? (JSON.parse(text) as Partial<Problem>) : {};
  } catch {
    parsed = {};
  }
  return { ...parsed, status: response.status, code: typeof parsed.code === 'string' ? parsed.code : `http.${response.status}` };
}

/** Listeners told about a 401 (the session ended): the app goes back to the login page. */
const unauthorisedListeners = new Set<() => void>();
export const onUnauthorised = (listener: () => void): (() => void) => {
  unauthorisedListeners.add(listener);
  return () => void unauthorisedListeners.delete(listener);
};

export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const method = options.method ?? (options.body !== undefined || options.raw ? 'POST' : 'GET');
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': language, ...options.headers };
  let body: string | undefined;
  if (options.raw) {
    headers['content-type'] = options.raw.type;
    body = options.raw.content;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET') headers['x-csrf-token'] = await csrfToken();
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    ...(body !== undefined ? { body } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok) {
    const problem = await problemOf(response);
    if (response.status === 401 && path !== '/api/auth/login') for (const listener of unauthorisedListeners) listener();
    throw new ApiError(problem);
  }
  const text = response.status === 204 ? '' : await response.text();
  const data = (text ? JSON.parse(text) : null) as T;
  return { status: response.status, data, etag: response.headers.get('etag') };
}

export const getJson = async <T>(path: string, signal?: AbortSignal): Promise<T> =>
  (await request<T>(path, signal ? { signal } : {})).data;

export const postJson = async <T>(path: string, body: unknown, headers?: Record<string, string>): Promise<T> =>
  (await request<T>(path, { method: 'POST', body, ...(headers ? { headers } : {}) })).data;

/** Whether a failed request is worth retrying (server trouble or the network, not a refusal). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 3) return false;
  if (isApiError(error)) return error.status >= 500 || error.status === 429 || error.status === 408;
  return true;
}

/** Spec 4: 1 s, doubled each attempt, capped at 30 s. */
export const retryDelay = (attempt: number): number => Math.min(1_000 * 2 ** attempt, 30_000);
