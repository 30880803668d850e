import { assertNever, IllegalState, NotFound } from '@buyloop/kit';
import { CART_ERROR_CODES } from '@buyloop/contracts';
import type { AppliedDiscountCode, BuybackBonus, CartEvent, CartItem } from './events';

/** A cart folded from its stream: its lines in the order they were added, and whether it was taken into an account's cart. */
export interface CartState {
  readonly items: readonly CartItem[];
  readonly handed_over_to: string | null;
  /** `mergedKey`s of the anonymous carts' items already taken in: a merge said again takes nothing twice. */
  readonly merged: readonly string[];
  /** Discount codes applied, in the order they were applied (absent in carts folded before discounts). */
  readonly discount_codes?: readonly AppliedDiscountCode[];
  /** Buy-back bonuses on device lines (absent in carts folded before them). */
  readonly buyback_bonuses?: readonly BuybackBonus[];
}

export const initialCartState = (): CartState => ({ items: [], handed_over_to: null, merged: [], discount_codes: [] });

export const mergedKey = (fromCart: string, itemId: string): string => `${fromCart}/${itemId}`;
/** A code's key among `merged`: item ids are UUIDs, so `code:` never meets one. */
export const mergedCodeKey = (fromCart: string, code: string): string => `${fromCart}/code:${code}`;

export function evolveCart(state: CartState, event: CartEvent): CartState {
  switch (event.type) {
    case 'CartItemAdded':
      return { ...state, items: [...state.items, event.data.item] };
    case 'CartItemQuantityChanged':
      return {
        ...state,
        items: state.items.map((item) =>
          item.item_id === event.data.item_id
            ? { ...item, quantity: event.data.quantity, unit_price: event.data.unit_price ?? item.unit_price }
            : item,
        ),
      };
    case 'CartItemRemoved': {
      const removed = new Set(event.data.removed_item_ids);
      // A bonus goes with its device line; the buy-back may then give it to another device.
      return {
        ...state,
        items: state.items.filter((item) => !removed.has(item.item_id)),
        ...withoutBonuses(state, removed),
      };
    }
    case 'WarrantyBonusAdded':
      return {
        ...state,
        items: state.items.map((item) =>
          item.item_id === event.data.item_id ? { ...item, warranty_bonus_months: event.data.months } : item,
        ),
      };
    case 'WarrantyBonusRemoved':
      return {
        ...state,
        items: state.items.map((item) => (item.item_id === event.data.item_id ? { ...item, warranty_bonus_months: null } : item)),
      };
    case 'CartMerged': {
      const raised = new Map((event.data.raised ?? []).map((raise) => [raise.item_id, raise]));
      const { from_cart: fromCart } = event.data;
      return {
        ...state,
        items: [
          ...state.items.map((item) => {
            const raise = raised.get(item.item_id);
            return raise ? { ...item, quantity: raise.quantity, unit_price: raise.unit_price } : item;
          }),
          ...event.data.items,
        ],
        merged: [
          ...state.merged,
          ...(event.data.taken ?? []).map((itemId) => mergedKey(fromCart, itemId)),
          ...(event.data.taken_codes ?? []).map((code) => mergedCodeKey(fromCart, code)),
        ],
        ...(event.data.discount_codes?.length
          ? { discount_codes: [...(state.discount_codes ?? []), ...event.data.discount_codes] }
          : {}),
      };
    }
    case 'CartCheckedOut':
      // What was ordered leaves the cart (codes included); what it has merged stays remembered.
      return { ...initialCartState(), merged: state.merged };
    case 'CartHandedOver':
      return { ...state, handed_over_to: event.data.into_cart };
    case 'CartItemsHandedOver': {
      const gone = new Set(event.data.item_ids);
      return { ...state, items: state.items.filter((item) => !gone.has(item.item_id)), ...withoutBonuses(state, gone) };
    }
    case 'DiscountCodeApplied': {
      const applied = event.data.discount;
      // An ISIC card replaces the one given before; a code is held once.
      const others = (state.discount_codes ?? []).filter((held) => held.code !== applied.code);
      return { ...state, discount_codes: [...others, applied] };
    }
    case 'DiscountCodeRemoved':
      return { ...state, discount_codes: (state.discount_codes ?? []).filter((held) => held.code !== event.data.code) };
    case 'BuybackBonusAttached':
      return {
        ...state,
        buyback_bonuses: [
          ...(state.buyback_bonuses ?? []).filter((held) => held.item_id !== event.data.bonus.item_id),
          event.data.bonus,
        ],
      };
    case 'BuybackBonusRemoved':
      return {
        ...state,
        buyback_bonuses: (state.buyback_bonuses ?? []).filter((held) => held.buyback_number !== event.data.buyback_number),
      };
    case 'BuybackBonusReduced':
      return {
        ...state,
        buyback_bonuses: (state.buyback_bonuses ?? []).map((held) =>
          held.buyback_number === event.data.buyback_number ? { ...held, amount: event.data.amount } : held,
        ),
      };
    default:
      return assertNever(event, 'cart event');
  }
}

/** The bonuses left once these lines are gone (nothing when the cart holds none, so older documents stay as they were). */
function withoutBonuses(state: CartState, gone: ReadonlySet<string>): Pick<CartState, 'buyback_bonuses'> {
  if (!state.buyback_bonuses) return {};
  return { buyback_bonuses: state.buyback_bonuses.filter((held) => !gone.has(held.item_id)) };
}

/** Spec 4's count: the pieces in the cart, every line of every package. */
export const countOf = (state: Pick<CartState, 'items'>): number => state.items.reduce((sum, item) => sum + item.quantity, 0);

export const childrenOf = (state: CartState, itemId: string): CartItem[] =>
  state.items.filter((item) => item.parent_item_id === itemId);

/** An item of this cart; another cart's id (or one never given) is not found, so ids of other carts tell nothing. */
export function itemOf(state: CartState, itemId: string): CartItem {
  const item = state.items.find((candidate) => candidate.item_id === itemId);
  if (!item) throw new NotFound(CART_ERROR_CODES.itemNotFound, 'There is no such item in this cart');
  return item;
}

/** A cart taken into an account's cart answers no more commands: its holder works on the account's cart. */
export function assertOpen(state: CartState): void {
  if (state.handed_over_to !== null)
    throw new IllegalState(CART_ERROR_CODES.cartMerged, 'This cart was taken into the account’s cart');
}
