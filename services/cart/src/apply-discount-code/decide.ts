import { DISCOUNT_ERROR_CODES, DISCOUNT_LIMITS } from '@buyloop/contracts/cart/discounts';
import { IllegalState, ValidationError } from '@buyloop/kit';
import type { AppliedDiscountCode, CartEvent } from '../events';
import { assertOpen, type CartState } from '../state';

/**
 * Spec 7's add_discount_code: a code, or an ISIC card (spec 5). The route
 * looks the code up before the decision: `found` is what it names now
 * (null when nothing), so the decision stays pure.
 */
export interface ApplyDiscountCode {
  readonly type: 'ApplyDiscountCode';
  readonly code: string;
  readonly kind: 'code' | 'isic';
  readonly found: {
    readonly discount_id: string;
    readonly single_use: boolean;
    /** Active, not archived, within its validity. */
    readonly usable: boolean;
    /** A single-use code another order holds. */
    readonly used: boolean;
  } | null;
  readonly card: { readonly number: string; readonly holder: string } | null;
  readonly at: string;
}

export function applyDiscountCode(command: ApplyDiscountCode, state: CartState): CartEvent[] {
  assertOpen(state);
  const field = command.kind === 'isic' ? 'card_number' : 'code';
  const { found } = command;
  // Spec 8's 'sale code invalid': unknown, inactive, expired, archived or used, all alike (they tell nothing apart).
  if (!found || !found.usable || found.used)
    throw new ValidationError(
      DISCOUNT_ERROR_CODES.codeInvalid,
      { [field]: [DISCOUNT_ERROR_CODES.codeInvalid] },
      'The sale code is not valid',
    );
  const held = state.discount_codes ?? [];
  const discount: AppliedDiscountCode = {
    code: command.code,
    kind: command.kind,
    discount_id: found.discount_id,
    single_use: found.single_use,
    card: command.card,
  };
  const same = held.find((applied) => applied.code === command.code);
  if (same && JSON.stringify(same) === JSON.stringify(discount)) return [];
  if (!same && held.length >= DISCOUNT_LIMITS.maxCodesInCart)
    throw new IllegalState(DISCOUNT_ERROR_CODES.tooManyCodes, `A cart holds at most ${DISCOUNT_LIMITS.maxCodesInCart} codes`, {
      max: DISCOUNT_LIMITS.maxCodesInCart,
    });
  return [{ type: 'DiscountCodeApplied', data: { discount, at: command.at } }];
}
