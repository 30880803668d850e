import { DISCOUNT_ERROR_CODES } from '@buyloop/contracts/cart/discounts';
import { NotFound } from '@buyloop/kit';
import type { CartEvent } from '../events';
import { assertOpen, type CartState } from '../state';

/** Spec 7's remove_product_discount: a code the cart holds (`ISIC` for the card) is taken off. */
export interface RemoveDiscountCode {
  readonly type: 'RemoveDiscountCode';
  readonly code: string;
  readonly at: string;
}

export function removeDiscountCode(command: RemoveDiscountCode, state: CartState): CartEvent[] {
  assertOpen(state);
  if (!(state.discount_codes ?? []).some((applied) => applied.code === command.code))
    throw new NotFound(DISCOUNT_ERROR_CODES.codeNotInCart, 'This code is not in the cart');
  return [{ type: 'DiscountCodeRemoved', data: { code: command.code, at: command.at } }];
}
