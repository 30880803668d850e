import { ValidationError, type Market } from '@buyloop/kit';
import {
  BANK_CODE_INVALID,
  checkBirthNumber,
  checkCnp,
  checkCzechBankAccount,
  checkEmail,
  checkIban,
  checkIdentityCard,
  checkImei,
  checkPhone,
  checkPostcode,
  checkText,
  checkValidTo,
  normaliseEmail,
  normaliseImei,
  normalisePostcode,
  parseDateInput,
  UNLIMITED_VALIDITY,
  type Gender,
} from '@buyloop/validation';
import type { BuyoutDeviceInput, CustomerData, PickupAddress } from './customer-data';

/**
 * The sell-online request (product spec section 3) read into the seller's data: every field
 * checked, normalised and typed, or one ValidationError naming every field that is wrong, keyed
 * by its path in the request (`customer_data.bank_code`, `pickup_address.street`) so the form can
 * show each message under its field (spec section 5).
 *
 * The fields are read by hand rather than through a zod schema and `parseInput`: many rules
 * depend on other fields (the postcode on the country, the gender on the personal number, the
 * bank code on the account) and all of them must be reported in one answer, including those of
 * fields beside one with the wrong type, which zod's object refinements would skip.
 */
export interface SellOnlineInput {
  device_identifier: string;
  appraisal_version: number;
  device_condition_choices: string[];
  customer_data: CustomerData;
  pickup_address: PickupAddress | null;
  buyout_device: BuyoutDeviceInput;
}

export interface SellOnlineContext {
  readonly market: Market;
  /** The shop's calendar day: the seller's age and the identity card's expiry are counted to it. */
  readonly today: Date;
}

/** Countries a seller's or pickup address may be in: where the courier collects and the payout reaches. */
export const ADDRESS_COUNTRIES: ReadonlySet<string> = new Set(['CZ', 'SK', 'RO', 'PL', 'DE', 'AT', 'HU', 'MD', 'BG']);

/**
 * ISO 3166-1 alpha-2 codes officially assigned, plus XK: Kosovo is not in ISO 3166 but its
 * citizens carry passports with that code, and EU documents use it, so a nationality may be XK.
 */
const COUNTRY_CODES: ReadonlySet<string> = new Set(
  [
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ',
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR',
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP',
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT',
    'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW',
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG',
    'UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW',
  ]
    .join(' ')
    .split(' '),
);

/** Longest texts we store; longer ones are refused rather than cut, so nobody's name is silently shortened. */
const MAX = {
  identifier: 100,
  choice: 50,
  choices: 50,
  note: 1000,
  name: 100,
  title: 50,
  street: 200,
  place: 100,
  personalNumber: 20,
  identityCard: 20,
  date: 20,
  postcode: 20,
  country: 60,
  gender: 20,
  phone: 40,
  email: 254,
  bankAccount: 50,
  bankCode: 10,
  imei: 40,
  serialNumber: 40,
} as const;

/**
 * Academic titles before a name: Latin letters ending with a dot, several joined by a dot
 * and/or a space ('Ing.', 'prof. Ing.', 'Ing. arch.', 'Mgr. et Mgr.'). Each separator must be
 * non-empty, so the pattern cannot backtrack badly.
 */
