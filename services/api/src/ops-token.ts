import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from './config';

/**
 * The operators' CLI reaches a running API (PGlite allows one process only)
 * with a random token the API writes beside its data when it starts. Whoever
 * can read that file could run the CLI on this machine anyway; nobody else
 * can call the ops endpoints. Staff sign-in replaces it for the back office.
 */
export const opsTokenPath = (config: Pick<Config, 'dataDir'>): string => join(dirname(config.dataDir), 'ops-token');

export function writeOpsToken(config: Pick<Config, 'dataDir'>): string {
  const token = randomBytes(32).toString('base64url');
  const path = opsTokenPath(config);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${token}\n`, { mode: 0o600 });
  return token;
}

export function readOpsToken(config: Pick<Config, 'dataDir'>): string | undefined {
  try {
    return readFileSync(opsTokenPath(config), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

export function removeOpsToken(config: Pick<Config, 'dataDir'>, token: string): void {
  // Only our own token: another API instance may have replaced it since.
  if (readOpsToken(config) === token) rmSync(opsTokenPath(config), { force: true });
}
