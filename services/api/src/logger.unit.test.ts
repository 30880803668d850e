import { describe, expect, it } from 'vitest';
import { consoleLogger } from './logger';

/** A destination that keeps what it is given. */
const capture = () => {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
};

describe('the log', () => {
  it('writes JSON lines, info to stdout and problems to stderr, errors with message and stack, bigints as numbers', () => {
    const out = capture();
    const err = capture();
    const logger = consoleLogger({ format: 'json', out: out.stream, err: err.stream });
    logger.info('Started', { position: 42n, at: new Date('2026-11-22T09:00:00Z') });
    logger.error('Failed', { error: new Error('the store is gone') });
    expect(out.lines).toHaveLength(1);
    expect(err.lines).toHaveLength(1);
    const started = JSON.parse(out.lines[0]!) as Record<string, unknown>;
    expect(started).toMatchObject({ level: 'info', msg: 'Started', position: 42, at: '2026-11-22T09:00:00.000Z' });
    expect(typeof started.time).toBe('string');
    const failed = JSON.parse(err.lines[0]!) as { level: string; error: { message: string; stack: string } };
    expect(failed.level).toBe('error');
    expect(failed.error.message).toBe('the store is gone');
    expect(failed.error.stack).toMatch(/logger\.unit\.test/);
  });

  it("redacts secrets and personal data by path (the platform's fields and the modules'), and the secrets of links in messages and strings", () => {
    const out = capture();
    // customer_data is a module's field (the buy-back's Module.logRedactions), given as main.ts gives them all.
    const logger = consoleLogger({ format: 'json', out: out.stream, err: capture().stream, redact: ['customer_data'] });
    logger.info('Reset link https://shop.example/prihlasit/nove-heslo?user=u-1&token=LIVE-SECRET', {
      password: 'Heslo-2026',
      request: { body: { email: 'eva@example.cz', current_password: 'Stare-2026' }, headers: { cookie: 'buyloop_session=s' } },
      customer_data: { first_name: 'Eva', personal_identification_number: '8551011234' },
      link: 'https://shop.example/vykup/stav/1?token=STATUS-SECRET',
      buyoutNumber: '0000000042',
    });
    const line = out.lines[0]!;
    for (const secret of [
      'LIVE-SECRET',
      'STATUS-SECRET',
      'Heslo-2026',
      'Stare-2026',
      'eva@example.cz',
      'buyloop_session=s',
      '8551011234',
    ])
      expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({
      msg: 'Reset link https://shop.example/prihlasit/nove-heslo?user=u-1&token=[redacted]',
      password: '[redacted]',
      request: { body: { email: '[redacted]', current_password: '[redacted]' }, headers: { cookie: '[redacted]' } },
      customer_data: '[redacted]',
      link: 'https://shop.example/vykup/stav/1?token=[redacted]',
      buyoutNumber: '0000000042',
    });
  });

  it('reads as one line per entry for a person in development, with the same redaction', () => {
    const out = capture();
    const logger = consoleLogger({ env: { BUYLOOP_MODE: 'development' }, out: out.stream, err: capture().stream });
    logger.info('Mail caught: https://shop.example/x?token=LIVE-SECRET', { email: 'eva@example.cz' });
    expect(out.lines.join('')).toMatch(/INFO.*Mail caught: https:\/\/shop\.example\/x\?token=\[redacted\]/);
    expect(out.lines.join('')).not.toMatch(/LIVE-SECRET|eva@example\.cz|^\{/);
  });

  it('takes its level from LOG_LEVEL and JSON from production', () => {
    const out = capture();
    const logger = consoleLogger({ env: { NODE_ENV: 'production', LOG_LEVEL: 'warn' }, out: out.stream, err: out.stream });
    logger.info('not shown');
    logger.warn('shown');
    expect(out.lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['shown']);
  });
});
