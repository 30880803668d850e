import { CART_ERROR_CODES, CART_PARENT_KIND, type InstallmentArrangement } from '@buyloop/contracts';
import { ValidationError } from '@buyloop/kit';
import type { CartEvent, CartItem } from '../events';
import type { ProductOffer } from '../offers';
import { checkAvailable, checkQuantity, checkRoomFor, isPerPiece, knownOffer } from '../rules';
import { assertOpen, childrenOf, itemOf, type CartState } from '../state';

/** A child bought with the device in the same request (an insurance, a paid warranty extension). */
export interface AddedExtra {
  /** The id the child item gets. */
  readonly item_id: string;
  /** The catalogue's answer for what the request named (null: no such product, or none offered for those months). */
  readonly offer: ProductOffer | null;
}

/**
 * Spec 7's add_product: the product as the catalogue offers it now (looked
 * up by the route; null when unknown), the pieces, and optionally the device
 * item it is bought with, an insurance and a paid warranty extension for a
 * device, and an installment arrangement (spec 3).
 */
export interface AddItem {
  readonly type: 'AddItem';
  readonly item_id: string;
  readonly offer: ProductOffer | null;
  readonly quantity: number;
  readonly parent_item_id: string | null;
  readonly installment: InstallmentArrangement | null;
  readonly insurance: AddedExtra | null;
  readonly warranty: (AddedExtra & { readonly months: number }) | null;
  readonly at: string;
}

const lineOf = (
  command: AddItem,
  offer: ProductOffer,
  price: number,
  overrides: Partial<CartItem> & Pick<CartItem, 'item_id'>,
): CartItem => ({
  product: offer.code,
  name: offer.name,
  kind: offer.kind,
  quantity: command.quantity,
  unit_price: price,
  vat_rate: offer.vat_rate,
  currency: offer.currency,
  parent_item_id: null,
  installment: null,
  warranty_months: null,
  warranty_bonus_months: null,
  // Kept on the line so the cart's discounts limited to categories need no catalogue lookup when priced.
  ...(offer.categories && offer.categories.length > 0 ? { categories: offer.categories } : {}),
  ...overrides,
});

export function addItem(command: AddItem, state: CartState): CartEvent[] {
  assertOpen(state);
  const offer = knownOffer(command.offer, 'product');
  // An insurance or warranty extension covers each piece of a device: only `insurance_id` / `warranty_months`
  // check that the device is offered with it and give it the device's pieces (and months), so it is never a product of its own.
  if (isPerPiece(offer.kind))
    throw new ValidationError(CART_ERROR_CODES.coverNeedsDevice, { product: [CART_ERROR_CODES.coverNeedsDevice] });
  checkQuantity(command.quantity);

  let parent: CartItem | null = null;
  if (command.parent_item_id !== null) {
    parent = itemOf(state, command.parent_item_id);
    if (parent.kind !== CART_PARENT_KIND || parent.parent_item_id !== null)
      throw new ValidationError(CART_ERROR_CODES.parentNotDevice, { parent_item_id: [CART_ERROR_CODES.parentNotDevice] });
    if (offer.kind === CART_PARENT_KIND)
      throw new ValidationError(CART_ERROR_CODES.childIsDevice, { parent_item_id: [CART_ERROR_CODES.childIsDevice] });
  }
  const isDevice = offer.kind === CART_PARENT_KIND;
  if (command.insurance && !isDevice)
    throw new ValidationError(CART_ERROR_CODES.insuranceNeedsDevice, { insurance_id: [CART_ERROR_CODES.insuranceNeedsDevice] });
  if (command.warranty && !isDevice)
    throw new ValidationError(CART_ERROR_CODES.warrantyUnavailable, { warranty_months: [CART_ERROR_CODES.warrantyUnavailable] });

  // Adding a plain product the cart holds already as a plain line raises that line: one phone line of two, not two lines.
  const plain = parent === null && !command.insurance && !command.warranty;
  const same = plain
    ? state.items.find(
        (item) =>
          item.product === offer.code &&
          item.parent_item_id === null &&
          item.installment === command.installment &&
          childrenOf(state, item.item_id).length === 0,
      )
    : undefined;
  const inCart = state.items.filter((item) => item.product === offer.code).reduce((sum, item) => sum + item.quantity, 0);
  if (same) {
    const quantity = same.quantity + command.quantity;
    checkQuantity(quantity);
    // The raised line is priced as the catalogue offers it now (what the visitor just saw), not at the first add's price.
    const unitPrice = checkAvailable(offer, inCart + command.quantity);
    return [
      { type: 'CartItemQuantityChanged', data: { item_id: same.item_id, quantity, unit_price: unitPrice, at: command.at } },
    ];
  }
  const price = checkAvailable(offer, inCart + command.quantity);

  const lines: CartItem[] = [
    lineOf(command, offer, price, {
      item_id: command.item_id,
      parent_item_id: parent?.item_id ?? null,
      installment: command.installment,
    }),
  ];
  if (command.insurance) {
    const insurance = knownOffer(command.insurance.offer, 'insurance_id');
    if (insurance.kind !== 'insurance' || !offer.insurance.includes(insurance.code))
      throw new ValidationError(CART_ERROR_CODES.notInsurance, { insurance_id: [CART_ERROR_CODES.notInsurance] });
    lines.push(
      lineOf(command, insurance, checkAvailable(insurance, command.quantity), {
        item_id: command.insurance.item_id,
        parent_item_id: command.item_id,
      }),
    );
  }
  if (command.warranty) {
    const extension = command.warranty.offer;
    if (
      !extension ||
      extension.kind !== 'warranty_extension' ||
      extension.extension_months !== command.warranty.months ||
      !offer.warranty_extensions.includes(extension.code)
    )
      throw new ValidationError(CART_ERROR_CODES.warrantyUnavailable, {
        warranty_months: [CART_ERROR_CODES.warrantyUnavailable],
      });
    lines.push(
      lineOf(command, extension, checkAvailable(extension, command.quantity), {
        item_id: command.warranty.item_id,
        parent_item_id: command.item_id,
        warranty_months: command.warranty.months,
      }),
    );
  }
  checkRoomFor(state.items.length, lines.length);
  return lines.map((item) => ({ type: 'CartItemAdded', data: { item, at: command.at } }));
}
