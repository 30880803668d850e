/**
 * The seller's personal data as the sell-online request carries it (spec
 * section 3, snake_case as on the wire), after validation and normalisation.
 * It never travels in events in the clear: it is sealed with the subject's
 * key (personal-data/), and read models show it only while that key exists.
 */
export interface CustomerData {
  /** Czech market: the birth number without the slash; Romanian market: the CNP. */
  readonly personal_identification_number: string;
  /** ISO date (YYYY-MM-DD), derived from the personal number. */
  readonly birth_date: string;
  readonly identity_card_number: string;
  readonly identity_released_by: string;
  /** ISO date; null for a card without expiry ("unlimited"). */
  readonly identity_valid_to: string | null;
  readonly degree_before_name: string | null;
  readonly first_name: string;
  readonly last_name: string;
  readonly gender: 'male' | 'female';
  readonly district: string | null;
  readonly street: string;
  readonly city: string;
  /** ISO 3166-1 alpha-2 */
  readonly country: string;
  /** Normalised for its country (`110 00` in Czechia, six digits in Romania). */
  readonly postcode: string;
  /** E.164 */
  readonly phone_number: string;
  /** ISO 3166-1 alpha-2 */
  readonly nationality: string;
  readonly place_of_birth: string;
  /** Lower-cased, trimmed. */
  readonly e_mail: string;
  /** Czech market: `[prefix-]number` without the bank code; Romanian market: the IBAN. */
  readonly bank_account_full_number: string;
  /** Czech market: the four-digit ČNB bank code; Romanian market: the four letters of the IBAN's bank. */
  readonly bank_code: string;
}

/** Where the courier picks the device up when it is not the seller's own address. */
export interface PickupAddress {
  readonly district: string | null;
  readonly street: string;
  readonly city: string;
  readonly postcode: string;
  readonly country: string;
}

export interface BuyoutDeviceInput {
  /** 15 digits, Luhn-checked. */
  readonly imei: string;
  readonly serial_number: string | null;
  readonly note: string | null;
}

/** What Submitted.customer seals. The access token travels sealed, so only the customer's own e-mail ever shows it. */
export interface SellerDetails {
  readonly customer_data: CustomerData;
  readonly pickup_address: PickupAddress | null;
  /** The seller's note about the device: free text, so it may name people; sealed like the rest. */
  readonly device_note?: string | null;
  readonly access_token: string;
}

/** What OfferEmailed.contact seals. */
export interface OfferContact {
  readonly e_mail: string;
  readonly note: string | null;
  readonly access_token: string;
}
