import { describe, expect, it } from 'vitest';
import { catalogue, type Message, type Text } from './catalogue';
import { defaultLanguage, hasMessage, isLanguage, LANGUAGES, messageKeys, translate } from './index';

const messages = Object.entries(catalogue as Readonly<Record<string, Message>>);
const formsOf = (text: Text): string[] => (typeof text === 'string' ? [text] : Object.values(text));
const placeholdersOf = (text: string): string[] => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

/** Words that are names, the same in every language. */
const properNouns = ['Buyloop'];

describe('message catalogue', () => {
  it('lists every key once, and only keys the catalogue holds', () => {
    expect(messageKeys).toEqual(Object.keys(catalogue));
    expect(new Set(messageKeys).size).toBe(messageKeys.length);
    for (const key of messageKeys) expect(hasMessage(key)).toBe(true);
  });

  it('holds the keys the API and the UIs rely on', () => {
    for (const key of [
      'validation.required',
      'validation.password_rules',
      'validation.date_invalid',
      'request.malformed_json',
      'route.not_found',
      'internal',
      'auth.forbidden',
      'auth.login_throttled',
      'auth.csrf_invalid',
      'auth.address_limit',
      'mail.password_reset.subject',
      'mail.password_reset.body',
    ]) {
      expect(hasMessage(key), key).toBe(true);
    }
  });

  it('has a non-empty Czech, Romanian and English text for every key', () => {
    for (const [key, message] of messages) {
      expect(Object.keys(message).sort(), key).toEqual([...LANGUAGES].sort());
      for (const language of LANGUAGES) {
        for (const form of formsOf(message[language])) expect(form.trim(), `${key} (${language})`).not.toBe('');
      }
    }
  });

  it('leaves no Czech or Romanian text untranslated (identical to English beyond proper nouns)', () => {
    for (const [key, message] of messages) {
      const english = formsOf(message.en);
      for (const language of ['cs', 'ro'] as const) {
        for (const form of formsOf(message[language])) {
          expect(english, `${key} (${language}) is the English text`).not.toContain(form);
          expect(properNouns, `${key} (${language})`).not.toContain(form);
        }
      }
    }
  });

  it('uses the same placeholders in every language and every plural form', () => {
    for (const [key, message] of messages) {
      const expected = placeholdersOf(formsOf(message.en)[0] ?? '');
      for (const language of LANGUAGES) {
        for (const form of formsOf(message[language])) expect(placeholdersOf(form), `${key} (${language})`).toEqual(expected);
      }
    }
  });

  it('gives plural texts a form for every plural category an integer count can take', () => {
    for (const [key, message] of messages) {
      for (const language of LANGUAGES) {
        const text = message[language];
        if (typeof text === 'string') continue;
        const rules = new Intl.PluralRules(language);
        for (let count = 0; count <= 250; count++) {
          const category = rules.select(count);
          expect(Object.keys(text), `${key} (${language}) count ${count} → ${category}`).toContain(category);
        }
      }
    }
  });

  it('writes Romanian with comma-below ș and ț, never the cedilla forms ş ţ Ş Ţ', () => {
    for (const [key, message] of messages) {
      for (const form of formsOf(message.ro)) expect(form, key).not.toMatch(/[\u015E\u015F\u0162\u0163]/);
    }
    expect(translate('validation.password_rules', 'ro')).toContain('conțină');
    expect(translate('auth.not_logged_in', 'ro')).toContain('autentificați');
  });

  it('writes Czech with its diacritics', () => {
    expect(translate('validation.postcode_invalid', 'cs')).toBe('Zadejte platné PSČ.');
    expect(translate('auth.forbidden', 'cs')).toBe('Nemáte oprávnění k přístupu na tuto stránku');
  });

  it('keeps the texts the spec quotes word for word', () => {
    expect(translate('auth.forbidden', 'en')).toBe('You do not have permission to access this page');
    expect(translate('internal', 'en')).toBe('There was an error processing your request, please try again.');
  });

  it('never tells which of e-mail and password was wrong', () => {
    for (const language of LANGUAGES) {
      const text = translate('auth.login_failed', language);
      expect(text).toMatch(/e-mail/i);
      expect(text).toMatch(/hesl|parol|password/i);
    }
  });
});