const TITLE = /^[A-Za-z]+(?:(?:\. ?| )[A-Za-z]+)*\.$/;
/** Letters of any script (with combining marks), words joined by spaces, hyphens or apostrophes. */
const NAME = /^[\p{L}\p{M}]+(?:[ '’-]+[\p{L}\p{M}]+)*$/u;
const SERIAL_NUMBER = /^[A-Z0-9]{5,20}$/;

/** Keys the personal-number checks give when the number disagrees with the form's gender: shown under the gender. */
const GENDER_MISMATCH: ReadonlySet<string> = new Set([
  'validation.birth_number_gender_mismatch',
  'validation.cnp_gender_mismatch',
]);

type Fields = Readonly<Record<string, unknown>>;

const pathOf = (parent: string, key: string): string => (parent ? `${parent}.${key}` : key);

/** A field's value only when the object has it itself: a request naming `constructor` must not reach Object's. */
export const fieldOf = (fields: Fields, key: string): unknown => (Object.hasOwn(fields, key) ? fields[key] : undefined);

interface TextRule {
  readonly max: number;
  /** Keeps line breaks (a note); other texts have every run of whitespace made one space. */
  readonly multiline?: boolean;
}

/**
 * Reads a request field by field, collecting what is wrong under each field's path. Readers
 * return a placeholder for a wrong field and carry on, so one answer reports every field; the
 * caller then throws `failure()` when anything `failed`, before any placeholder can be used.
 */
export class RequestReader {
  // No prototype: the keys are paths from the request, and a request may name `__proto__`.
  private readonly errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;

  add(path: string, code: string): void {
    const list = (this.errors[path || '_'] ??= []);
    if (!list.includes(code)) list.push(code);
  }

  has(path: string): boolean {
    return this.errors[path || '_'] !== undefined;
  }

  /** The object at `path`, refusing every key not in `allowed`; undefined (with the error recorded) when it is no object. */
  object(path: string, value: unknown, allowed: readonly string[]): Fields | undefined {
    if (value === undefined || value === null) {
      this.add(path, 'validation.required');
      return undefined;
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      this.add(path, 'validation.invalid_type');
      return undefined;
    }
    for (const key of Object.keys(value)) if (!allowed.includes(key)) this.add(pathOf(path, key), 'validation.unknown_field');
    return value as Fields;
  }

  /** A text trimmed (and NFC-normalised), or null when absent, null or blank. */
  optionalText(path: string, value: unknown, rule: TextRule): string | null {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') {
      this.add(path, 'validation.invalid_type');
      return null;
    }
    const typed = value.normalize('NFC').trim();
    // The one text rule every route applies (shared/validation), on the text as typed: a line break in a
    // one-line field is refused like any other control character, not quietly made a space.
    const unsafe = checkText(typed, { multiline: rule.multiline === true });
    if (unsafe.length > 0) {
      unsafe.forEach((code) => this.add(path, code));
      return null;
    }
    const text = rule.multiline ? typed.replace(/\r\n?/g, '\n') : typed.replace(/\s+/g, ' ');
    if (text === '') return null;
    // Counted in code points, as a person counts characters, not in UTF-16 units.
    if ([...text].length > rule.max) {
      this.add(path, 'validation.too_long');
      return null;
    }
    return text;
  }

  /** Like `optionalText`, but an absent or blank value is refused; '' stands in for a wrong one. */
  text(path: string, value: unknown, rule: TextRule): string {
    const text = this.optionalText(path, value, rule);
    if (text === null && !this.has(path)) this.add(path, 'validation.required');
    return text ?? '';
  }

  get failed(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  /** The one error that refuses the request with everything collected. */
  failure(): ValidationError {
    return new ValidationError('validation.failed', this.errors, 'The request is not valid');
  }
}

/** The appraisal part shared by the sell-online and send-to-e-mail requests. */
export interface AppraisalFields {
  device_identifier: string;
  appraisal_version: number;
  device_condition_choices: string[];
  note: string | null;
}

/** Reads device_identifier, appraisal_version, device_condition_choices and note of a request body. */
export function readAppraisalFields(reader: RequestReader, body: Fields): AppraisalFields {
  const device_identifier = reader.text('device_identifier', fieldOf(body, 'device_identifier'), { max: MAX.identifier });

  let appraisal_version = 0;
  const version = fieldOf(body, 'appraisal_version');
  if (version === undefined || version === null) reader.add('appraisal_version', 'validation.required');
  else if (typeof version !== 'number') reader.add('appraisal_version', 'validation.invalid_type');
  else if (!Number.isSafeInteger(version) || version < 1) reader.add('appraisal_version', 'validation.not_a_positive_integer');
  else appraisal_version = version;

  const device_condition_choices: string[] = [];
  const choices = fieldOf(body, 'device_condition_choices');
  if (choices === undefined || choices === null) reader.add('device_condition_choices', 'validation.required');
  else if (!Array.isArray(choices)) reader.add('device_condition_choices', 'validation.invalid_type');
  else if (choices.length > MAX.choices) reader.add('device_condition_choices', 'validation.too_many_items');
  else
    choices.forEach((choice: unknown, index) => {
      device_condition_choices.push(reader.text(`device_condition_choices.${index}`, choice, { max: MAX.choice }));
    });

  const note = reader.optionalText('note', fieldOf(body, 'note'), { max: MAX.note, multiline: true });
  return { device_identifier, appraisal_version, device_condition_choices, note };
}

/** An e-mail address checked and normalised (trimmed, lower-cased). */
export function readEmail(reader: RequestReader, path: string, value: unknown): string {
  const text = reader.text(path, value, { max: MAX.email });
  if (text !== '') checkEmail(text).forEach((code) => reader.add(path, code));
  return normaliseEmail(text);
}

/** An ISO 3166-1 alpha-2 code upper-cased; with `supported`, it must also be one of those. */
function readCountry(reader: RequestReader, path: string, value: unknown, supported?: ReadonlySet<string>): string {
  const text = reader.text(path, value, { max: MAX.country }).toUpperCase();
  if (text === '') return '';
  if (!COUNTRY_CODES.has(text)) reader.add(path, 'validation.country_invalid');
  else if (supported && !supported.has(text)) reader.add(path, 'validation.country_not_supported');
  return text;
}

/** The address fields the seller's data and a pickup address share; `path` is the object's own. */
function readAddress(reader: RequestReader, path: string, fields: Fields): PickupAddress {
  const at = (key: string) => pathOf(path, key);
  const district = reader.optionalText(at('district'), fieldOf(fields, 'district'), { max: MAX.place });
  const street = reader.text(at('street'), fieldOf(fields, 'street'), { max: MAX.street });
  const city = reader.text(at('city'), fieldOf(fields, 'city'), { max: MAX.place });
  const country = readCountry(reader, at('country'), fieldOf(fields, 'country'), ADDRESS_COUNTRIES);
  const postcodeText = reader.text(at('postcode'), fieldOf(fields, 'postcode'), { max: MAX.postcode });
  let postcode = postcodeText;
  // A postcode's shape depends on its country; with no valid country there is nothing to check it against.
  if (postcodeText !== '' && country !== '' && !reader.has(at('country'))) {
    const errors = checkPostcode(postcodeText, country);
    errors.forEach((code) => reader.add(at('postcode'), code));
    if (errors.length === 0) postcode = normalisePostcode(postcodeText, country);
  }
  return { district, street, city, postcode, country };
}

function readGender(reader: RequestReader, path: string, value: unknown): Gender | undefined {
  const text = reader.text(path, value, { max: MAX.gender }).toLowerCase();
  if (text === 'male' || text === 'female') return text;
  if (text !== '') reader.add(path, 'validation.invalid_value');
  return undefined;
}

/**
 * The birth number (Czech market, stored without the slash) or CNP (Romanian market) and the
 * birth date it encodes. The gender it encodes must agree with the form's (reported under the
 * gender), and the seller must be 18 or older.
 */
function readPersonalNumber(
  reader: RequestReader,
  value: unknown,
  gender: Gender | undefined,
  context: SellOnlineContext,
): { number: string; birthDate: string } {
  const path = 'customer_data.personal_identification_number';
  const text = reader.text(path, value, { max: MAX.personalNumber });
  if (text === '') return { number: '', birthDate: '' };
  const options = { today: context.today, requireAdult: true, ...(gender ? { gender } : {}) };
  const check = context.market === 'cz' ? checkBirthNumber(text, options) : checkCnp(text, options);
  if (!check.ok) {
    for (const code of check.errors) reader.add(GENDER_MISMATCH.has(code) ? 'customer_data.gender' : path, code);
    return { number: '', birthDate: '' };
  }
  return { number: check.normalised.replace('/', ''), birthDate: check.birthDate };
}

/** A card's "valid to" as an ISO date, or null for a card without expiry (empty, null or 'unlimited'). */
function readValidTo(reader: RequestReader, path: string, value: unknown, today: Date): string | null {
  const text = reader.optionalText(path, value, { max: MAX.date });
  if (text === null || text.toLowerCase() === UNLIMITED_VALIDITY) return null;
  const date = parseDateInput(text, today);
  if (!date.ok) {
    date.errors.forEach((code) => reader.add(path, code));
    return null;
  }
  checkValidTo(date.iso, today).forEach((code) => reader.add(path, code));
  return date.iso;
}

/**
 * The payout account. Czech market: `[prefix-]number` and the ČNB bank code, which may also be
 * typed whole into the account field ('19-2000145399/0800') when the code field is empty or
 * says the same. Romanian market: an RO IBAN, whose bank code is derived from it.
 */
function readBankAccount(
  reader: RequestReader,
  fields: Fields,
  market: Market,
): { bank_account_full_number: string; bank_code: string } {
  const accountPath = 'customer_data.bank_account_full_number';
  const codePath = 'customer_data.bank_code';
  const account = reader.text(accountPath, fieldOf(fields, 'bank_account_full_number'), { max: MAX.bankAccount });
  const code = reader.optionalText(codePath, fieldOf(fields, 'bank_code'), { max: MAX.bankCode })?.replace(/\s+/g, '') ?? null;
  const none = { bank_account_full_number: '', bank_code: '' };
  if (account === '') return none;

  if (market === 'ro') {
    const check = checkIban(account, { country: 'RO' });
    if (!check.ok) {
      check.errors.forEach((error) => reader.add(accountPath, error));
      return none;
    }
    if (code !== null && code.toUpperCase() !== check.bankCode) reader.add(codePath, 'validation.bank_code_mismatch');
    return { bank_account_full_number: check.iban, bank_code: check.bankCode };
  }

  const compact = account.replace(/\s+/g, '');
  const slash = compact.indexOf('/');
  const accountPart = slash < 0 ? compact : compact.slice(0, slash);
  let bankCode: string;
  if (slash >= 0) {
    bankCode = compact.slice(slash + 1);
    if (code !== null && code !== bankCode) reader.add(codePath, 'validation.bank_code_mismatch');
  } else {
    if (code === null && !reader.has(codePath)) reader.add(codePath, 'validation.required');
    bankCode = code ?? '';
  }
  const check = checkCzechBankAccount(`${accountPart}/${bankCode}`);
  if (!check.ok) {
    for (const error of check.errors) {
      // A code already refused (missing, mismatched, wrong type) needs no second message.
      if (error !== BANK_CODE_INVALID) reader.add(accountPath, error);
      else if (!reader.has(codePath)) reader.add(codePath, error);
    }
    return none;
  }
  return { bank_account_full_number: check.prefix ? `${check.prefix}-${check.number}` : check.number, bank_code: check.bankCode };
}

const CUSTOMER_DATA_FIELDS = [
  'personal_identification_number',
  'identity_card_number',
  'identity_released_by',
  'identity_valid_to',
  'degree_before_name',
  'first_name',
  'last_name',
  'gender',
  'district',
  'street',
  'city',
  'country',
  'postcode',
  'phone_number',
  'nationality',
  'place_of_birth',
  'e_mail',
  'bank_account_full_number',
  'bank_code',
] as const;

function readCustomerData(reader: RequestReader, value: unknown, context: SellOnlineContext): CustomerData | undefined {
  const fields = reader.object('customer_data', value, CUSTOMER_DATA_FIELDS);
  if (!fields) return undefined;
  const at = (key: (typeof CUSTOMER_DATA_FIELDS)[number]) => `customer_data.${key}`;
  const text = (key: (typeof CUSTOMER_DATA_FIELDS)[number], max: number) => reader.text(at(key), fieldOf(fields, key), { max });

  const gender = readGender(reader, at('gender'), fieldOf(fields, 'gender'));
  const personal = readPersonalNumber(reader, fieldOf(fields, 'personal_identification_number'), gender, context);

  const cardText = text('identity_card_number', MAX.identityCard);
  let identity_card_number = cardText;
  if (cardText !== '') {
    // Old Czech cards (6 digits and a series) pass with a review flag for staff; the form has nowhere to show it.
    const card = checkIdentityCard(cardText, { country: context.market === 'cz' ? 'CZ' : 'RO', today: context.today });
    if (card.ok) identity_card_number = card.normalised;
    else card.errors.forEach((code) => reader.add(at('identity_card_number'), code));
  }
  const identity_released_by = text('identity_released_by', MAX.place);
  const identity_valid_to = readValidTo(reader, at('identity_valid_to'), fieldOf(fields, 'identity_valid_to'), context.today);

  const degree_before_name = reader.optionalText(at('degree_before_name'), fieldOf(fields, 'degree_before_name'), {
    max: MAX.title,
  });
  if (degree_before_name !== null && !TITLE.test(degree_before_name))
    reader.add(at('degree_before_name'), 'validation.title_invalid');
  const first_name = text('first_name', MAX.name);
  if (first_name !== '' && !NAME.test(first_name)) reader.add(at('first_name'), 'validation.name_invalid');
  const last_name = text('last_name', MAX.name);
  if (last_name !== '' && !NAME.test(last_name)) reader.add(at('last_name'), 'validation.name_invalid');

  const address = readAddress(reader, 'customer_data', fields);

  const phoneText = text('phone_number', MAX.phone);
  let phone_number = '';
  if (phoneText !== '') {
    const phone = checkPhone(phoneText, context.market);
    if (phone.ok) phone_number = phone.e164;
    else reader.add(at('phone_number'), phone.error);
  }

  const e_mail = readEmail(reader, at('e_mail'), fieldOf(fields, 'e_mail'));

  const nationality = readCountry(reader, at('nationality'), fieldOf(fields, 'nationality'));
  const place_of_birth = text('place_of_birth', MAX.place);
  const bank = readBankAccount(reader, fields, context.market);

  return {
    personal_identification_number: personal.number,
    birth_date: personal.birthDate,
    identity_card_number,
    identity_released_by,
    identity_valid_to,
    degree_before_name,
    first_name,
    last_name,
    gender: gender ?? 'male',
    ...address,
    phone_number,
    nationality,
    place_of_birth,
    e_mail,
    ...bank,
  };
}

function readPickupAddress(reader: RequestReader, value: unknown): PickupAddress | null {
  // Only an alternative pickup address is sent; without one the courier comes to the seller's address.
  if (value === undefined || value === null) return null;
  const fields = reader.object('pickup_address', value, ['district', 'street', 'city', 'postcode', 'country']);
  return fields ? readAddress(reader, 'pickup_address', fields) : null;
}

function readBuyoutDevice(reader: RequestReader, value: unknown, requestNote: string | null): BuyoutDeviceInput | undefined {
  const fields = reader.object('buyout_device', value, ['imei', 'serial_number', 'note']);
  if (!fields) return undefined;
  const imeiText = reader.text('buyout_device.imei', fieldOf(fields, 'imei'), { max: MAX.imei });
  if (imeiText !== '') checkImei(imeiText).forEach((code) => reader.add('buyout_device.imei', code));

  const serialText = reader.optionalText('buyout_device.serial_number', fieldOf(fields, 'serial_number'), {
    max: MAX.serialNumber,
  });
  const serial_number = serialText === null ? null : serialText.replace(/\s+/g, '').toUpperCase();
  if (serial_number !== null && !SERIAL_NUMBER.test(serial_number))
    reader.add('buyout_device.serial_number', 'validation.serial_number_invalid');

  const note = reader.optionalText('buyout_device.note', fieldOf(fields, 'note'), { max: MAX.note, multiline: true });
  return { imei: normaliseImei(imeiText), serial_number, note: note ?? requestNote };
}

const SELL_ONLINE_FIELDS = [
  'device_identifier',
  'appraisal_version',
  'device_condition_choices',
  'note',
  'customer_data',
  'pickup_address',
  'buyout_device',
] as const;

/**
 * The sell-online request checked and normalised for `context.market`, or a ValidationError
 * ('validation.failed') with every field error of the request. Never throws anything else,
 * whatever JSON it is given.
 */
export function parseSellOnline(body: unknown, context: SellOnlineContext): SellOnlineInput {
  const reader = new RequestReader();
  const fields = reader.object('', body, SELL_ONLINE_FIELDS);
  if (!fields) throw reader.failure();
  const appraisal = readAppraisalFields(reader, fields);
  const customer_data = readCustomerData(reader, fieldOf(fields, 'customer_data'), context);
  const pickup_address = readPickupAddress(reader, fieldOf(fields, 'pickup_address'));
  const buyout_device = readBuyoutDevice(reader, fieldOf(fields, 'buyout_device'), appraisal.note);
  // A missing customer_data or buyout_device has been recorded as an error too.
  if (reader.failed || !customer_data || !buyout_device) throw reader.failure();
  return {
    device_identifier: appraisal.device_identifier,
    appraisal_version: appraisal.appraisal_version,
    device_condition_choices: appraisal.device_condition_choices,
    customer_data,
    pickup_address,
    buyout_device,
  };
}
