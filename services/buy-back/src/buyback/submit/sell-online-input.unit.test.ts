import { describe, expect, it } from 'vitest';
import { ValidationError } from '@buyloop/kit';
import { hasMessage } from '@buyloop/i18n';
import { parseSellOnline, type SellOnlineContext } from './sell-online-input';

/** 1 March 2026, local time, as the validators read "today". */
const today = new Date(2026, 2, 1);
const cz: SellOnlineContext = { market: 'cz', today };
const ro: SellOnlineContext = { market: 'ro', today };

// Test vectors computed here from the published rules, not taken from the code under test.

/** A 10-digit Czech birth number: the first nine digits and their remainder mod 11 (10 → 0). */
const birthNumber = (first9: string): string => `${first9.slice(0, 6)}/${first9.slice(6)}${(Number(first9) % 11) % 10}`;

/** A CNP: twelve digits and the weighted sum (2 7 9 1 4 6 3 5 8 2 7 9) mod 11, 10 → 1. */
function cnp(first12: string): string {
  const weights = [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9];
  const remainder = weights.reduce((sum, weight, i) => sum + weight * Number(first12[i]), 0) % 11;
  return `${first12}${remainder === 10 ? 1 : remainder}`;
}

/** An IBAN of `country` and `bban` with its ISO 7064 MOD 97-10 check digits. */
function iban(country: string, bban: string): string {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  const remainder = [...digits].reduce((rest, digit) => (rest * 10 + Number(digit)) % 97, 0);
  return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/** An IMEI: fourteen digits and their Luhn check digit. */
function imei(first14: string): string {
  const sum = [...first14].reverse().reduce((total, char, i) => {
    const doubled = i % 2 === 0 ? Number(char) * 2 : Number(char);
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return `${first14}${(10 - (sum % 10)) % 10}`;
}

const MAN_1985 = birthNumber('850315123'); // born 15 March 1985
const WOMAN_1985 = birthNumber('855315123'); // month + 50
const BOY_17 = birthNumber('080302123'); // turns 18 on 2 March 2026, the day after `today`
const MAN_18_TODAY = birthNumber('080301123'); // turns 18 on `today`
const RO_MAN = cnp('185031540123');
const RO_WOMAN = cnp('285031540123');
const RO_BOY_17 = cnp('508030240123');
const RO_IBAN = iban('RO', 'BTRL0123456789012345');
const IMEI = imei('49015420323751');

it('the test vectors are what the rules say', () => {
  expect(MAN_1985).toBe('850315/1239'); // 850315123 = 11 × 77301374 + 9
  expect(RO_MAN).toBe('1850315401231');
  expect(iban('RO', 'AAAA1B31007593840000')).toBe('RO49AAAA1B31007593840000'); // the IBAN registry's example
  expect(IMEI).toBe('490154203237518');
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const czechRequest = (): { [key: string]: Json } => ({
  device_identifier: ' iphone-13-midnight ',
  appraisal_version: 3,
  device_condition_choices: ['display-perfect', ' body-scratched '],
  note: 'Krabička je doma.',
  customer_data: {
    personal_identification_number: MAN_1985,
    identity_card_number: '123 456 789',
    identity_released_by: 'MěÚ Brno',
    identity_valid_to: '1.2.2030',
    degree_before_name: 'Ing.',
    first_name: '  Jiří ',
    last_name: 'Dvořák',
    gender: 'male',
    district: 'Praha 1',
    street: 'Václavské   náměstí 1',
    city: 'Praha',
    country: 'cz',
    postcode: '11000',
    phone_number: '603 123 456',
    nationality: 'cz',
    place_of_birth: 'Brno',
    e_mail: ' Jiri.Dvorak@Example.CZ ',
    bank_account_full_number: '19-2000145399',
    bank_code: '0800',
  },
  buyout_device: { imei: '49 015420 323751 8', serial_number: ' f2lxk1a ', note: '' },
});

const romanianRequest = (): { [key: string]: Json } => ({
  device_identifier: 'galaxy-s23-black',
  appraisal_version: 1,
  device_condition_choices: [],
  customer_data: {
    personal_identification_number: RO_WOMAN,
    identity_card_number: 'rx 123456',
    identity_released_by: 'SPCEP Sector 1',
    identity_valid_to: '15-06-2029',
    degree_before_name: null,
    first_name: 'Ioana-Ștefania',
    last_name: 'Țăranu',
    gender: 'female',
    district: null,
    street: 'Strada Lipscani 10',
    city: 'București',
    country: 'RO',
    postcode: '030031',
    phone_number: '0722 123 456',
    nationality: 'RO',
    place_of_birth: 'Iași',
    e_mail: 'ioana@example.ro',
    bank_account_full_number: RO_IBAN.replace(/(.{4})/g, '$1 ').toLowerCase(),
    bank_code: '',
  },
  pickup_address: null,
  buyout_device: { imei: IMEI, note: 'Zgârietură pe spate.' },
});

/** `request` with the value at a dotted path replaced (`undefined` removes the field). */
function withField(request: { [key: string]: Json }, path: string, value: Json | undefined): { [key: string]: Json } {
  const copy = structuredClone(request);
  const keys = path.split('.');
  const last = keys.pop() ?? '';
  let target = copy;
  for (const key of keys) {
    target[key] ??= {};
    target = target[key] as { [key: string]: Json };
  }
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

/** The field errors `parseSellOnline` refuses `body` with; fails the test when it accepts it or throws anything else. */
function fieldErrors(body: unknown, context: SellOnlineContext = cz): Readonly<Record<string, readonly string[]>> {
  try {
    parseSellOnline(body, context);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    const validation = error as ValidationError;
    expect(validation.code).toBe('validation.failed');
    return { ...validation.fieldErrors };
  }
  throw new Error('expected the request to be refused');
}

describe('parseSellOnline: valid requests', () => {
  it('normalises a Czech request', () => {
    expect(parseSellOnline(czechRequest(), cz)).toEqual({
      device_identifier: 'iphone-13-midnight',
      appraisal_version: 3,
      device_condition_choices: ['display-perfect', 'body-scratched'],
      customer_data: {
        personal_identification_number: '8503151239',
        birth_date: '1985-03-15',
        identity_card_number: '123456789',
        identity_released_by: 'MěÚ Brno',
        identity_valid_to: '2030-02-01',
        degree_before_name: 'Ing.',
        first_name: 'Jiří',
        last_name: 'Dvořák',
        gender: 'male',
        district: 'Praha 1',
        street: 'Václavské náměstí 1',
        city: 'Praha',
        country: 'CZ',
        postcode: '110 00',
        phone_number: '+420603123456',
        nationality: 'CZ',
        place_of_birth: 'Brno',
        e_mail: 'jiri.dvorak@example.cz',
        bank_account_full_number: '19-2000145399',
        bank_code: '0800',
      },
      pickup_address: null,
      // The request's note stands in for the device's empty one.
      buyout_device: { imei: '490154203237518', serial_number: 'F2LXK1A', note: 'Krabička je doma.' },
    });
  });

  it('normalises a Romanian request, deriving the bank code from the IBAN', () => {
    expect(parseSellOnline(romanianRequest(), ro)).toEqual({
      device_identifier: 'galaxy-s23-black',
      appraisal_version: 1,
      device_condition_choices: [],
      customer_data: {
        personal_identification_number: RO_WOMAN,
        birth_date: '1985-03-15',
        identity_card_number: 'RX123456',
        identity_released_by: 'SPCEP Sector 1',
        identity_valid_to: '2029-06-15',
        degree_before_name: null,
        first_name: 'Ioana-Ștefania',
        last_name: 'Țăranu',
        gender: 'female',
        district: null,
        street: 'Strada Lipscani 10',
        city: 'București',
        country: 'RO',
        postcode: '030031',
        phone_number: '+40722123456',
        nationality: 'RO',
        place_of_birth: 'Iași',
        e_mail: 'ioana@example.ro',
        bank_account_full_number: RO_IBAN,
        bank_code: 'BTRL',
      },
      pickup_address: null,
      buyout_device: { imei: IMEI, serial_number: null, note: 'Zgârietură pe spate.' },
    });
  });

  it.each<[string, string, Json | undefined, Json]>([
    ['a birth number without the slash', 'customer_data.personal_identification_number', '8503151239', '8503151239'],
    ['a seller who turns 18 today', 'customer_data.personal_identification_number', MAN_18_TODAY, MAN_18_TODAY.replace('/', '')],
    ['several titles', 'customer_data.degree_before_name', 'prof.  Ing.', 'prof. Ing.'],
    ['a title of two words', 'customer_data.degree_before_name', 'Ing. arch.', 'Ing. arch.'],
    ['an empty title', 'customer_data.degree_before_name', '  ', null],
    ['no title', 'customer_data.degree_before_name', undefined, null],
    ['a card without expiry', 'customer_data.identity_valid_to', 'unlimited', null],
    ['"unlimited" in capitals', 'customer_data.identity_valid_to', 'Unlimited', null],
    ['an empty "valid to"', 'customer_data.identity_valid_to', '', null],
    ['a null "valid to"', 'customer_data.identity_valid_to', null, null],
    ['a card valid to today', 'customer_data.identity_valid_to', '01.03.2026', '2026-03-01'],
    ['a two-digit year with slashes', 'customer_data.identity_valid_to', '1/2/30', '2030-02-01'],
    ['a date with spaces after the dots', 'customer_data.identity_valid_to', '1. 2. 2030', '2030-02-01'],
    ['an old Czech card with a series', 'customer_data.identity_card_number', 'AB 123456', 'AB123456'],
    ['a name with an apostrophe', 'customer_data.last_name', "O'Brien", "O'Brien"],
    ['a double-barrelled name', 'customer_data.last_name', 'Nováková-Svobodová', 'Nováková-Svobodová'],
    ['a name in another script', 'customer_data.first_name', 'Дмитрий', 'Дмитрий'],
    ['an international phone number', 'customer_data.phone_number', '00421 912 345 678', '+421912345678'],
    ['a nationality outside the address list', 'customer_data.nationality', 'ua', 'UA'],
    ['no district', 'customer_data.district', '', null],
  ])('accepts %s', (_what, path, value, expected) => {
    const [, field = ''] = path.split('.');
    const { customer_data } = parseSellOnline(withField(czechRequest(), path, value), cz);
    expect((customer_data as unknown as Record<string, unknown>)[field]).toEqual(expected);
  });

  it('writes a Slovak postcode with its space', () => {
    const request = withField(withField(czechRequest(), 'customer_data.country', 'SK'), 'customer_data.postcode', '81101');
    expect(parseSellOnline(request, cz).customer_data.postcode).toBe('811 01');
  });

  it.each([
    ['the whole account in the account field', '19-2000145399/0800', ''],
    ['the whole account and the same code', '19 - 2000145399 / 0800', '0800'],
    ['the whole account and no code field', '19-2000145399/0800', null],
    ['an account without prefix', '123457', '0100'],
    ['a prefix of zeros', '000000-0000123457', '0100'],
  ])('accepts a Czech account given as %s', (_what, account, code) => {
    const request = withField(
      withField(czechRequest(), 'customer_data.bank_account_full_number', account),
      'customer_data.bank_code',
      code,
    );
    const { bank_account_full_number, bank_code } = parseSellOnline(request, cz).customer_data;
    expect(`${bank_account_full_number}/${bank_code}`).toBe(account.startsWith('19') ? '19-2000145399/0800' : '123457/0100');
  });

  it('keeps the device note and drops the request note when both are given', () => {
    const request = withField(czechRequest(), 'buyout_device.note', '  Displej\r\nprasklý  ');
    expect(parseSellOnline(request, cz).buyout_device.note).toBe('Displej\nprasklý');
    expect(parseSellOnline(withField(czechRequest(), 'note', undefined), cz).buyout_device.note).toBeNull();
  });

  it('reads a pickup address when one is given, and none when it is null or absent', () => {
    const request = withField(czechRequest(), 'pickup_address', {
      district: '',
      street: ' Masarykova 5 ',
      city: 'Brno',
      postcode: '602 00',
      country: 'CZ',
    });
    expect(parseSellOnline(request, cz).pickup_address).toEqual({
      district: null,
      street: 'Masarykova 5',
      city: 'Brno',
      postcode: '602 00',
      country: 'CZ',
    });
    expect(parseSellOnline(withField(czechRequest(), 'pickup_address', null), cz).pickup_address).toBeNull();
    expect(parseSellOnline(withField(czechRequest(), 'pickup_address', undefined), cz).pickup_address).toBeNull();
  });

  it('accepts a Romanian bank code that matches the IBAN, in any case', () => {
    const request = withField(romanianRequest(), 'customer_data.bank_code', ' btrl ');
    expect(parseSellOnline(request, ro).customer_data.bank_code).toBe('BTRL');
  });

  it('accepts a CNP of a foreigner (S = 9), which encodes no gender, with either gender', () => {
    const foreigner = cnp('985031570123');
    for (const gender of ['male', 'female']) {
      let request = withField(romanianRequest(), 'customer_data.personal_identification_number', foreigner);
      request = withField(request, 'customer_data.gender', gender);
      expect(parseSellOnline(request, ro).customer_data).toMatchObject({ birth_date: '1985-03-15', gender });
    }
  });
});

describe('parseSellOnline: each rule refuses under its own field', () => {
  const many = Array.from({ length: 51 }, (_, i) => `choice-${i}`);
  it.each<[string, Json | undefined, string, string[]]>([
    // The appraisal.
    ['device_identifier', '  ', 'device_identifier', ['validation.required']],
    ['device_identifier', 'x'.repeat(101), 'device_identifier', ['validation.too_long']],
    ['appraisal_version', 0, 'appraisal_version', ['validation.not_a_positive_integer']],
    ['appraisal_version', 1.5, 'appraisal_version', ['validation.not_a_positive_integer']],
    ['appraisal_version', '3', 'appraisal_version', ['validation.invalid_type']],
    ['appraisal_version', undefined, 'appraisal_version', ['validation.required']],
    ['device_condition_choices', 'display-perfect', 'device_condition_choices', ['validation.invalid_type']],
    ['device_condition_choices', undefined, 'device_condition_choices', ['validation.required']],
    ['device_condition_choices', ['ok', ' '], 'device_condition_choices.1', ['validation.required']],
    ['device_condition_choices', [7], 'device_condition_choices.0', ['validation.invalid_type']],
    ['device_condition_choices', ['x'.repeat(51)], 'device_condition_choices.0', ['validation.too_long']],
    ['device_condition_choices', many, 'device_condition_choices', ['validation.too_many_items']],
    ['note', 5, 'note', ['validation.invalid_type']],
    ['note', 'x'.repeat(1001), 'note', ['validation.too_long']],
    // The personal number and identity card.
    [
      'customer_data.personal_identification_number',
      '850315/1233',
      'customer_data.personal_identification_number',
      ['validation.birth_number_invalid'],
    ],
    [
      'customer_data.personal_identification_number',
      '851315/1234',
      'customer_data.personal_identification_number',
      ['validation.birth_number_invalid'],
    ],
    [
      'customer_data.personal_identification_number',
      RO_MAN,
      'customer_data.personal_identification_number',
      ['validation.birth_number_invalid'],
    ],
    [
      'customer_data.personal_identification_number',
      undefined,
      'customer_data.personal_identification_number',
      ['validation.required'],
    ],
    [
      'customer_data.personal_identification_number',
      BOY_17,
      'customer_data.personal_identification_number',
      ['validation.seller_not_adult'],
    ],
    [
      'customer_data.personal_identification_number',
      WOMAN_1985,
      'customer_data.gender',
      ['validation.birth_number_gender_mismatch'],
    ],
    ['customer_data.gender', 'female', 'customer_data.gender', ['validation.birth_number_gender_mismatch']],
    ['customer_data.gender', 'other', 'customer_data.gender', ['validation.invalid_value']],
    ['customer_data.gender', undefined, 'customer_data.gender', ['validation.required']],
    ['customer_data.identity_card_number', '12345', 'customer_data.identity_card_number', ['validation.identity_card_invalid']],
    ['customer_data.identity_card_number', '', 'customer_data.identity_card_number', ['validation.required']],
    ['customer_data.identity_released_by', ' ', 'customer_data.identity_released_by', ['validation.required']],
    ['customer_data.identity_valid_to', '28.02.2026', 'customer_data.identity_valid_to', ['validation.identity_card_expired']],
    ['customer_data.identity_valid_to', '2030-02-01', 'customer_data.identity_valid_to', ['validation.date_invalid']],
    ['customer_data.identity_valid_to', '29.02.2030', 'customer_data.identity_valid_to', ['validation.date_invalid']],
    ['customer_data.identity_valid_to', '1.2-2030', 'customer_data.identity_valid_to', ['validation.date_invalid']],
    ['customer_data.identity_valid_to', 'never', 'customer_data.identity_valid_to', ['validation.date_invalid']],
    // Names and titles.
    ['customer_data.degree_before_name', 'Ing', 'customer_data.degree_before_name', ['validation.title_invalid']],
    ['customer_data.degree_before_name', 'Ing.,', 'customer_data.degree_before_name', ['validation.title_invalid']],
    ['customer_data.degree_before_name', 'Ing.2', 'customer_data.degree_before_name', ['validation.title_invalid']],
    ['customer_data.degree_before_name', 'Дир.', 'customer_data.degree_before_name', ['validation.title_invalid']],
    ['customer_data.first_name', 'Jiří2', 'customer_data.first_name', ['validation.name_invalid']],
    ['customer_data.first_name', '', 'customer_data.first_name', ['validation.required']],
    ['customer_data.last_name', 'Dvořák!', 'customer_data.last_name', ['validation.name_invalid']],
    ['customer_data.last_name', '-Dvořák', 'customer_data.last_name', ['validation.name_invalid']],
    ['customer_data.last_name', 'x'.repeat(101), 'customer_data.last_name', ['validation.too_long']],
    // The address and contacts.
    ['customer_data.street', undefined, 'customer_data.street', ['validation.required']],
    ['customer_data.street', 'x'.repeat(201), 'customer_data.street', ['validation.too_long']],
    ['customer_data.street', 'Náměstí\u0000 1', 'customer_data.street', ['validation.text_characters_invalid']],
    ['customer_data.street', 'Náměstí\u202E 1', 'customer_data.street', ['validation.text_characters_invalid']],
    ['customer_data.city', 'Br\u200Bno', 'customer_data.city', ['validation.text_characters_invalid']],
    ['customer_data.place_of_birth', 'Pra\uD800ha', 'customer_data.place_of_birth', ['validation.text_characters_invalid']],
    ['customer_data.first_name', 'Ji\u2066ří', 'customer_data.first_name', ['validation.text_characters_invalid']],
    ['customer_data.city', null, 'customer_data.city', ['validation.required']],
    ['customer_data.country', 'US', 'customer_data.country', ['validation.country_not_supported']],
    ['customer_data.country', 'XX', 'customer_data.country', ['validation.country_invalid']],
    ['customer_data.country', 'CZE', 'customer_data.country', ['validation.country_invalid']],
    ['customer_data.postcode', '01000', 'customer_data.postcode', ['validation.postcode_invalid']],
    ['customer_data.postcode', '110 000', 'customer_data.postcode', ['validation.postcode_invalid']],
    ['customer_data.postcode', '', 'customer_data.postcode', ['validation.required']],
    ['customer_data.phone_number', '12345', 'customer_data.phone_number', ['validation.phone_invalid']],
    ['customer_data.phone_number', '603 123 456 ext. 5', 'customer_data.phone_number', ['validation.phone_invalid']],
    ['customer_data.e_mail', 'jiri@', 'customer_data.e_mail', ['validation.email_invalid']],
    ['customer_data.e_mail', undefined, 'customer_data.e_mail', ['validation.required']],
    ['customer_data.nationality', 'XX', 'customer_data.nationality', ['validation.country_invalid']],
    ['customer_data.nationality', 'Czech', 'customer_data.nationality', ['validation.country_invalid']],
    ['customer_data.place_of_birth', undefined, 'customer_data.place_of_birth', ['validation.required']],
    // The Czech account.
    [
      'customer_data.bank_account_full_number',
      '19-2000145398',
      'customer_data.bank_account_full_number',
      ['validation.bank_account_invalid'],
    ],
    [
      'customer_data.bank_account_full_number',
      '18-2000145399',
      'customer_data.bank_account_full_number',
      ['validation.bank_account_prefix_invalid'],
    ],
    [
      'customer_data.bank_account_full_number',
      '00',
      'customer_data.bank_account_full_number',
      ['validation.bank_account_invalid'],
    ],
    ['customer_data.bank_account_full_number', '', 'customer_data.bank_account_full_number', ['validation.required']],
    ['customer_data.bank_code', '9999', 'customer_data.bank_code', ['validation.bank_code_invalid']],
    ['customer_data.bank_code', '6100', 'customer_data.bank_code', ['validation.bank_code_invalid']],
    ['customer_data.bank_code', '', 'customer_data.bank_code', ['validation.required']],
    ['customer_data.bank_code', 800, 'customer_data.bank_code', ['validation.invalid_type']],
    // The device.
    ['buyout_device.imei', '490154203237517', 'buyout_device.imei', ['validation.imei_check_digit']],
    ['buyout_device.imei', '49015420323751', 'buyout_device.imei', ['validation.imei_invalid']],
    ['buyout_device.imei', '000000000000000', 'buyout_device.imei', ['validation.imei_not_real']],
    ['buyout_device.imei', undefined, 'buyout_device.imei', ['validation.required']],
    ['buyout_device.serial_number', 'F2L-XK1', 'buyout_device.serial_number', ['validation.serial_number_invalid']],
    ['buyout_device.serial_number', 'F2L', 'buyout_device.serial_number', ['validation.serial_number_invalid']],
    ['buyout_device.serial_number', 'F'.repeat(21), 'buyout_device.serial_number', ['validation.serial_number_invalid']],
    ['buyout_device.note', ['a'], 'buyout_device.note', ['validation.invalid_type']],
    ['buyout_device', undefined, 'buyout_device', ['validation.required']],
    ['customer_data', null, 'customer_data', ['validation.required']],
  ])('%s = %j → %s', (path, value, key, codes) => {
    expect(fieldErrors(withField(czechRequest(), path, value))).toEqual({ [key]: codes });
  });

  it('refuses a Czech account whose code differs from the bank code field, under the bank code', () => {
    const request = withField(czechRequest(), 'customer_data.bank_account_full_number', '19-2000145399/0800');
    expect(fieldErrors(withField(request, 'customer_data.bank_code', '0100'))).toEqual({
      'customer_data.bank_code': ['validation.bank_code_mismatch'],
    });
  });

  it('refuses a 17-year-old seller in both markets', () => {
    expect(fieldErrors(withField(czechRequest(), 'customer_data.personal_identification_number', BOY_17))).toEqual({
      'customer_data.personal_identification_number': ['validation.seller_not_adult'],
    });
    let request = withField(romanianRequest(), 'customer_data.personal_identification_number', RO_BOY_17);
    request = withField(request, 'customer_data.gender', 'male');
    expect(fieldErrors(request, ro)).toEqual({ 'customer_data.personal_identification_number': ['validation.seller_not_adult'] });
  });

  it.each<[string, Json | undefined, string, string[]]>([
    ['customer_data.personal_identification_number', RO_MAN, 'customer_data.gender', ['validation.cnp_gender_mismatch']],
    [
      'customer_data.personal_identification_number',
      MAN_1985,
      'customer_data.personal_identification_number',
      ['validation.cnp_invalid'],
    ],
    [
      'customer_data.identity_card_number',
      'RX 1234567890',
      'customer_data.identity_card_number',
      ['validation.identity_card_invalid'],
    ],
    ['customer_data.postcode', '03003', 'customer_data.postcode', ['validation.postcode_invalid']],
    [
      'customer_data.bank_account_full_number',
      iban('RO', 'BTRL0123456789012345').replace(/\d$/, 'X'),
      'customer_data.bank_account_full_number',
      ['validation.iban_invalid'],
    ],
    [
      'customer_data.bank_account_full_number',
      '19-2000145399',
      'customer_data.bank_account_full_number',
      ['validation.iban_invalid'],
    ],
    [
      'customer_data.bank_account_full_number',
      iban('CZ', '08000000192000145399'),
      'customer_data.bank_account_full_number',
      ['validation.iban_invalid'],
    ],
    ['customer_data.bank_code', 'RNCB', 'customer_data.bank_code', ['validation.bank_code_mismatch']],
  ])('Romanian market: %s = %j → %s', (path, value, key, codes) => {
    expect(fieldErrors(withField(romanianRequest(), path, value), ro)).toEqual({ [key]: codes });
  });

  it('checks a pickup address field by field when one is given', () => {
    const address = { street: 'Masarykova 5', city: 'Brno', postcode: '602 00', country: 'CZ' };
    const { street: _street, ...withoutStreet } = address;
    expect(fieldErrors(withField(czechRequest(), 'pickup_address', withoutStreet))).toEqual({
      'pickup_address.street': ['validation.required'],
    });
    expect(fieldErrors(withField(czechRequest(), 'pickup_address', {}))).toEqual({
      'pickup_address.street': ['validation.required'],
      'pickup_address.city': ['validation.required'],
      'pickup_address.country': ['validation.required'],
      'pickup_address.postcode': ['validation.required'],
    });
    expect(fieldErrors(withField(czechRequest(), 'pickup_address', { ...address, country: 'RO' }))).toEqual({
      'pickup_address.postcode': ['validation.postcode_invalid'],
    });
    expect(fieldErrors(withField(czechRequest(), 'pickup_address', { ...address, country: 'FR' }))).toEqual({
      'pickup_address.country': ['validation.country_not_supported'],
    });
    expect(fieldErrors(withField(czechRequest(), 'pickup_address', 'Brno'))).toEqual({
      pickup_address: ['validation.invalid_type'],
    });
  });
});

describe('parseSellOnline: the shape of the request', () => {
  it('reports every error of a request together', () => {
    let request = withField(czechRequest(), 'device_identifier', '');
    request = withField(request, 'customer_data.first_name', 'J4n');
    request = withField(request, 'customer_data.degree_before_name', 'Ing');
    request = withField(request, 'customer_data.gender', 'female');
    request = withField(request, 'customer_data.bank_code', '1234');
    request = withField(request, 'customer_data.postcode', 'abc');
    request = withField(request, 'buyout_device.imei', '123');
    request = withField(request, 'pickup_address', { street: '', city: 'Brno', postcode: '60200', country: 'CZ' });
    expect(fieldErrors(request)).toEqual({
      device_identifier: ['validation.required'],
      'customer_data.first_name': ['validation.name_invalid'],
      'customer_data.degree_before_name': ['validation.title_invalid'],
      'customer_data.gender': ['validation.birth_number_gender_mismatch'],
      'customer_data.bank_code': ['validation.bank_code_invalid'],
      'customer_data.postcode': ['validation.postcode_invalid'],
      'buyout_device.imei': ['validation.imei_invalid'],
      'pickup_address.street': ['validation.required'],
    });
  });

  it('refuses unknown fields under their paths at every level', () => {
    let request = withField(czechRequest(), 'price', 1);
    request = withField(request, 'customer_data.birth_date', '1985-03-15');
    // JSON.parse makes `__proto__` an own field, as a request body would.
    request.customer_data = { ...(request.customer_data as object), ...(JSON.parse('{"__proto__": "x"}') as object) };
    request = withField(request, 'buyout_device.color', 'red');
    request = withField(request, 'pickup_address', { street: 'A 1', city: 'Brno', postcode: '60200', country: 'CZ', zip: '1' });
    expect(fieldErrors(request)).toEqual({
      price: ['validation.unknown_field'],
      'customer_data.birth_date': ['validation.unknown_field'],
      'customer_data.__proto__': ['validation.unknown_field'],
      'buyout_device.color': ['validation.unknown_field'],
      'pickup_address.zip': ['validation.unknown_field'],
    });
  });

  it('refuses a request naming a field `constructor` without reading Object.prototype', () => {
    expect(fieldErrors(JSON.parse('{"constructor": 1}'))).toMatchObject({ constructor: ['validation.unknown_field'] });
  });

  it('gives a field error for every value of the wrong JSON type', () => {
    const request = czechRequest();
    const customer = request.customer_data as { [key: string]: Json };
    for (const key of Object.keys(customer)) customer[key] = 42;
    request.device_identifier = 7;
    request.buyout_device = { imei: 490154203237518, serial_number: true, note: {} };
    const errors = fieldErrors(request);
    expect(errors.device_identifier).toEqual(['validation.invalid_type']);
    for (const key of Object.keys(customer)) expect(errors[`customer_data.${key}`], key).toEqual(['validation.invalid_type']);
    for (const key of ['imei', 'serial_number', 'note'])
      expect(errors[`buyout_device.${key}`], key).toEqual(['validation.invalid_type']);
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'validation.required'],
    ['nothing', undefined, 'validation.required'],
    ['an array', [czechRequest()], 'validation.invalid_type'],
    ['a string', '{}', 'validation.invalid_type'],
    ['a number', 42, 'validation.invalid_type'],
  ])('refuses %s as the body', (_what, body, code) => {
    expect(fieldErrors(body)).toEqual({ _: [code] });
  });

  it('answers any JSON value in any field with a result or a ValidationError, nothing else', () => {
    const odd: Json[] = [null, true, 0, -1, 1e300, '', ' ', '\u0000', 'x'.repeat(5000), [], [null], {}, { a: [{}] }];
    const paths = [
      ...Object.keys(czechRequest()),
      ...Object.keys(czechRequest().customer_data as object).map((key) => `customer_data.${key}`),
      ...['imei', 'serial_number', 'note'].map((key) => `buyout_device.${key}`),
      ...['district', 'street', 'city', 'postcode', 'country'].map((key) => `pickup_address.${key}`),
    ];
    for (const path of paths)
      for (const value of odd)
        for (const context of [cz, ro]) {
          try {
            parseSellOnline(withField(czechRequest(), path, value), context);
          } catch (error) {
            expect(error, `${path} = ${JSON.stringify(value).slice(0, 20)}`).toBeInstanceOf(ValidationError);
          }
        }
  });

  it('answers only with message keys the catalogue has in every language', () => {
    let request = withField(czechRequest(), 'customer_data.degree_before_name', 'Ing');
    request = withField(request, 'customer_data.first_name', 'x'.repeat(101));
    request = withField(request, 'customer_data.country', 'XX');
    request = withField(request, 'customer_data.nationality', 'US');
    request = withField(
      request,
      'device_condition_choices',
      Array.from({ length: 51 }, () => 'a'),
    );
    request = withField(request, 'appraisal_version', -1);
    request = withField(request, 'buyout_device.serial_number', 'x');
    request = withField(request, 'bogus', 1);
    const codes = Object.values(fieldErrors(request)).flat();
    expect(codes.length).toBeGreaterThanOrEqual(7);
    expect(codes.filter((code) => !hasMessage(code))).toEqual([]);
  });
});
