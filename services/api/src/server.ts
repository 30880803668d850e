import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StartupError } from './startup-error';

/** Starts listening; a busy or forbidden port becomes a StartupError that says which setting to change. */
export function listen(handler: RequestListener, port: number, host: string): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      if (error.code === 'EADDRINUSE')
        reject(new StartupError(`Port ${port} is already in use on ${host}: stop the other process or set PORT to a free port.`));
      else if (error.code === 'EACCES')
        reject(new StartupError(`Not allowed to listen on ${where}: choose a PORT above 1023 or run with the needed rights.`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
        reject(new StartupError(`Cannot listen on ${where}: HOST is not an address of this machine.`));
      else reject(error);
    });
    server.listen(port, host, () => resolve(server));
  });
}

/** The address people can click: IPv6 literals need brackets in a URL. */
export function urlOf(server: Server): string {
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Stops accepting connections and waits for requests in flight; after
 * `graceMs` the remaining connections are cut so a shutdown never hangs.
 */
export function closeServer(server: Server, graceMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close((error) => {
      clearTimeout(force);
      if (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(error);
      else resolve();
    });
    // Keep-alive sockets with no request would otherwise hold close() open until they time out.
    server.closeIdleConnections();
  });
}
