import { assertNever, type Decider } from '@buyloop/kit';
import type { CartEvent } from './events';
import { evolveCart, initialCartState, type CartState } from './state';
import { addItem, type AddItem } from './add-item/decide';
import { changeQuantity, type ChangeQuantity } from './change-quantity/decide';
import { removeItem, type RemoveItem } from './remove-item/decide';
import { addWarrantyBonus, type AddWarrantyBonus } from './add-warranty-bonus/decide';
import { removeWarrantyBonus, type RemoveWarrantyBonus } from './remove-warranty-bonus/decide';
import { mergeCart, type MergeCart } from './merge-cart/decide';
import { handOverCart, type HandOverCart } from './hand-over-cart/decide';
import { checkOutCart, type CheckOutCart } from './checkout/check-out-cart/decide';
import { repriceCart, type RepriceCart } from './checkout/reprice-cart/decide';
import { applyDiscountCode, type ApplyDiscountCode } from './apply-discount-code/decide';
import { removeDiscountCode, type RemoveDiscountCode } from './remove-discount-code/decide';
import { addBuybackBonus, type AddBuybackBonus } from './add-buyback-bonus/decide';
import { removeBuybackBonus, type RemoveBuybackBonus } from './remove-buyback-bonus/decide';
import { clawBackBuybackBonus, type ClawBackBuybackBonus } from './claw-back-buyback-bonus/decide';

export type CartCommand =
  | AddItem
  | ChangeQuantity
  | RemoveItem
  | AddWarrantyBonus
  | RemoveWarrantyBonus
  | MergeCart
  | HandOverCart
  | CheckOutCart
  | RepriceCart
  | ApplyDiscountCode
  | RemoveDiscountCode
  | AddBuybackBonus
  | RemoveBuybackBonus
  | ClawBackBuybackBonus;

/** One cart stream (`cart-<id>`): pure; prices, stock, ids and time arrive in the command. */
export const cartDecider: Decider<CartCommand, CartEvent, CartState> = {
  initialState: initialCartState,
  evolve: evolveCart,
  decide(command, state) {
    switch (command.type) {
      case 'AddItem':
        return addItem(command, state);
      case 'ChangeQuantity':
        return changeQuantity(command, state);
      case 'RemoveItem':
        return removeItem(command, state);
      case 'AddWarrantyBonus':
        return addWarrantyBonus(command, state);
      case 'RemoveWarrantyBonus':
        return removeWarrantyBonus(command, state);
      case 'MergeCart':
        return mergeCart(command, state);
      case 'HandOverCart':
        return handOverCart(command, state);
      case 'ApplyDiscountCode':
        return applyDiscountCode(command, state);
      case 'RemoveDiscountCode':
        return removeDiscountCode(command, state);
      case 'AddBuybackBonus':
        return addBuybackBonus(command, state);
      case 'RemoveBuybackBonus':
        return removeBuybackBonus(command, state);
      case 'ClawBackBuybackBonus':
        return clawBackBuybackBonus(command, state);
      case 'CheckOutCart':
        return checkOutCart(command, state);
      case 'RepriceCart':
        return repriceCart(command, state);
      default:
        return assertNever(command, 'cart command');
    }
  },
};
