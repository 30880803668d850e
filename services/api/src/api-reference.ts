import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import compression from 'compression';
import { z } from 'zod';
import { json, media, openApiDocument, SecuredRouter, type RouteDeclaration } from '@buyloop/http';

const SPEC_PATH = '/api/openapi.json';
const DOCS_PATH = '/api/docs';

/** The viewer's own files, from its package in node_modules: the page works with no network beyond this server. */
const viewerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The viewer's files the page loads; nothing else of the package is served. */
const VIEWER_FILES = { 'swagger-ui.css': 'swagger-ui.css', 'swagger-ui-bundle.js': 'swagger-ui-bundle.js' } as const;

/** The page loads scripts only from files (the CSP allows no inline script), so the viewer is started from one of ours. */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(SPEC_PATH)},
    dom_id: '#reference',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Buyloop API reference</title>
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;

const openApiSchema = z
  .looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({ title: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'OpenApiDocument' });

/**
 * The API reference: the OpenAPI 3.1 document generated from the contracts
 * of every route the app serves (`routes` is asked on the first request, so
 * it includes these routes too), and a page that renders it with a viewer
 * bundled from npm, served from here.
 */
export function apiReferenceRoutes(routes: () => readonly RouteDeclaration[], info: { readonly version: string }): SecuredRouter {
  const router = new SecuredRouter({ tag: 'Reference' });
  router.router.use(DOCS_PATH, compression());
  let document: Record<string, unknown> | undefined;

  router.get(
    SPEC_PATH,
    'public',
    { summary: 'This document: every route the API serves', responses: { 200: json('The OpenAPI 3.1 document', openApiSchema) } },
    (_req, res) => {
      document ??= openApiDocument(routes(), {
        title: 'Buyloop API',
        version: info.version,
        description:
          'Every route the shop serves, generated from the contracts the routes are registered with. Errors are ' +
          'application/problem+json (RFC 9457) with a stable `code`, field errors keyed like the request and their ' +
          'messages in the asker’s language.',
      });
      res.set('Cache-Control', 'no-cache').json(document);
    },
  );

  router.get(
    DOCS_PATH,
    'public',
    { summary: 'The API reference page', responses: { 200: media('The page', 'text/html') } },
    (_req, res) => {
      res.set('Cache-Control', 'no-cache').type('html').send(PAGE);
    },
  );

  router.get(
    `${DOCS_PATH}/init.js`,
    'public',
    { summary: 'The reference page’s start-up script', responses: { 200: media('The script', 'text/javascript') } },
    (_req, res) => {
      res.set('Cache-Control', 'no-cache').type('text/javascript').send(INIT_SCRIPT);
    },
  );

  for (const [name, file] of Object.entries(VIEWER_FILES))
    router.get(
      `${DOCS_PATH}/${name}`,
      'public',
      {
        summary: `The reference viewer’s ${name.endsWith('.css') ? 'styles' : 'script'} (swagger-ui-dist)`,
        responses: { 200: media('The file', name.endsWith('.css') ? 'text/css' : 'text/javascript') },
      },
      (_req, res, next) => {
        res.type(name.endsWith('.css') ? 'text/css' : 'text/javascript');
        // pnpm keeps packages under node_modules/.pnpm; the path is ours, not the asker's, so its dot is no hidden file.
        res.sendFile(join(viewerDir, file), { maxAge: '1h', dotfiles: 'allow' }, (error) => error && next(error));
      },
    );
  return router;
}
