import type { DeliveryMethod } from '@buyloop/contracts/delivery/port';
import { PAYMENT_METHODS, type PaymentMethod } from '@buyloop/contracts/payments/port';
import type { Language } from '@buyloop/i18n';
import { currencyOf, type Currency, type Market } from '@buyloop/kit';

/**
 * Payments by delivery (spec 7 payments_by_delivery). Cash is collected by
 * whoever hands the parcel over, so cash on delivery goes only with a courier
 * or a pickup point; an electronic licence is paid before it is sent, by card
 * or transfer. Fees are whole CZK / lei with VAT: only cash on delivery costs
 * something (the carrier's cash handling), 39 Kč or 9 lei.
 */
const ALLOWED: Readonly<Record<DeliveryMethod, readonly PaymentMethod[]>> = {
  store_pickup: ['card', 'google_pay', 'apple_pay', 'bank_transfer'],
  pickup_point: ['card', 'google_pay', 'apple_pay', 'bank_transfer', 'cash_on_delivery'],
  courier: ['card', 'google_pay', 'apple_pay', 'bank_transfer', 'cash_on_delivery'],
  same_day_courier: ['card', 'google_pay', 'apple_pay', 'bank_transfer'],
  electronic: ['card', 'bank_transfer'],
};

const FEES: Readonly<Record<Market, Readonly<Record<PaymentMethod, number>>>> = {
  cz: { card: 0, google_pay: 0, apple_pay: 0, bank_transfer: 0, cash_on_delivery: 39 },
  ro: { card: 0, google_pay: 0, apple_pay: 0, bank_transfer: 0, cash_on_delivery: 9 },
};

const NAMES: Readonly<Record<PaymentMethod, Readonly<Record<Language, string>>>> = {
  card: { cs: 'Platební karta', ro: 'Card bancar', en: 'Payment card' },
  google_pay: { cs: 'Google Pay', ro: 'Google Pay', en: 'Google Pay' },
  apple_pay: { cs: 'Apple Pay', ro: 'Apple Pay', en: 'Apple Pay' },
  bank_transfer: { cs: 'Bankovní převod', ro: 'Transfer bancar', en: 'Bank transfer' },
  cash_on_delivery: { cs: 'Dobírka', ro: 'Ramburs', en: 'Cash on delivery' },
};

export interface PaymentMethodOffer {
  readonly code: PaymentMethod;
  readonly name: string;
  readonly fee: number;
  readonly currency: Currency;
  readonly available: boolean;
}

export const isPaymentMethod = (value: string): value is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(value);

export const methodName = (method: PaymentMethod, language: Language): string => NAMES[method][language];

/** Every method, in the order the checkout lists them, each with whether it goes with this delivery. */
export function paymentMethodsFor(delivery: DeliveryMethod, market: Market, language: Language): PaymentMethodOffer[] {
  return PAYMENT_METHODS.map((code) => ({
    code,
    name: NAMES[code][language],
    fee: FEES[market][code],
    currency: currencyOf(market),
    available: ALLOWED[delivery].includes(code),
  }));
}

/** The method with its fee when it goes with the delivery; null otherwise (an unknown delivery included). */
export function methodFor(method: string, delivery: string, market: Market): { method: PaymentMethod; fee: number } | null {
  if (!isPaymentMethod(method) || !Object.hasOwn(ALLOWED, delivery)) return null;
  return ALLOWED[delivery as DeliveryMethod].includes(method) ? { method, fee: FEES[market][method] } : null;
}
