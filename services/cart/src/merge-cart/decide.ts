import { CART_LIMITS } from '@buyloop/contracts';
import { DISCOUNT_LIMITS } from '@buyloop/contracts/cart/discounts';
import type {
  AppliedDiscountCode,
  BuybackBonus,
  CartEvent,
  CartItem,
  MergeDroppedBonus,
  MergeDroppedCode,
  MergedRaise,
} from '../events';
import { assertOpen, childrenOf, mergedCodeKey, mergedKey, type CartState } from '../state';

/**
 * An anonymous cart's items taken into the account's cart when its holder
 * signs in (issue 15: "anonymous by cookie and merged into the account on
 * login"). Whole packages are taken in order while they fit under the
 * cart's limit of lines (a merge never refuses and never splits a device
 * from its insurance); a plain line of a product the account's cart holds
 * as a plain line raises that line instead (re-priced at today's price)
 * while the raised pieces stay within the per-line limit, and is added as a
 * line of its own otherwise. Stock is not checked (a merge never refuses:
 * the checkout checks every line again). What is not taken is not lost: the service
 * hands over only the `taken` items, the rest stay in the anonymous cart.
 * Items already taken (`merged`) are skipped, so a merge said again (a
 * retry, two requests at once) takes nothing twice.
 *
 * What the visitor earned on those lines comes along. Codes: one the
 * account's cart holds already is held once (the account's, with its ISIC
 * card, is kept), the others are added while the cart may hold more, and a
 * code looked at once is never brought again (the customer may have taken
 * it off since). A warranty bonus is part of its line. A buy-back bonus
 * follows its device line under the line's new id; it is dropped, with the
 * reason recorded, when the account's cart already holds the same
 * buy-back's bonus, and stays in the anonymous cart with its line when the
 * line did not fit. A line carrying a bonus never raises another line, so
 * no bonus is merged into a line that has its own.
 */
export interface MergeCart {
  readonly type: 'MergeCart';
  readonly from_cart: string;
  /** The anonymous cart's items under their own ids. */
  readonly items: readonly CartItem[];
  /** The id each item gets in this cart (the service derives them from the anonymous cart's). */
  readonly new_ids: Readonly<Record<string, string>>;
  /** The catalogue's price now of the plain lines' products (absent or null: not for sale, so never raised into). */
  readonly prices: Readonly<Record<string, number | null>>;
  /** The anonymous cart's codes, in the order applied. */
  readonly discount_codes?: readonly AppliedDiscountCode[];
  /** The anonymous cart's buy-back bonuses, on its own item ids. */
  readonly buyback_bonuses?: readonly BuybackBonus[];
  readonly at: string;
}

export function mergeCart(command: MergeCart, state: CartState): CartEvent[] {
  assertOpen(state);
  const done = new Set(state.merged);
  const pending = command.items.filter((item) => !done.has(mergedKey(command.from_cart, item.item_id)));
  const idOf = (itemId: string): string => command.new_ids[itemId] ?? itemId;
  const items: CartItem[] = [];
  const raised = new Map<string, MergedRaise>();
  const taken: string[] = [];
  let room = CART_LIMITS.maxItems - state.items.length;
  const anonymousBonuses = command.buyback_bonuses ?? [];
  const hasBonus = (item: CartItem): boolean =>
    (item.warranty_bonus_months ?? null) !== null || anonymousBonuses.some((bonus) => bonus.item_id === item.item_id);
  const heldBonus = (itemId: string): boolean =>
    (state.buyback_bonuses ?? []).some((bonus) => bonus.item_id === itemId) ||
    state.items.some((item) => item.item_id === itemId && (item.warranty_bonus_months ?? null) !== null);
  for (const top of pending.filter((item) => item.parent_item_id === null)) {
    const children = pending.filter((item) => item.parent_item_id === top.item_id);
    const price = command.prices[top.product] ?? null;
    const same =
      children.length === 0 && price !== null && !hasBonus(top)
        ? state.items.find(
            (item) =>
              item.product === top.product &&
              item.parent_item_id === null &&
              item.installment === top.installment &&
              childrenOf(state, item.item_id).length === 0 &&
              !heldBonus(item.item_id),
          )
        : undefined;
    if (same && price !== null) {
      const quantity = (raised.get(same.item_id)?.quantity ?? same.quantity) + top.quantity;
      if (quantity <= CART_LIMITS.maxQuantity) {
        raised.set(same.item_id, { item_id: same.item_id, quantity, unit_price: price });
        taken.push(top.item_id);
        continue;
      }
    }
    const pack = [top, ...children];
    if (pack.length > room) continue;
    items.push(
      ...pack.map((item) => ({
        ...item,
        item_id: idOf(item.item_id),
        parent_item_id: item.parent_item_id === null ? null : idOf(item.parent_item_id),
      })),
    );
    taken.push(...pack.map((item) => item.item_id));
    room -= pack.length;
  }
  const codes = mergeCodes(command, state, done);
  if (taken.length === 0 && codes.seen.length === 0) return [];

  const takenNow = new Set(taken);
  const heldNumbers = new Set((state.buyback_bonuses ?? []).map((bonus) => bonus.buyback_number));
  const attached: BuybackBonus[] = [];
  const dropped: MergeDroppedBonus[] = [];
  for (const bonus of anonymousBonuses) {
    // A bonus on a line an earlier merge took went with it then.
    if (!pending.some((item) => item.item_id === bonus.item_id)) continue;
    const { item_id: itemId, buyback_number: number } = bonus;
    if (!takenNow.has(itemId)) dropped.push({ item_id: itemId, buyback_number: number, reason: 'device_left_behind' });
    else if (heldNumbers.has(number)) dropped.push({ item_id: itemId, buyback_number: number, reason: 'buyback_bonus_held' });
    else attached.push({ ...bonus, item_id: idOf(itemId) });
  }
  return [
    {
      type: 'CartMerged',
      data: {
        from_cart: command.from_cart,
        items,
        raised: [...raised.values()],
        taken,
        ...(codes.seen.length > 0 ? { discount_codes: codes.taken, taken_codes: codes.seen } : {}),
        ...(codes.dropped.length > 0 ? { dropped_codes: codes.dropped } : {}),
        ...(dropped.length > 0 ? { dropped_bonuses: dropped } : {}),
        at: command.at,
      },
    },
    // As when the customer attaches one: every reader of bonuses (the claw-back's index among them) follows it here.
    ...attached.map((bonus): CartEvent => ({ type: 'BuybackBonusAttached', data: { bonus, at: command.at } })),
  ];
}

/** The anonymous cart's codes not looked at before: which this cart takes, and which it drops for want of room. */
function mergeCodes(
  command: MergeCart,
  state: CartState,
  done: ReadonlySet<string>,
): { readonly taken: AppliedDiscountCode[]; readonly seen: string[]; readonly dropped: MergeDroppedCode[] } {
  const held = state.discount_codes ?? [];
  const taken: AppliedDiscountCode[] = [];
  const seen: string[] = [];
  const dropped: MergeDroppedCode[] = [];
  for (const applied of command.discount_codes ?? []) {
    if (done.has(mergedCodeKey(command.from_cart, applied.code)) || seen.includes(applied.code)) continue;
    seen.push(applied.code);
    if (held.some((mine) => mine.code === applied.code)) continue;
    if (held.length + taken.length >= DISCOUNT_LIMITS.maxCodesInCart)
      dropped.push({ code: applied.code, reason: 'too_many_codes' });
    else taken.push(applied);
  }
  return { taken, seen, dropped };
}
