import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { PERMISSIONS } from '@buyloop/contracts';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from './cookies';
import { JSON_MEDIA_TYPE, responsesOf, type ResponseContract } from './route-contract';
import type { RouteDeclaration } from './secured-router';

export interface OpenApiInfo {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
}

/** One Express path parameter: `:name`, or a wildcard `*name` / `{*name}` that takes the rest of the path. */
interface PathParameter {
  readonly name: string;
  readonly wildcard: boolean;
}

/** An Express 5 path in OpenAPI's templating (`/api/buyout/:number` → `/api/buyout/{number}`) and its parameters. */
export function openApiPath(expressPath: string): { path: string; parameters: PathParameter[] } {
  const parameters: PathParameter[] = [];
  const path = expressPath
    .replace(/\{\*(\w+)\}/g, (_match, name: string) => {
      parameters.push({ name, wildcard: true });
      return `{${name}}`;
    })
    .replace(/\*(\w+)/g, (_match, name: string) => {
      parameters.push({ name, wildcard: true });
      return `{${name}}`;
    })
    .replace(/:(\w+)/g, (_match, name: string) => {
      parameters.push({ name, wildcard: false });
      return `{${name}}`;
    });
  return { path, parameters };
}

const operationIdOf = (method: string, path: string): string =>
  method +
  path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

const binary = { type: 'string', format: 'binary' } as const;

function responseObject(response: ResponseContract) {
  const headers = response.headers
    ? Object.fromEntries(
        Object.entries(response.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
      )
    : undefined;
  const mediaType = response.mediaType ?? (response.body ? JSON_MEDIA_TYPE : undefined);
  return {
    description: response.description,
    ...(headers ? { headers } : {}),
    ...(mediaType ? { content: { [mediaType]: { schema: response.body ?? binary } } } : {}),
  };
}

function pathParameters(route: RouteDeclaration, parameters: readonly PathParameter[]): z.ZodObject | undefined {
  const declared = route.contract?.params;
  const unknown = Object.keys(declared?.shape ?? {}).filter((name) => !parameters.some((p) => p.name === name));
  if (unknown.length > 0)
    throw new Error(
      `${route.method.toUpperCase()} ${route.path}: the contract names parameters the path lacks: ${unknown.join(', ')}`,
    );
  if (parameters.length === 0) return undefined;
  const shape: Record<string, z.ZodType> = {};
  for (const { name, wildcard } of parameters) {
    const schema = declared?.shape[name] as z.ZodType | undefined;
    shape[name] = schema ?? (wildcard ? z.string().meta({ description: 'The rest of the path' }) : z.string());
  }
  return z.object(shape);
}

function accessText(route: RouteDeclaration): string {
  if (route.capability === 'public') return 'Open to everyone.';
  const roles: readonly string[] = PERMISSIONS[route.capability];
  return `Needs the capability \`${route.capability}\` (roles: ${roles.join(', ')}); the operators' bearer token counts as an administrator.`;
}

function operationOf(route: RouteDeclaration, parameters: readonly PathParameter[]): ZodOpenApiOperationObject {
  const contract = route.contract;
  if (!contract) throw new Error(`${route.method.toUpperCase()} ${route.path} names no contract`);
  const path = pathParameters(route, parameters);
  const stateChanging = route.method !== 'get';
  const guarded = route.capability !== 'public';
  const security = [
    ...(guarded ? [stateChanging ? { session: [], csrf: [] } : { session: [] }, { opsToken: [] }] : []),
    ...(!guarded && stateChanging ? [{ csrf: [] }] : []),
  ];
  const responses = Object.fromEntries(
    Object.entries(responsesOf(route)).map(([status, response]) => [status, responseObject(response!)]),
  );
  return {
    operationId: operationIdOf(route.method, route.path),
    summary: contract.summary,
    description: [contract.description, accessText(route)].filter(Boolean).join('\n\n'),
    ...(route.tag ? { tags: [route.tag] } : {}),
    'x-capability': route.capability,
    ...(security.length > 0 ? { security } : {}),
    ...(path || contract.query || contract.headers
      ? {
          requestParams: {
            ...(path ? { path } : {}),
            ...(contract.query ? { query: contract.query } : {}),
            ...(contract.headers ? { header: contract.headers } : {}),
          },
        }
      : {}),
    ...(contract.body
      ? { requestBody: { required: true, content: { [JSON_MEDIA_TYPE]: { schema: contract.body } } } }
      : contract.rawBody
        ? {
            requestBody: {
              required: true,
              description: contract.rawBody.description,
              content: Object.fromEntries(contract.rawBody.mediaTypes.map((type) => [type, { schema: { type: 'string' } }])),
            },
          }
        : {}),
    responses,
  } as ZodOpenApiOperationObject;
}

/**
 * The OpenAPI 3.1 document of the routes an app serves, generated from the
 * contracts they were registered with. A route without a contract is an
 * error: every route is documented, or the document is not made.
 */
export function openApiDocument(routes: readonly RouteDeclaration[], info: OpenApiInfo): Record<string, unknown> {
  const paths: Record<string, Record<string, ZodOpenApiOperationObject>> = {};
  for (const route of routes) {
    const { path, parameters } = openApiPath(route.path);
    const item = (paths[path] ??= {});
    if (item[route.method]) throw new Error(`${route.method.toUpperCase()} ${route.path} is registered twice`);
    item[route.method] = operationOf(route, parameters);
  }
  return createDocument({
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, ...(info.description ? { description: info.description } : {}) },
    paths: paths as ZodOpenApiPathsObject,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie set by POST /api/auth/login',
        },
        csrf: {
          type: 'apiKey',
          in: 'header',
          name: CSRF_HEADER,
          description: `State-changing requests repeat the ${CSRF_COOKIE} cookie (GET /api/auth/csrf hands it out) in this header`,
        },
        opsToken: { type: 'http', scheme: 'bearer', description: 'The local operator’s token (`pnpm ops`)' },
      },
    },
  }) as unknown as Record<string, unknown>;
}
