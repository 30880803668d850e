import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument, openApiPath } from './openapi';
import { json, problem, responsesOf, type RouteContract } from './route-contract';
import type { RouteDeclaration } from './secured-router';

const info = { title: 'Test', version: '1' };
const greeting = z.strictObject({ greeting: z.string() });
const contract: RouteContract = { summary: 'Greets', responses: { 200: json('A greeting', greeting) } };

type Paths = Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean }[] }>>;
const pathsOf = (routes: RouteDeclaration[]) => openApiDocument(routes, info).paths as Paths;

describe('OpenAPI from route contracts', () => {
  it('writes Express paths in OpenAPI templating, wildcards included', () => {
    expect(openApiPath('/api/buyout/:number/contract.pdf')).toEqual({
      path: '/api/buyout/{number}/contract.pdf',
      parameters: [{ name: 'number', wildcard: false }],
    });
    expect(openApiPath('/admin/{*path}')).toEqual({ path: '/admin/{path}', parameters: [{ name: 'path', wildcard: true }] });
    expect(openApiPath('/health').path).toBe('/health');
  });

  it('documents every path parameter, with the contract’s schema where it names one', () => {
    const paths = pathsOf([
      {
        method: 'get',
        path: '/things/:id/parts/:part',
        capability: 'public',
        contract: { ...contract, params: z.strictObject({ id: z.uuid() }) },
      },
    ]);
    const parameters = paths['/things/{id}/parts/{part}']!.get!.parameters!;
    expect(parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['id', 'path', true],
      ['part', 'path', true],
    ]);
  });

  it('refuses a route without a contract, a contract naming a parameter the path lacks, and a route registered twice', () => {
    expect(() => openApiDocument([{ method: 'get', path: '/bare', capability: 'public' }], info)).toThrow(
      /GET \/bare names no contract/,
    );
    expect(() =>
      openApiDocument(
        [
          {
            method: 'get',
            path: '/things',
            capability: 'public',
            contract: { ...contract, params: z.strictObject({ id: z.string() }) },
          },
        ],
        info,
      ),
    ).toThrow(/parameters the path lacks: id/);
    const route: RouteDeclaration = { method: 'get', path: '/twice', capability: 'public', contract };
    expect(() => openApiDocument([route, route], info)).toThrow(/registered twice/);
  });

  it('adds the answers every route of its kind gives: guards, CSRF, the body parser, our bugs', () => {
    const statuses = (route: Omit<RouteDeclaration, 'path'>) => Object.keys(responsesOf({ ...route })).map(Number);
    expect(statuses({ method: 'get', capability: 'public', contract })).toEqual([200, 500]);
    expect(statuses({ method: 'get', capability: 'buyback.read', contract })).toEqual([200, 401, 403, 500]);
    expect(statuses({ method: 'post', capability: 'public', contract: { ...contract, body: greeting } })).toEqual([
      200, 400, 403, 413, 415, 500,
    ]);
    // The route's own description of a status wins over the implied one.
    const own = responsesOf({
      method: 'get',
      capability: 'public',
      contract: { ...contract, responses: { 500: problem('Ours') } },
    });
    expect(own[500]!.description).toBe('Ours');
  });

  it('names the capability and its roles, and the security a guarded or state-changing route needs', () => {
    const document = openApiDocument(
      [
        { method: 'get', path: '/read', capability: 'buyback.read', contract, tag: 'Buy-back' },
        { method: 'post', path: '/open', capability: 'public', contract: { ...contract, body: greeting } },
      ],
      info,
    ) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const read = document.paths['/read']!.get!;
    expect(read['x-capability']).toBe('buyback.read');
    expect(read.description).toMatch(/buyback\.read.*supervisor/);
    expect(read.tags).toEqual(['Buy-back']);
    expect(read.security).toEqual([{ session: [] }, { opsToken: [] }]);
    expect(document.paths['/open']!.post!.security).toEqual([{ csrf: [] }]);
  });
});
