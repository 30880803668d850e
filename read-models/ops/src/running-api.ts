import type { Config } from '@buyloop/api';

/** Where the running API answers, from the same settings it started with. */
export const apiBase = (config: Config): string => {
  // An API listening on every interface is still reachable on loopback.
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
};
