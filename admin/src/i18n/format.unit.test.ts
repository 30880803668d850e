import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, timeZoneOf } from './format';
import { errorText, statusLabel, t } from './index';
import { messages } from './messages';

describe('formats', () => {
  it('shows CZK and Lei without decimals', () => {
    expect(formatMoney(12345.6, 'CZK')).toBe('12\u00a0346\u00a0Kč');
    expect(formatMoney(800, 'CZK')).toBe('800\u00a0Kč');
    expect(formatMoney(1234567, 'RON')).toBe('1.234.567 Lei');
    expect(formatMoney(null, 'CZK')).toBe('');
  });

  it('writes dates as DD.MM.YYYY in the market time zone', () => {
    expect(formatDate('2026-11-22T23:30:00.000Z', timeZoneOf('CZK'))).toBe('23.11.2026');
    expect(formatDateTime('2026-03-05T08:07:00.000Z', timeZoneOf('CZK'))).toBe('05.03.2026 09:07');
    expect(formatDateTime('2026-03-05T08:07:00.000Z', timeZoneOf('RON'))).toBe('05.03.2026 10:07');
    expect(formatDate('nonsense')).toBe('');
  });
});

describe('texts', () => {
  it('has the spec message in Czech and English', () => {
    expect(t('forbidden.text', 'cs')).toBe('Nemáte oprávnění k přístupu na tuto stránku');
    expect(t('forbidden.text', 'en')).toBe('You do not have permission to access this page');
    expect(t('detail.conflict', 'cs')).toBe('Výkup mezitím změnil někdo jiný.');
  });

  it('has every text in every language', () => {
    for (const [key, entry] of Object.entries(messages))
      for (const lang of ['cs', 'ro', 'en'] as const) expect(entry[lang], `${key}.${lang}`).not.toBe('');
  });

  it('takes status labels and error texts from the shared catalogue', () => {
    expect(statusLabel('received', 'cs')).toBe('Zařízení doručeno');
    expect(statusLabel('no_such_status', 'cs')).toBe('no_such_status');
    expect(errorText('no.such.code', 'cs')).toBe('no.such.code');
  });
});
