import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type RequestHandler } from 'express';

export interface BackOfficeOptions {
  /** The Vite build (default: admin/dist next to this package). */
  readonly distDir?: string;
}

export interface BackOffice {
  /** What the handler answers, for the API's route listing. */
  readonly routes: ReadonlyArray<{ path: string }>;
  readonly handler: RequestHandler;
}

const DEFAULT_DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');

const NOT_BUILT = `<!doctype html>
<html lang="cs"><head><meta charset="utf-8"><title>Back office not built</title></head>
<body style="font-family:system-ui,sans-serif;margin:3rem">
<h1>The back office is not built</h1>
<p>Run <code>pnpm build</code> (or <code>pnpm --filter @buyloop/admin build</code>) and reload this page.</p>
</body></html>`;

/** Whether a path belongs to the back office: `/admin` and everything under `/admin/`. */
export const isBackOfficePath = (path: string): boolean => path === '/admin' || path.startsWith('/admin/');

/**
 * The back office's static files: `/admin/assets/*` from the build with a
 * year's immutable cache (Vite names them by content hash), and index.html
 * for every other GET under /admin (the SPA's own routes), never cached.
 */
export function backOffice(options: BackOfficeOptions = {}): BackOffice {
  const distDir = normalize(options.distDir ?? DEFAULT_DIST);
  const assetsDir = join(distDir, 'assets');
  const assets = express.static(assetsDir, {
    immutable: true,
    maxAge: '365d',
    index: false,
    fallthrough: true,
    redirect: false,
  });
  // Read on every request (a small file): a rebuild while the server runs is served at once.
  const readIndex = (): string | null => {
    const file = join(distDir, 'index.html');
    return existsSync(file) ? readFileSync(file, 'utf8') : null;
  };

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path;
    if (!isBackOfficePath(path)) return next();
    if (path.startsWith('/admin/assets/')) {
      const rest = path.slice('/admin/assets'.length);
      const target = normalize(join(assetsDir, rest));
      if (!target.startsWith(assetsDir + sep)) return void res.status(404).end();
      const original = req.url;
      req.url = rest + (original.includes('?') ? original.slice(original.indexOf('?')) : '');
      return assets(req, res, (error?: unknown) => {
        req.url = original;
        if (error) return next(error);
        res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
      });
    }
    const html = readIndex();
    if (html === null) {
      res.status(503).set('Cache-Control', 'no-store').type('html').send(NOT_BUILT);
      return;
    }
    res.status(200).set('Cache-Control', 'no-store').type('html').send(html);
  };

  // Express 5 paths: '/admin' itself and everything under it.
  return { routes: [{ path: '/admin' }, { path: '/admin/{*path}' }], handler };
}
