import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { markets, type Market } from '@buyloop/kit';
import { sandboxFeed } from '@buyloop/delivery';

export interface SandboxServer {
  /** `http://127.0.0.1:<port>`: where the sandbox carrier publishes its feeds. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The sandbox carrier's own web server, on loopback inside our process: it
 * publishes the pickup-point feed (`/feed/<market>.json`) the way a real
 * carrier does on the internet, so the import fetches it over HTTP and a
 * real feed URL (DELIVERY_PICKUP_FEED_URL) needs no other code. Nothing
 * else is served, and nothing outside the machine can reach it.
 */
export async function startSandboxServer(at: () => Date): Promise<SandboxServer> {
  const bodies = new Map<Market, string>();
  const bodyOf = (market: Market): string => {
    let body = bodies.get(market);
    if (body === undefined) {
      body = JSON.stringify({ carrier: 'sandbox', market, generated_at: at().toISOString(), points: sandboxFeed(market) });
      bodies.set(market, body);
    }
    return body;
  };
  const server: Server = createServer((req, res) => {
    const match = /^\/feed\/([a-z]{2})\.json$/.exec(req.url ?? '');
    const market = markets.find((candidate) => candidate === match?.[1]);
    if (req.method !== 'GET' || !market) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(bodyOf(market));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
