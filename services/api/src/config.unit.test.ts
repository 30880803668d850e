import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findRepoRoot, parseConfig, type Config, type Env } from './config';

const ROOT = '/srv/buyloop';
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

function ok(env: Env): Config {
  const result = parseConfig(env, { root: ROOT });
  if (!result.ok) throw new Error(`expected a config, got: ${result.errors.join('; ')}`);
  return result.config;
}

function errors(env: Env): string[] {
  const result = parseConfig(env, { root: ROOT });
  if (result.ok) throw new Error('expected the configuration to be refused');
  return result.errors;
}

describe('parseConfig', () => {
  it('runs with no settings at all: local PGlite, Czech market, development', () => {
    expect(ok({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      market: 'cz',
      mode: 'development',
      dataDir: join(ROOT, '.data/pglite'),
      databaseUrl: undefined,
      eventStoreUrl: undefined,
      mongodbUrl: undefined,
      eventStoreSchema: 'event_store',
      eventStore: { kind: 'pglite', dataDir: join(ROOT, '.data/pglite'), schema: 'event_store' },
      projector: 'inline',
      smtpUrl: undefined,
      mailFrom: 'Buyloop <obchod@buyloop.invalid>',
      publicUrl: 'http://127.0.0.1:3000',
      demoData: true,
      trustProxy: undefined,
    });
  });

  it('mail, public address and demo users: demo users never in production, SMTP URLs checked, passwords not echoed', () => {
    expect(ok({ BUYLOOP_MODE: 'production', SMTP_URL: 'smtp://mail.example.cz:587' }).demoData).toBe(false);
    const noSmtp = parseConfig({ BUYLOOP_MODE: 'production' }, { root: ROOT });
    expect(!noSmtp.ok && noSmtp.errors.join('\n')).toContain('SMTP_URL must be set in production');
    expect(ok({ DEMO_DATA: 'off' }).demoData).toBe(false);
    const demoInProduction = parseConfig({ BUYLOOP_MODE: 'production', DEMO_DATA: 'on' }, { root: ROOT });
    expect(!demoInProduction.ok && demoInProduction.errors.join('\n')).toContain('DEMO_DATA must be off in production');
    expect(ok({ SMTP_URL: 'smtps://shop:s3cret@mail.example.cz:465' }).smtpUrl).toBe('smtps://shop:s3cret@mail.example.cz:465');
    const badSmtp = parseConfig({ SMTP_URL: 'http://shop:s3cret@mail.example.cz' }, { root: ROOT });
    expect(!badSmtp.ok && badSmtp.errors.join('\n')).toContain('SMTP_URL must be');
    expect(!badSmtp.ok && badSmtp.errors.join('\n')).not.toContain('s3cret');
    expect(ok({ PORT: '8080', HOST: '::1' }).publicUrl).toBe('http://[::1]:8080');
    expect(ok({ PUBLIC_URL: 'https://www.buyloop.cz' }).publicUrl).toBe('https://www.buyloop.cz');
    expect(ok({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(ok({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
  });

  it('runs the projections in the API unless PROJECTOR=off, and refuses anything else', () => {
    expect(ok({ PROJECTOR: 'off' }).projector).toBe('off');
    const result = parseConfig({ PROJECTOR: 'worker' }, { root: ROOT });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.join('\n')).toContain('PROJECTOR must be');
  });

  it('keeps the default data directory at the repository root whichever folder the process starts in', () => {
    const result = parseConfig({});
    expect(result.ok && result.config.dataDir).toBe(join(repoRoot, '.data/pglite'));
  });

  it('finds the repository root by walking up to pnpm-workspace.yaml', () => {
    const root = mkdtempSync(join(tmpdir(), 'buyloop-root-'));
    writeFileSync(join(root, 'pnpm-workspace.yaml'), 'packages: []\n');
    const nested = join(root, 'services', 'api', 'src');
    mkdirSync(nested, { recursive: true });
    expect(findRepoRoot(nested)).toBe(root);
  });

  it('takes every valid setting', () => {
    const config = ok({
      PORT: '8080',
      HOST: '0.0.0.0',
      MARKET: 'ro',
      BUYLOOP_MODE: 'production',
      SMTP_URL: 'smtp://mail.example.cz:587',
      DATA_DIR: '/var/lib/buyloop',
      MONGODB_URL: 'mongodb+srv://cluster0.example.net/buyloop',
      EVENT_STORE_SCHEMA: 'shop_ro',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      market: 'ro',
      mode: 'production',
      dataDir: '/var/lib/buyloop',
      mongodbUrl: 'mongodb+srv://cluster0.example.net/buyloop',
      eventStoreSchema: 'shop_ro',
      eventStore: { kind: 'pglite', dataDir: '/var/lib/buyloop', schema: 'shop_ro' },
    });
  });

  it('resolves a relative DATA_DIR against the repository root, not the working directory', () => {
    expect(ok({ DATA_DIR: 'tmp/db' }).dataDir).toBe(join(ROOT, 'tmp/db'));
  });

  it('uses the PostgreSQL server instead of PGlite when DATABASE_URL is set', () => {
    const url = 'postgres://buyloop:secret@db.internal:5432/buyloop';
    const config = ok({ DATABASE_URL: url, EVENT_STORE_SCHEMA: 'events' });
    expect(config.databaseUrl).toBe(url);
    expect(config.eventStore).toEqual({ kind: 'postgres', url, schema: 'events' });
    expect(ok({ DATABASE_URL: 'postgresql://localhost/buyloop' }).eventStore.kind).toBe('postgres');
  });

  it('sends events to EventStoreDB when EVENTSTORE_URL is set, even beside DATABASE_URL', () => {
    const config = ok({ DATABASE_URL: 'postgres://localhost/buyloop', EVENTSTORE_URL: 'esdb://localhost:2113?tls=false' });
    expect(config.eventStore).toEqual({ kind: 'eventstoredb', url: 'esdb://localhost:2113?tls=false' });
    expect(config.databaseUrl).toBe('postgres://localhost/buyloop');
    for (const url of ['kurrentdb://localhost:2113', 'esdb+discover://cluster.example:2113', 'kurrentdb+discover://a:2113'])
      expect(ok({ EVENTSTORE_URL: url }).eventStore).toEqual({ kind: 'eventstoredb', url });
  });

  it('treats blank and padded values as a person would: blank is unset, spaces are ignored', () => {
    expect(ok({ PORT: '', MARKET: '  ', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      market: 'cz',
      eventStore: { kind: 'pglite' },
    });
    expect(ok({ PORT: ' 8080 ', MARKET: 'ro\n' })).toMatchObject({ port: 8080, market: 'ro' });
  });

  it('takes the mode from BUYLOOP_MODE over NODE_ENV, because tools set NODE_ENV on their own', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example.cz:587' };
    expect(ok({ ...smtp, NODE_ENV: 'production' }).mode).toBe('production');
    expect(ok({ NODE_ENV: 'test', BUYLOOP_MODE: 'development' }).mode).toBe('development');
    // An odd NODE_ENV from some tool does not matter once BUYLOOP_MODE says what to do.
    expect(ok({ ...smtp, NODE_ENV: 'staging', BUYLOOP_MODE: 'production' }).mode).toBe('production');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number 1-65535, got "abc"'],
    [{ PORT: '0' }, 'PORT must be a whole number 1-65535, got "0"'],
    [{ PORT: '65536' }, 'PORT must be a whole number 1-65535, got "65536"'],
    [{ PORT: '80.5' }, 'PORT must be a whole number 1-65535, got "80.5"'],
    [{ PORT: '-1' }, 'PORT must be a whole number 1-65535, got "-1"'],
    [
      { HOST: 'local host' },
      'HOST must be a host name or IP address to listen on, such as 127.0.0.1, 0.0.0.0 or ::, got "local host"',
    ],
    [{ MARKET: 'de' }, 'MARKET must be one of cz, ro, got "de"'],
    [{ MARKET: 'CZ' }, 'MARKET must be one of cz, ro, got "CZ"'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV must be one of development, production, test, got "staging"'],
    [{ BUYLOOP_MODE: 'prod' }, 'BUYLOOP_MODE must be one of development, production, test, got "prod"'],
    [
      { DATABASE_URL: 'localhost:5432' },
      'DATABASE_URL must be a postgres:// or postgresql:// URL (e.g. postgres://user:password@localhost:5432/buyloop), got "localhost:5432"',
    ],
    [
      { EVENTSTORE_URL: 'http://localhost:2113' },
      'EVENTSTORE_URL must be an esdb:// or kurrentdb:// URL (or their +discover forms), e.g. esdb://localhost:2113?tls=false, got "http://localhost:2113"',
    ],
    [
      { MONGODB_URL: 'postgres://localhost/x' },
      'MONGODB_URL must be a mongodb:// or mongodb+srv:// URL (e.g. mongodb://localhost:27017/buyloop), got "postgres://localhost/x"',
    ],
    [
      { EVENT_STORE_SCHEMA: 'Event-Store' },
      'EVENT_STORE_SCHEMA must be a lower-case SQL schema name: a-z, 0-9 and _, not starting with a digit, at most 63 characters, got "Event-Store"',
    ],
    [
      { DATA_DIR: 'a\0b' },
      'DATA_DIR must be a directory path (relative paths are taken from the repository root), got "a\\u0000b"',
    ],
  ])('refuses %j with a message naming the variable, the value and what is expected', (env, message) => {
    expect(errors(env)).toEqual([message]);
  });

  it('reports every bad setting at once, so they can be fixed in one go', () => {
    expect(errors({ PORT: 'abc', MARKET: 'hu', EVENT_STORE_SCHEMA: '1x' })).toEqual([
      'PORT must be a whole number 1-65535, got "abc"',
      'MARKET must be one of cz, ro, got "hu"',
      'EVENT_STORE_SCHEMA must be a lower-case SQL schema name: a-z, 0-9 and _, not starting with a digit, at most 63 characters, got "1x"',
    ]);
  });

  it('never repeats a password from a refused URL', () => {
    const [message] = errors({ DATABASE_URL: 'mysql://shop:hunter2@db:3306/shop' });
    expect(message).toContain('got "mysql://shop:***@db:3306/shop"');
    expect(message).not.toContain('hunter2');
    const [mongo] = errors({ MONGODB_URL: 'mongo://root:p%40ss@db/x' });
    expect(mongo).not.toContain('p%40ss');
  });
});