describe('translate', () => {
  it('answers in the requested language', () => {
    expect(translate('validation.required', 'cs')).toBe('Toto pole je povinné.');
    expect(translate('validation.required', 'ro')).toBe('Acest câmp este obligatoriu.');
    expect(translate('validation.required', 'en')).toBe('This field is required.');
  });

  it('fills placeholders', () => {
    expect(translate('validation.min_length', 'cs', { min: 3 })).toBe('Text je příliš krátký. Minimální počet znaků: 3.');
    expect(translate('validation.password_too_long', 'ro', { max: 128 })).toBe(
      'Parola este prea lungă. Numărul maxim de caractere: 128.',
    );
    expect(translate('auth.address_limit', 'en', { max: 10 })).toBe(
      'You have reached the maximum number of saved addresses (10).',
    );
  });

  it('does not HTML-escape, nest or re-interpolate parameter values', () => {
    const link = 'https://buyloop.cz/reset?token=a&b=<c>"\'';
    expect(translate('mail.password_reset.body', 'en', { link, minutes: 30, count: 30 })).toContain(`\n${link}\n`);
    expect(translate('validation.min_length', 'en', { min: '$t(internal) {{max}}', max: 5 })).toBe(
      'The text is too short. Minimum number of characters: $t(internal) {{max}}.',
    );
  });

  it('keeps parameters named like i18next options as plain values', () => {
    expect(translate('validation.min_length', 'cs', { min: 2, lng: 'en', ns: 'x' })).toBe(
      'Text je příliš krátký. Minimální počet znaků: 2.',
    );
  });

  it('falls back to English for a language it does not speak', () => {
    expect(translate('validation.required', 'de' as never)).toBe('This field is required.');
    expect(translate('validation.required', 'cs-CZ' as never)).toBe('This field is required.');
    expect(translate('validation.required', undefined as never)).toBe('This field is required.');
  });

  it('falls back to the key itself for an unknown key, without throwing', () => {
    expect(translate('no.such.key', 'cs')).toBe('no.such.key');
    expect(translate('', 'ro')).toBe('');
    for (const key of ['constructor', '__proto__', 'toString', 'auth', 'auth.login_throttled_one']) {
      expect(translate(key, 'cs')).toBe(key);
      expect(hasMessage(key)).toBe(false);
    }
  });

  describe('auth.login_throttled plural forms (callers pass { minutes, count: minutes })', () => {
    const throttled = (language: 'cs' | 'ro' | 'en', minutes: number) =>
      translate('auth.login_throttled', language, { minutes, count: minutes });

    it.each([
      // Czech: 1 → minutu (accusative singular), 2–4 → minuty, 5 and more → minut (genitive plural).
      ['cs', 1, 'Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to znovu za 1 minutu.'],
      ['cs', 3, 'Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to znovu za 3 minuty.'],
      ['cs', 5, 'Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to znovu za 5 minut.'],
      ['cs', 15, 'Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to znovu za 15 minut.'],
      // Romanian: 1 → minut, 2–19 → minute, 20 and more → de minute.
      ['ro', 1, 'Prea multe încercări de autentificare eșuate. Încercați din nou peste 1 minut.'],
      ['ro', 3, 'Prea multe încercări de autentificare eșuate. Încercați din nou peste 3 minute.'],
      ['ro', 5, 'Prea multe încercări de autentificare eșuate. Încercați din nou peste 5 minute.'],
      ['ro', 20, 'Prea multe încercări de autentificare eșuate. Încercați din nou peste 20 de minute.'],
      ['en', 1, 'Too many failed login attempts. Try again in 1 minute.'],
      ['en', 5, 'Too many failed login attempts. Try again in 5 minutes.'],
    ] as const)('%s, %i minutes', (language, minutes, expected) => {
      expect(throttled(language, minutes)).toBe(expected);
    });

    it('uses the "other" form when the caller forgets the count', () => {
      expect(translate('auth.login_throttled', 'cs', { minutes: 15 })).toBe(
        'Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to znovu za 15 minut.',
      );
    });
  });

  it('writes the password reset e-mail with the link, its validity and single use', () => {
    const link = 'https://buyloop.ro/parola/resetare?token=abc';
    const body = translate('mail.password_reset.body', 'ro', { link, minutes: 30, count: 30 });
    expect(body).toContain(link);
    expect(body).toContain('valabil 30 de minute');
    expect(body).toContain('o singură dată');
    expect(translate('mail.password_reset.body', 'cs', { link, minutes: 60, count: 60 })).toContain(
      'Odkaz platí 60 minut a lze jej použít jen jednou.',
    );
    expect(translate('mail.password_reset.body', 'cs', { link, minutes: 2, count: 2 })).toContain('Odkaz platí 2 minuty');
    expect(translate('mail.password_reset.subject', 'en')).toBe('Reset your Buyloop password');
  });
});

describe('languages', () => {
  it('speaks Czech, Romanian and English', () => {
    expect(LANGUAGES).toEqual(['cs', 'ro', 'en']);
    expect(isLanguage('ro')).toBe(true);
    expect(isLanguage('RO')).toBe(false);
    expect(isLanguage(42)).toBe(false);
  });

  it('starts each market in its own language', () => {
    expect(defaultLanguage('cz')).toBe('cs');
    expect(defaultLanguage('ro')).toBe('ro');
  });
});
