import { describe, expect, it } from 'vitest';
import { redactCaughtMail, redactSecrets } from './redact';

describe('redacting the secrets of e-mailed links', () => {
  it('hides reset, status and offer tokens, and keeps the rest of the link readable', () => {
    expect(
      redactSecrets(
        'Nové heslo: https://buyloop.cz/prihlasit/nove-heslo?user=0b0c1f3e-8a4b-4f7e-9a51-2b8f0e6c1d2a&token=Zm9vYmFy-_x\nDěkujeme',
      ),
    ).toBe(
      'Nové heslo: https://buyloop.cz/prihlasit/nove-heslo?user=0b0c1f3e-8a4b-4f7e-9a51-2b8f0e6c1d2a&token=[redacted]\nDěkujeme',
    );
    expect(redactSecrets('https://buyloop.cz/vykup/stav/0000000042?token=abc%2Fdef (stav)')).toBe(
      'https://buyloop.cz/vykup/stav/0000000042?token=[redacted] (stav)',
    );
    expect(redactSecrets('<a href="https://buyloop.ro/vanzare/oferta/7?lang=ro&amp;access_token=s3cr3t#x">')).toBe(
      '<a href="https://buyloop.ro/vanzare/oferta/7?lang=ro&amp;access_token=[redacted]#x">',
    );
    expect(redactSecrets('?Token=a&SIG=b&page=2')).toBe('?Token=[redacted]&SIG=[redacted]&page=2');
  });

  it('hides the access code written beside its label, in every language and inside HTML', () => {
    expect(redactSecrets('Číslo výkupu: 2611226273\nPřístupový kód: Zm9v-YmFy_x\nDěkujeme')).toBe(
      'Číslo výkupu: 2611226273\nPřístupový kód: [redacted]\nDěkujeme',
    );
    expect(redactSecrets('Codul de acces: abc123')).toBe('Codul de acces: [redacted]');
    expect(redactSecrets('<p>Access code: <strong>abc123</strong></p>')).toBe('<p>Access code: <strong>[redacted]</strong></p>');
  });

  it('leaves text without secret parameters alone', () => {
    for (const text of ['https://buyloop.cz/vykup?model=iphone-13', 'tokenized text, no link', 'A&B token: none'])
      expect(redactSecrets(text)).toBe(text);
  });

  it('redacts a caught message’s subject, text and HTML, and nothing else', () => {
    const mail = {
      id: '<1@buyloop>',
      from: 'obchod@buyloop.cz',
      to: ['eva@example.cz'],
      subject: 'Odkaz ?token=abc',
      text: 'https://buyloop.cz/x?token=abc',
      html: '<a href="https://buyloop.cz/x?token=abc">x</a>',
      receivedAt: new Date('2026-11-22T09:00:00Z'),
    };
    expect(redactCaughtMail(mail)).toEqual({
      ...mail,
      subject: 'Odkaz ?token=[redacted]',
      text: 'https://buyloop.cz/x?token=[redacted]',
      html: '<a href="https://buyloop.cz/x?token=[redacted]">x</a>',
    });
    expect(mail.text).toContain('token=abc');
  });
});
