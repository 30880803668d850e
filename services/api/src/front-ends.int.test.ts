import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, pgliteClient } from '@buyloop/event-store';
import { createApp } from './app';
import { frontEndRoutes } from './front-ends';
import { silentLogger } from './logger';
import { closeServer, listen, urlOf } from './server';

/** Builds of the two front ends with one script each, in a folder of their own. */
function builds(): { root: string; webDist: string; adminDist: string } {
  const root = mkdtempSync(join(tmpdir(), 'buyloop-front-ends-'));
  const webDist = join(root, 'web');
  const adminDist = join(root, 'admin');
  mkdirSync(join(webDist, 'client', 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'client', 'assets', 'app-1a2b.js'), 'console.log("storefront")');
  mkdirSync(join(adminDist, 'assets'), { recursive: true });
  writeFileSync(join(adminDist, 'assets', 'admin-3c4d.js'), 'console.log("back office")');
  writeFileSync(join(adminDist, 'index.html'), '<!doctype html><title>Back office</title>');
  return { root, webDist, adminDist };
}

describe('the front ends’ static files', () => {
  let store: PostgresEventStore;
  let server: Server;
  let base: string;
  const dist = builds();

  beforeAll(async () => {
    store = await PostgresEventStore.create(await pgliteClient());
    const routes = [frontEndRoutes({ market: 'cz', webDist: dist.webDist, adminDist: dist.adminDist })];
    server = await listen(
      createApp({ config: { market: 'cz', mode: 'test' }, eventStore: store, logger: silentLogger, routes }),
      0,
      '127.0.0.1',
    );
    base = urlOf(server);
  });

  afterAll(async () => {
    await closeServer(server);
    await store.close();
    rmSync(dist.root, { recursive: true, force: true });
  });

  it('serves the files that exist', async () => {
    const web = await fetch(`${base}/assets/app-1a2b.js`);
    expect(web.status).toBe(200);
    expect(await web.text()).toContain('storefront');
    const admin = await fetch(`${base}/admin/assets/admin-3c4d.js`);
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain('back office');
    expect((await fetch(`${base}/admin/buybacks`)).status).toBe(200);
  });

  it('answers a missing one as problem+json with route.not_found, like every other unknown address', async () => {
    for (const path of ['/assets/missing.js', '/admin/assets/missing.js', '/admin/assets/..%2F..%2Fetc%2Fpasswd']) {
      const response = await fetch(`${base}${path}`, { headers: { 'accept-language': 'cs' } });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/problem\+json/);
      const problem = (await response.json()) as { status: number; code: string; title: string };
      expect(problem, path).toMatchObject({ status: 404, code: 'route.not_found' });
    }
  });
});
