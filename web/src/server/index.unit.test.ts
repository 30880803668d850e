import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { storefront } from './index';

const servers: { close(): void }[] = [];
afterAll(() => servers.forEach((s) => s.close()));

async function serve(distDir: string): Promise<string> {
  const app = express();
  app.use(storefront({ market: 'cz', distDir }).handler);
  app.use((_req, res) => void res.status(418).send('api'));
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'client', 'assets'), { recursive: true });
  mkdirSync(join(dir, 'server'), { recursive: true });
  writeFileSync(
    join(dir, 'client', 'index.html'),
    '<html lang="<!--app-lang-->"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
  );
  writeFileSync(join(dir, 'client', 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(
    join(dir, 'server', 'entry-server.js'),
    `export async function render(url, context) {
      return { html: '<p>' + url + ' ' + context.apiBase.startsWith('http://127.0.0.1:') + '</p>', head: '<title>t</title>',
        status: url.includes('stav') || url.includes('neexistuje') ? 404 : 200, dehydratedState: { x: '</script>' },
        cacheable: url.startsWith('/prodejny'), surrogateKeys: url.startsWith('/prodejny') ? ['catalog', 'stores'] : [] };
    }`,
  );
  return dir;
}

describe('the storefront handler', () => {
  it('answers 503 with a hint when the storefront is not built', async () => {
    const base = await serve(mkdtempSync(join(tmpdir(), 'web-empty-')));
    const response = await fetch(`${base}/vykup`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('pnpm build');
  });

  it('renders its pages with the embedded state and passes everything else on', async () => {
    const base = await serve(fakeDist());
    const page = await fetch(`${base}/vykup/mobilni-telefony?device_condition=B`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<p>/vykup/mobilni-telefony?device_condition=B true</p>');
    // Text that looks like a replacement pattern stays as written.
    expect(await (await fetch(`${base}/vykup/$'$&`)).text()).toContain("<p>/vykup/$'$& true</p>");
    expect(html).toContain('lang="cs"');
    expect(html).toContain('<script type="application/json" id="buyloop-state">');
    expect(html).not.toContain('"</script>"');
    expect((await fetch(`${base}/vykup/stav/1?token=x`)).status).toBe(404);
    expect((await fetch(`${base}/prodejny`)).status).toBe(200);
    expect((await fetch(`${base}/api/buyout/types`)).status).toBe(418);
    expect((await fetch(`${base}/elsewhere.php`)).status).toBe(418);
  });

  it('lets a shared cache keep the pages every visitor sees alike, under their surrogate keys', async () => {
    const base = await serve(fakeDist());
    const shared = await fetch(`${base}/prodejny`);
    expect(shared.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=3600');
    expect(shared.headers.get('surrogate-key')).toBe('catalog stores');
    const own = await fetch(`${base}/vykup/mobilni-telefony`);
    expect(own.headers.get('cache-control')).toBe('no-store');
    expect(own.headers.get('surrogate-key')).toBeNull();
  });

  it('answers a slug that names no category as a 404 page to browsers and passes it on to other clients', async () => {
    const base = await serve(fakeDist());
    const browser = await fetch(`${base}/neexistuje`, { headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(browser.status).toBe(404);
    expect(await browser.text()).toContain('<p>/neexistuje true</p>');
    // The API's own 404 (problem+json in the real app) answers a client asking for JSON.
    expect((await fetch(`${base}/neexistuje`, { headers: { accept: 'application/json' } })).status).toBe(418);
    // A sale's page without its token stays the shop's 404 page for any client.
    expect((await fetch(`${base}/vykup/stav/1`, { headers: { accept: 'application/json' } })).status).toBe(404);
  });

  it('fetches the page data from the address it was reached on, never from the Host header a visitor sends', async () => {
    const base = await serve(fakeDist());
    const { port } = new URL(base);
    const html = await new Promise<string>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/vykup', headers: { host: 'evil.example:81' } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve(body));
      }).on('error', reject);
    });
    // The fake renderer prints whether its API base is this server's own loopback address.
    expect(html).toContain('<p>/vykup true</p>');
  });

  it('serves built assets with immutable caching', async () => {
    const base = await serve(fakeDist());
    const asset = await fetch(`${base}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
  });
});
