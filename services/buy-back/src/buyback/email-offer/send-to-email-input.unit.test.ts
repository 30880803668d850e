import { describe, expect, it } from 'vitest';
import { ValidationError } from '@buyloop/kit';
import { hasMessage } from '@buyloop/i18n';
import { parseSendToEmail } from './send-to-email-input';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const request = (): { [key: string]: Json } => ({
  e_mail: '  Jana.Novakova@Example.CZ ',
  device_identifier: ' iphone-13-midnight ',
  appraisal_version: 4,
  device_condition_choices: ['display-perfect', 'battery-ok'],
  note: ' Prosím o zavolání.\r\nDěkuji ',
});

/** `request()` with one field replaced (`undefined` removes it). */
function withField(key: string, value: Json | undefined): { [key: string]: Json } {
  const body = request();
  if (value === undefined) delete body[key];
  else body[key] = value;
  return body;
}

/** The field errors the request is refused with; fails the test when it is accepted or something else is thrown. */
function fieldErrors(body: unknown): Readonly<Record<string, readonly string[]>> {
  try {
    parseSendToEmail(body, { market: 'cz' });
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).code).toBe('validation.failed');
    return { ...(error as ValidationError).fieldErrors };
  }
  throw new Error('expected the request to be refused');
}

describe('parseSendToEmail', () => {
  it('normalises a valid request in either market', () => {
    for (const market of ['cz', 'ro'] as const)
      expect(parseSendToEmail(request(), { market })).toEqual({
        e_mail: 'jana.novakova@example.cz',
        device_identifier: 'iphone-13-midnight',
        appraisal_version: 4,
        device_condition_choices: ['display-perfect', 'battery-ok'],
        note: 'Prosím o zavolání.\nDěkuji',
      });
  });

  it.each<[string, Json | undefined]>([
    ['absent', undefined],
    ['null', null],
    ['blank', '   '],
  ])('has no note when it is %s', (_what, note) => {
    expect(parseSendToEmail(withField('note', note), { market: 'ro' }).note).toBeNull();
  });

  it.each<[string, Json | undefined, string, string[]]>([
    ['e_mail', undefined, 'e_mail', ['validation.required']],
    ['e_mail', '', 'e_mail', ['validation.required']],
    ['e_mail', 'jana.novakova', 'e_mail', ['validation.email_invalid']],
    ['e_mail', 'jana@-example.cz', 'e_mail', ['validation.email_invalid']],
    ['e_mail', `${'a'.repeat(250)}@example.cz`, 'e_mail', ['validation.too_long']],
    ['e_mail', ['jana@example.cz'], 'e_mail', ['validation.invalid_type']],
    ['device_identifier', null, 'device_identifier', ['validation.required']],
    ['device_identifier', 13, 'device_identifier', ['validation.invalid_type']],
    ['appraisal_version', -2, 'appraisal_version', ['validation.not_a_positive_integer']],
    ['appraisal_version', '4', 'appraisal_version', ['validation.invalid_type']],
    ['device_condition_choices', { 0: 'display-perfect' }, 'device_condition_choices', ['validation.invalid_type']],
    ['device_condition_choices', ['display-perfect', null], 'device_condition_choices.1', ['validation.required']],
    ['note', false, 'note', ['validation.invalid_type']],
    ['customer_data', {}, 'customer_data', ['validation.unknown_field']],
  ])('%s = %j → %s', (key, value, path, codes) => {
    expect(fieldErrors(withField(key, value))).toEqual({ [path]: codes });
  });

  it('reports all errors together, each in every language', () => {
    const body = { e_mail: 'x@', appraisal_version: 0, device_condition_choices: [''], pickup_address: null };
    const errors = fieldErrors(body);
    expect(errors).toEqual({
      e_mail: ['validation.email_invalid'],
      device_identifier: ['validation.required'],
      appraisal_version: ['validation.not_a_positive_integer'],
      'device_condition_choices.0': ['validation.required'],
      pickup_address: ['validation.unknown_field'],
    });
    expect(
      Object.values(errors)
        .flat()
        .filter((code) => !hasMessage(code)),
    ).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'validation.required'],
    ['an array', [], 'validation.invalid_type'],
    ['a string', 'jana@example.cz', 'validation.invalid_type'],
    ['a boolean', true, 'validation.invalid_type'],
  ])('refuses %s as the body', (_what, body, code) => {
    expect(fieldErrors(body)).toEqual({ _: [code] });
  });

  it('answers any JSON value in any field with a result or a ValidationError, nothing else', () => {
    const odd: Json[] = [null, false, 0, 2 ** 60, '', '\u0007', 'x'.repeat(5000), [], [[]], {}, { e_mail: 'a@b.cz' }];
    for (const key of [...Object.keys(request()), 'toString', 'constructor'])
      for (const value of odd)
        try {
          parseSendToEmail(withField(key, value), { market: 'cz' });
        } catch (error) {
          expect(error, `${key} = ${JSON.stringify(value).slice(0, 20)}`).toBeInstanceOf(ValidationError);
        }
  });
});
