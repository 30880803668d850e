import { CART_LIMITS } from '@buyloop/contracts/cart/vocabulary';
import type { CartLine } from '@buyloop/contracts/cart/http';

/** A typed quantity as the cart takes it: whole pieces within the cart's limits (a slip becomes the nearest). */
export function clampQuantity(value: string | number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value.trim(), 10);
  if (!Number.isFinite(n)) return CART_LIMITS.minQuantity;
  return Math.min(CART_LIMITS.maxQuantity, Math.max(CART_LIMITS.minQuantity, Math.trunc(n)));
}

/** POST /api/cart/items's body from the product page's choices ('' = none chosen). */
export function addRequest(choice: { product: string; quantity: string; insurance: string; warranty: string }): {
  product: string;
  quantity: number;
  insurance_id?: string;
  warranty_months?: number;
} {
  return {
    product: choice.product,
    quantity: clampQuantity(choice.quantity),
    ...(choice.insurance ? { insurance_id: choice.insurance } : {}),
    ...(choice.warranty ? { warranty_months: Number(choice.warranty) } : {}),
  };
}

/** Whether removing this line takes others with it (a device with its package): the page asks first. */
export const removesPackage = (line: Pick<CartLine, 'children'>): boolean => line.children.length > 0;

/** Lines whose pieces the visitor sets: insurance and warranty extensions follow their device's. */
export const setsOwnQuantity = (kind: string): boolean => kind !== 'insurance' && kind !== 'warranty_extension';
