/**
 * The discount form (spec 5): a code, or an ISIC card whose number and holder's name are both
 * required. Pure: the page turns the answer into the request or the fields' errors.
 */
export type DiscountKind = 'code' | 'isic';

export interface DiscountForm {
  readonly kind: DiscountKind;
  readonly code: string;
  readonly card_number: string;
  readonly card_holder: string;
}

export type DiscountField = 'code' | 'card_number' | 'card_holder';

export type DiscountRequest = { readonly code: string } | { readonly card_number: string; readonly card_holder: string };

export type DiscountCheck =
  { readonly ok: true; readonly request: DiscountRequest } | { readonly ok: false; readonly missing: readonly DiscountField[] };

export const emptyDiscount: DiscountForm = { kind: 'code', code: '', card_number: '', card_holder: '' };

export function discountRequest(form: DiscountForm): DiscountCheck {
  if (form.kind === 'code') {
    const code = form.code.trim();
    return code ? { ok: true, request: { code } } : { ok: false, missing: ['code'] };
  }
  // Card numbers are printed in groups; the API gets the digits and letters only.
  const number = form.card_number.replace(/\s+/g, '').trim();
  const holder = form.card_holder.trim().replace(/\s+/g, ' ');
  const missing: DiscountField[] = [];
  if (!number) missing.push('card_number');
  if (!holder) missing.push('card_holder');
  return missing.length > 0 ? { ok: false, missing } : { ok: true, request: { card_number: number, card_holder: holder } };
}
