import type { Market } from '../app/market';
import type { UiKey } from '../i18n';

/**
 * The checkout form (issue 15's `POST /api/cart/finish`): its fields, the checks made before
 * sending (the API checks again and its messages win), the request body, and where the API's
 * field errors go. Pure: the page holds the state.
 */
export interface CheckoutForm {
  readonly email: string;
  readonly phone: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly street: string;
  readonly city: string;
  readonly zip: string;
  readonly country: string;
  readonly company: string;
  readonly company_id: string;
  readonly vat_id: string;
  readonly delivery: string;
  readonly place_id: string;
  readonly place_name: string;
  readonly store_id: string;
  readonly timeslot_id: string;
  readonly delivery_street: string;
  readonly delivery_city: string;
  readonly delivery_zip: string;
  readonly payment: string;
  readonly terms: boolean;
  readonly privacy: boolean;
  readonly promotions: boolean;
  readonly create_account: boolean;
  readonly note: string;
}

export type CheckoutField = Exclude<keyof CheckoutForm, 'place_name'>;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export const emptyCheckout = (country: string): CheckoutForm => ({
  email: '',
  phone: '',
  first_name: '',
  last_name: '',
  street: '',
  city: '',
  zip: '',
  country,
  company: '',
  company_id: '',
  vat_id: '',
  delivery: '',
  place_id: '',
  place_name: '',
  store_id: '',
  timeslot_id: '',
  delivery_street: '',
  delivery_city: '',
  delivery_zip: '',
  payment: '',
  terms: false,
  privacy: false,
  promotions: false,
  create_account: false,
  note: '',
});

/** What each delivery method needs besides itself. */
export const needsPlace = (method: string) => method === 'pickup_point';
export const needsStore = (method: string) => method === 'store_pickup' || method === 'same_day_courier';
export const needsAddress = (method: string) => method === 'courier' || method === 'same_day_courier';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9]{9,15}$/;
/** Postcodes: five digits in Czechia (written "110 00" too), six in Romania. */
const ZIP: Readonly<Record<Market, RegExp>> = { cz: /^\d{3} ?\d{2}$/, ro: /^\d{6}$/ };

/** The fields in the order the page shows them (the error summary lists them so). */
export const FIELD_ORDER: readonly CheckoutField[] = [
  'email',
  'phone',
  'first_name',
  'last_name',
  'delivery',
  'place_id',
  'store_id',
  'delivery_street',
  'delivery_city',
  'delivery_zip',
  'timeslot_id',
  'payment',
  'street',
  'city',
  'zip',
  'country',
  'company',
  'company_id',
  'vat_id',
  'terms',
  'privacy',
  'note',
];

/** The checks made before sending, as text keys per field (empty: send it). */
export function validateCheckout(form: CheckoutForm, market: Market): Partial<Record<CheckoutField, UiKey>> {
  const errors: Partial<Record<CheckoutField, UiKey>> = {};
  const required = (field: CheckoutField) => {
    const value = form[field];
    if (typeof value === 'string' && value.trim() === '') errors[field] = 'cart.required';
  };
  for (const field of ['email', 'phone', 'first_name', 'last_name', 'street', 'city', 'zip', 'country'] as const) required(field);
  if (!errors.email && !EMAIL.test(form.email.trim())) errors.email = 'checkout.invalid.email';
  if (!errors.phone && !PHONE.test(form.phone.replace(/[\s()-]/g, ''))) errors.phone = 'checkout.invalid.phone';
  if (!errors.zip && form.country === (market === 'cz' ? 'CZ' : 'RO') && !ZIP[market].test(form.zip.trim()))
    errors.zip = 'checkout.invalid.zip';
  if (!form.delivery) errors.delivery = 'checkout.chooseDelivery';
  if (needsPlace(form.delivery) && !form.place_id) errors.place_id = 'checkout.choosePlace';
  if (needsStore(form.delivery) && !form.store_id) errors.store_id = 'checkout.chooseStore';
  if (needsAddress(form.delivery)) {
    for (const field of ['delivery_street', 'delivery_city', 'delivery_zip'] as const) required(field);
    if (!errors.delivery_zip && !ZIP[market].test(form.delivery_zip.trim())) errors.delivery_zip = 'checkout.invalid.zip';
    // Same-day courier's times come from the store's check, not from a list the visitor picks.
    if (form.delivery === 'courier' && !errors.delivery_zip && !form.timeslot_id) errors.timeslot_id = 'checkout.chooseTimeslot';
  }
  if (form.delivery && !form.payment) errors.payment = 'checkout.choosePayment';
  if (!form.terms) errors.terms = 'checkout.consentRequired';
  if (!form.privacy) errors.privacy = 'checkout.consentRequired';
  return errors;
}

