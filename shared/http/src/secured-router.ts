import { Router, type RequestHandler, type Response } from 'express';
import { RequestRefused } from '@buyloop/kit';
import { can, HTTP_ERROR_CODES, type Capability } from '@buyloop/contracts';
import type { RouteContract } from './route-contract';
import { tokensEqual } from './tokens';
import { cookiesOf, CSRF_COOKIE, CSRF_HEADER } from './cookies';
import { principalOf } from './principal';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteDeclaration {
  readonly method: Method;
  readonly path: string;
  readonly capability: Capability;
  /** What the route accepts and answers; a route without one fails the OpenAPI test. */
  readonly contract?: RouteContract;
  /** The group the reference lists the route under (the router's tag). */
  readonly tag?: string;
}

/** The declaration of the route that is answering this request, once routing reached it. */
export const routeOf = (res: Response): RouteDeclaration | undefined => res.locals.route as RouteDeclaration | undefined;

export const NOT_LOGGED_IN_MESSAGE = 'Please log in to continue';
export const FORBIDDEN_MESSAGE = 'You do not have permission to access this page';

/** 401 for a visitor, 403 (the spec's message) for someone signed in without the capability. */
export function authorize(capability: Capability): RequestHandler {
  return (_req, res, next) => {
    const principal = principalOf(res);
    if (can(principal.roles, capability)) return next();
    if (principal.via === 'visitor')
      return next(new RequestRefused(401, HTTP_ERROR_CODES.notLoggedIn, 'Not logged in', NOT_LOGGED_IN_MESSAGE));
    next(new RequestRefused(403, HTTP_ERROR_CODES.forbidden, FORBIDDEN_MESSAGE, FORBIDDEN_MESSAGE));
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
      HTTP_ERROR_CODES.csrfInvalid,
      'The request could not be verified',
      'The CSRF token is missing or does not match; reload the page and try again',
    ),
  );
};

/** A route's handlers, optionally preceded by its contract. */
type RouteArguments = [RouteContract, ...RequestHandler[]] | RequestHandler[];

const isContract = (value: unknown): value is RouteContract => typeof value === 'object' && value !== null;

/**
 * A router whose every route names the capability it needs and, right after
 * it, the contract it keeps (what it accepts and answers). The capability
 * check and (for state-changing methods) the CSRF check run before the
 * handlers; `declarations` lists the routes for the route × role test and
 * the OpenAPI document.
 */
export class SecuredRouter {
  readonly router = Router();
  readonly declarations: RouteDeclaration[] = [];
  /** The group the API reference lists this router's routes under. */
  readonly tag: string | undefined;

  constructor(options: { readonly tag?: string } = {}) {
    this.tag = options.tag;
  }

  route(method: Method, path: string, capability: Capability, ...rest: RouteArguments): this {
    const [first, ...others] = rest;
    const contract = isContract(first) ? first : undefined;
    const handlers = (contract ? others : rest) as RequestHandler[];
    const declaration: RouteDeclaration = {
      method,
      path,
      capability,
      ...(contract ? { contract } : {}),
      ...(this.tag ? { tag: this.tag } : {}),
    };
    this.declarations.push(declaration);
    const mark: RequestHandler = (_req, res, next) => {
      res.locals.route = declaration;
      next();
    };
    const guards = method === 'get' ? [authorize(capability)] : [authorize(capability), csrfGuard];
    this.router[method](path, mark, ...guards, ...handlers);
    return this;
  }

  get(path: string, capability: Capability, ...rest: RouteArguments): this {
    return this.route('get', path, capability, ...rest);
  }
  post(path: string, capability: Capability, ...rest: RouteArguments): this {
    return this.route('post', path, capability, ...rest);
  }
  put(path: string, capability: Capability, ...rest: RouteArguments): this {
    return this.route('put', path, capability, ...rest);
  }
  patch(path: string, capability: Capability, ...rest: RouteArguments): this {
    return this.route('patch', path, capability, ...rest);
  }
  delete(path: string, capability: Capability, ...rest: RouteArguments): this {
    return this.route('delete', path, capability, ...rest);
  }
}
