import { Router, type RequestHandler } from 'express';
import { RequestRefused } from '@buyloop/kit';
import { can, type Capability } from '@buyloop/contracts';
import { tokensEqual } from './tokens';
import { cookiesOf, CSRF_COOKIE, CSRF_HEADER } from './cookies';
import { principalOf } from './principal';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteDeclaration {
  readonly method: Method;
  readonly path: string;
  readonly capability: Capability;
}

export const NOT_LOGGED_IN_MESSAGE = 'Please log in to continue';
export const FORBIDDEN_MESSAGE = 'You do not have permission to access this page';

/** 401 for a visitor, 403 (the spec's message) for someone signed in without the capability. */
export function authorize(capability: Capability): RequestHandler {
  return (_req, res, next) => {
    const principal = principalOf(res);
    if (can(principal.roles, capability)) return next();
    if (principal.via === 'visitor')
      return next(new RequestRefused(401, 'auth.not_logged_in', 'Not logged in', NOT_LOGGED_IN_MESSAGE));
    next(new RequestRefused(403, 'auth.forbidden', FORBIDDEN_MESSAGE, FORBIDDEN_MESSAGE));
  };
}

/**
 * CSRF protection on every state-changing request: the `X-CSRF-Token` header
 * must equal the `buyloop_csrf` cookie (another site can make the browser
 * send the cookie but can neither read it nor set the header), and for a
 * signed-in person also the token of their session. The ops bearer token is
 * not a browser credential and needs none.
 */
export const csrfGuard: RequestHandler = (req, res, next) => {
  const principal = principalOf(res);
  if (principal.via === 'ops-token') return next();
  const header = req.get(CSRF_HEADER);
  const cookie = cookiesOf(req)[CSRF_COOKIE];
  const bound = principal.session ? tokensEqual(header, principal.session.csrf) : true;
  if (tokensEqual(header, cookie) && bound) return next();
  next(
    new RequestRefused(
      403,
      'auth.csrf_invalid',
      'The request could not be verified',
      'The CSRF token is missing or does not match; reload the page and try again',
    ),
  );
};

/**
 * A router whose every route names the capability it needs. The capability
 * check and (for state-changing methods) the CSRF check run before the
 * handlers; `declarations` lists the routes for the route × role test.
 */
export class SecuredRouter {
  readonly router = Router();
  readonly declarations: RouteDeclaration[] = [];

  route(method: Method, path: string, capability: Capability, ...handlers: RequestHandler[]): this {
    this.declarations.push({ method, path, capability });
    const guards = method === 'get' ? [authorize(capability)] : [authorize(capability), csrfGuard];
    this.router[method](path, ...guards, ...handlers);
    return this;
  }

  get(path: string, capability: Capability, ...handlers: RequestHandler[]): this {
    return this.route('get', path, capability, ...handlers);
  }
  post(path: string, capability: Capability, ...handlers: RequestHandler[]): this {
    return this.route('post', path, capability, ...handlers);
  }
  put(path: string, capability: Capability, ...handlers: RequestHandler[]): this {
    return this.route('put', path, capability, ...handlers);
  }
  patch(path: string, capability: Capability, ...handlers: RequestHandler[]): this {
    return this.route('patch', path, capability, ...handlers);
  }
  delete(path: string, capability: Capability, ...handlers: RequestHandler[]): this {
    return this.route('delete', path, capability, ...handlers);
  }
}
