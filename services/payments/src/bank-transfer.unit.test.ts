import { describe, expect, it } from 'vitest';
import { bankTransferDetails, paymentText, SANDBOX_ACCOUNTS } from './bank-transfer';
import { signatureValid, signBody } from './signature';

describe('bank transfer details', () => {
  it('gives the SPAYD text on cz, with the order number as the variable symbol', async () => {
    const details = await bankTransferDetails('cz', SANDBOX_ACCOUNTS.cz, '6000000123', 12_990, 'CZK');
    expect(details.qr_text).toBe(
      'SPD*1.0*ACC:CZ6508000000192000145399*AM:12990.00*CC:CZK*X-VS:6000000123*MSG:Objednavka 6000000123',
    );
    expect(details.variable_symbol).toBe('6000000123');
    expect(Buffer.from(details.qr_svg.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg /);
  });

  it('gives a plain payment text on ro', () => {
    expect(paymentText('ro', SANDBOX_ACCOUNTS.ro, '6000000123', 999, 'RON')).toContain('Referinta: 6000000123');
    expect(paymentText('ro', SANDBOX_ACCOUNTS.ro, '6000000123', 999, 'RON')).not.toContain('SPD*');
  });
});

describe('notification signatures', () => {
  it('accepts the body it signed and refuses any other body, secret or header', () => {
    const body = Buffer.from('{"id":"n1"}');
    const header = signBody('secret', body);
    expect(signatureValid('secret', body, header)).toBe(true);
    expect(signatureValid('secret', Buffer.from('{"id":"n2"}'), header)).toBe(false);
    expect(signatureValid('other', body, header)).toBe(false);
    expect(signatureValid('secret', body, undefined)).toBe(false);
    expect(signatureValid('secret', body, 'sha256=00')).toBe(false);
  });
});
