import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOffice, isBackOfficePath } from './index';

let dir: string;
let base: string;
let missingBase: string;
const servers: { close(): void }[] = [];

const listen = (app: express.Express) =>
  new Promise<string>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    servers.push(server);
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'admin-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'app-123.js'), 'console.log(1)');
  const app = express();
  app.use(backOffice({ distDir: dir }).handler);
  app.use((_req, res) => void res.status(418).send('next'));
  base = await listen(app);
  const missing = express();
  missing.use(backOffice({ distDir: join(dir, 'nope') }).handler);
  missingBase = await listen(missing);
});

afterAll(() => {
  for (const server of servers) server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('back-office server', () => {
  it('serves assets with an immutable cache', async () => {
    const response = await fetch(`${base}/admin/assets/app-123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toBe('console.log(1)');
    expect((await fetch(`${base}/admin/assets/missing.js`)).status).toBe(404);
  });

  it('answers every page under /admin with index.html, never cached', async () => {
    for (const path of ['/admin', '/admin/', '/admin/buybacks/261122305458', '/admin/login?next=%2F']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toContain('id="root"');
    }
  });

  it('leaves everything else to the next handler', async () => {
    expect((await fetch(`${base}/api/account`)).status).toBe(418);
    expect((await fetch(`${base}/administrator`)).status).toBe(418);
    expect((await fetch(`${base}/admin/buybacks`, { method: 'POST' })).status).toBe(418);
    expect(isBackOfficePath('/admin')).toBe(true);
    expect(isBackOfficePath('/adminx')).toBe(false);
  });

  it('says so when the back office is not built', async () => {
    const response = await fetch(`${missingBase}/admin/buybacks`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('pnpm build');
  });

  it('names its routes in Express 5 syntax', () => {
    const { routes } = backOffice({ distDir: dir });
    const router = express.Router();
    for (const { path } of routes) router.get(path, (_req, res) => void res.end());
    expect(routes.map((r) => r.path)).toEqual(['/admin', '/admin/{*path}']);
  });
});