const trimmed = (value: string) => value.trim();
const optional = (name: string, value: string) => (value.trim() ? { [name]: value.trim() } : {});

/** POST /api/cart/finish's body, as pinned between the storefront and the checkout. */
export function finishRequest(form: CheckoutForm, expectedTotal?: number): Record<string, unknown> {
  const method = form.delivery;
  return {
    customer: {
      email: trimmed(form.email),
      phone: form.phone.replace(/[\s()-]/g, ''),
      first_name: trimmed(form.first_name),
      last_name: trimmed(form.last_name),
    },
    billing_address: {
      street: trimmed(form.street),
      city: trimmed(form.city),
      zip: trimmed(form.zip),
      country: form.country,
      ...optional('company', form.company),
      ...optional('company_id', form.company_id),
      ...optional('vat_id', form.vat_id),
    },
    ...(needsAddress(method)
      ? {
          delivery_address: {
            street: trimmed(form.delivery_street),
            city: trimmed(form.delivery_city),
            zip: trimmed(form.delivery_zip),
            country: form.country,
          },
        }
      : {}),
    delivery: {
      method,
      ...(needsPlace(method) ? { place_id: form.place_id } : {}),
      ...(needsStore(method) ? { store_id: form.store_id } : {}),
      ...(needsAddress(method) && form.timeslot_id ? { timeslot_id: form.timeslot_id } : {}),
    },
    payment: { method: form.payment },
    order_info: {
      consents: { terms: form.terms, privacy: form.privacy },
      create_account: form.create_account,
      subscribe_promotions_info: form.promotions,
      ...optional('note', form.note),
    },
    ...(expectedTotal === undefined ? {} : { expected_total: expectedTotal }),
  };
}

/** The form's field an API error path names (`customer.email`, `delivery.place_id`, `order_info.consents.terms`). */
export function fieldOfPath(path: string): CheckoutField | null {
  const parts = path.split('.');
  const [head, second, third] = parts;
  const last = parts[parts.length - 1] ?? '';
  switch (head) {
    case 'customer':
      return second === 'email' || second === 'phone' || second === 'first_name' || second === 'last_name' ? second : null;
    case 'billing_address':
      return second && ['street', 'city', 'zip', 'country', 'company', 'company_id', 'vat_id'].includes(second)
        ? (second as CheckoutField)
        : 'street';
    case 'delivery_address':
      return second === 'street' || second === 'city' || second === 'zip' ? `delivery_${second}` : 'delivery_street';
    case 'delivery':
    case 'place_id':
    case 'store_id':
    case 'timeslot_id':
      if (last === 'place_id' || last === 'store_id' || last === 'timeslot_id') return last;
      return 'delivery';
    case 'payment':
      return 'payment';
    case 'order_info':
      if (second === 'consents') return third === 'privacy' ? 'privacy' : 'terms';
      return second === 'note' ? 'note' : null;
    default:
      return null;
  }
}

/** The API's translated field messages placed under the form's fields; what fits no field stays general. */
export function placeProblemMessages(messages: Readonly<Record<string, readonly string[]>>): {
  fields: CheckoutErrors;
  general: string[];
} {
  const fields: Partial<Record<CheckoutField, string>> = {};
  const general: string[] = [];
  for (const [path, texts] of Object.entries(messages)) {
    const field = fieldOfPath(path);
    const text = texts[0];
    if (!text) continue;
    if (field && !fields[field]) fields[field] = text;
    else if (!field) general.push(text);
  }
  return { fields, general };
}

/**
 * One Idempotency-Key per checkout attempt: a double click or a retry of the same body sends the
 * same key (the same order), a changed body a new one (the API would refuse the old key with 422).
 */
export function attemptKey(
  stored: { key: string; body: string } | null,
  body: string,
  fresh: () => string,
): { key: string; body: string } {
  return stored && stored.body === body ? stored : { key: fresh(), body };
}
