import { describe, expect, it } from 'vitest';
import { DEV_GATEWAY_SECRET, paymentsSettings, type PaymentsSettings } from './module';

type Mode = 'development' | 'test' | 'production';

function settings(env: Record<string, string>, mode: Mode): PaymentsSettings {
  const read = paymentsSettings.read(env, { market: 'cz', mode });
  if (!read.ok) throw new Error(`expected settings, got: ${read.errors.join('; ')}`);
  return read.settings;
}

function refused(env: Record<string, string>, mode: Mode = 'production'): string {
  const read = paymentsSettings.read(env, { market: 'cz', mode });
  if (read.ok) throw new Error('expected the settings to be refused');
  return read.errors.join('\n');
}

describe('payments settings', () => {
  it('serves the whole sandbox outside production: the demo (`npm start`) and the tests pay through it', () => {
    for (const mode of ['development', 'test'] as const)
      expect(settings({}, mode)).toEqual({
        gatewaySecret: DEV_GATEWAY_SECRET,
        provider: 'sandbox',
        sandbox: { pages: true, testHooks: true },
      });
  });

  it('in production keeps the pay pages of the sandbox gateway but not its test hooks, unless asked for', () => {
    const production = settings({}, 'production');
    expect(production.sandbox).toEqual({ pages: true, testHooks: false });
    // Never the public development secret there.
    expect(production.gatewaySecret).not.toBe(DEV_GATEWAY_SECRET);
    expect(settings({ PAYMENTS_SANDBOX_TEST_HOOKS: 'on' }, 'production').sandbox.testHooks).toBe(true);
    expect(settings({ PAYMENTS_SANDBOX_TEST_HOOKS: ' OFF ' }, 'development').sandbox.testHooks).toBe(false);
    // Blank counts as unset, as in the API's own configuration.
    expect(settings({ PAYMENTS_SANDBOX_TEST_HOOKS: '' }, 'production').sandbox.testHooks).toBe(false);
  });

  it('refuses an unknown gateway, a bad switch and a short secret, every problem at once and no secret echoed', () => {
    const errors = refused({
      PAYMENTS_PROVIDER: 'stripe',
      PAYMENTS_SANDBOX_TEST_HOOKS: 'yes',
      PAYMENTS_GATEWAY_SECRET: 'short-secret',
    });
    expect(errors).toContain('PAYMENTS_PROVIDER must be the card payment gateway, one of sandbox');
    expect(errors).toContain('got "stripe"');
    expect(errors).toContain('PAYMENTS_SANDBOX_TEST_HOOKS must be on or off');
    expect(errors).toContain('PAYMENTS_GATEWAY_SECRET must be at least 16 characters');
    expect(errors).not.toContain('short-secret');
  });
});
