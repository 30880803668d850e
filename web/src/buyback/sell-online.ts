/**
 * The sell-online form: its client-side field names (spec section 5) and how they map onto the
 * API's request (`customer_data.*`, `pickup_address.*`, `buyout_device.*`) and back, so each
 * server message lands under its field.
 */
export const DEVICE_FIELDS = { imei: 'imei', serialNumber: 'serial_number', note: 'note' } as const;

export const CUSTOMER_FIELDS = {
  birthNumber: 'personal_identification_number',
  identityCardNumber: 'identity_card_number',
  identityReleasedBy: 'identity_released_by',
  identityValidTo: 'identity_valid_to',
  titleBeforeName: 'degree_before_name',
  firstName: 'first_name',
  lastName: 'last_name',
  gender: 'gender',
  district: 'district',
  street: 'street',
  city: 'city',
  country: 'country',
  postcode: 'postcode',
  phoneNumber: 'phone_number',
  nationality: 'nationality',
  placeOfBirth: 'place_of_birth',
  email: 'e_mail',
  bankAccountNumber: 'bank_account_full_number',
  bankCode: 'bank_code',
} as const;

export const PICKUP_FIELDS = {
  altDistrict: 'district',
  altStreet: 'street',
  altCity: 'city',
  altPostcode: 'postcode',
  altCountry: 'country',
} as const;

export type TextField = keyof typeof DEVICE_FIELDS | keyof typeof CUSTOMER_FIELDS | keyof typeof PICKUP_FIELDS;

export type SellOnlineForm = Record<TextField, string> & { pickupAltAddress: boolean };

/** The fields in the order the form shows them: the error summary lists the wrong ones in this order. */
export const FORM_ORDER = [
  'imei',
  'serialNumber',
  'note',
  'titleBeforeName',
  'firstName',
  'lastName',
  'gender',
  'birthNumber',
  'placeOfBirth',
  'nationality',
  'identityCardNumber',
  'identityReleasedBy',
  'identityValidTo',
  'street',
  'city',
  'district',
  'postcode',
  'country',
  'email',
  'phoneNumber',
  'bankAccountNumber',
  'bankCode',
  'altStreet',
  'altCity',
  'altDistrict',
  'altPostcode',
  'altCountry',
] as const satisfies readonly TextField[];

/** The wrong fields in the form's order, each with its input's id (`field-<name>`) for the summary's links. */
export function summaryOf(
  errors: Readonly<Partial<Record<TextField, string>>>,
  labelOf: (field: TextField) => string,
): { id: string; label: string; message: string }[] {
  return FORM_ORDER.flatMap((field) => {
    const message = errors[field];
    return message ? [{ id: `field-${field}`, label: labelOf(field), message }] : [];
  });
}

/** Optional fields: sent as null when empty. */
const OPTIONAL: ReadonlySet<TextField> = new Set([
  'serialNumber',
  'note',
  'titleBeforeName',
  'district',
  'identityValidTo',
  'bankCode',
  'altDistrict',
]);

export function emptyForm(defaultCountry: string): SellOnlineForm {
  const form = {} as Record<TextField, string>;
  for (const key of [...Object.keys(DEVICE_FIELDS), ...Object.keys(CUSTOMER_FIELDS), ...Object.keys(PICKUP_FIELDS)])
    form[key as TextField] = '';
  form.country = defaultCountry;
  form.nationality = defaultCountry;
  form.altCountry = defaultCountry;
  return { ...form, pickupAltAddress: false };
}

const value = (form: SellOnlineForm, key: TextField): string | null => {
  const text = form[key].trim();
  return text === '' && OPTIONAL.has(key) ? null : text;
};

export interface AppraisalFields {
  readonly device_identifier: string;
  readonly appraisal_version: number;
  readonly device_condition_choices: readonly string[];
}

/** The POST /api/buyout/sell-online body. */
export function sellOnlineRequest(form: SellOnlineForm, appraisal: AppraisalFields) {
  const section = <K extends TextField>(fields: Readonly<Partial<Record<K, string>>>) =>
    Object.fromEntries(Object.entries(fields).map(([client, server]) => [server, value(form, client as K)]));
  return {
    ...appraisal,
    customer_data: section(CUSTOMER_FIELDS),
    pickup_address: form.pickupAltAddress ? section(PICKUP_FIELDS) : null,
    buyout_device: section(DEVICE_FIELDS),
  };
}

const serverToClient: ReadonlyMap<string, TextField> = new Map([
  ...Object.entries(DEVICE_FIELDS).map(([client, server]) => [`buyout_device.${server}`, client as TextField] as const),
  ...Object.entries(CUSTOMER_FIELDS).map(([client, server]) => [`customer_data.${server}`, client as TextField] as const),
  ...Object.entries(PICKUP_FIELDS).map(([client, server]) => [`pickup_address.${server}`, client as TextField] as const),
  ['note', 'note'],
]);

/**
 * The server's messages (problem+json `messages`, keyed like the request) under the form's
 * fields; whatever names no field (the appraisal, the whole request) is returned as `general`.
 */
export function fieldErrors(messages: Readonly<Record<string, readonly string[]>>): {
  fields: Partial<Record<TextField, string>>;
  general: string[];
} {
  const fields: Partial<Record<TextField, string>> = {};
  const general: string[] = [];
  for (const [key, list] of Object.entries(messages)) {
    const field = serverToClient.get(key);
    const text = list.join(' ');
    if (field) fields[field] = fields[field] ? `${fields[field]} ${text}` : text;
    else general.push(text);
  }
  return { fields, general };
}
