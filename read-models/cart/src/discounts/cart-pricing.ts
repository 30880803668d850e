import { priceDiscounts, type DiscountLookup, type DiscountPricing } from '@buyloop/cart';
import type { CartDocument } from '../projection';

/**
 * A cart's discounts as they stand now: each code it holds looked up again
 * (a definition archived, changed or expired since, a single-use code
 * another order took), the automatic definitions, then `priceDiscounts`.
 * `order_number`: the order being placed, whose own claim on a single-use
 * code does not make the code used (the checkout prices again after claiming).
 */
export async function cartDiscounts(
  document: CartDocument | null,
  lookup: DiscountLookup,
  at: string,
  options: { readonly order_number?: string } = {},
): Promise<DiscountPricing | null> {
  if (!document || document.handed_over_to !== null) return null;
  const applied = await Promise.all(
    (document.discount_codes ?? []).map(async (held) => {
      const single = held.single_use ? await lookup.singleUseCode(held.code) : null;
      return {
        code: held.code,
        kind: held.kind,
        discount: await lookup.definition(held.discount_id),
        used: single !== null && single.claimed_by !== null && single.claimed_by !== options.order_number,
      };
    }),
  );
  const automatic = await lookup.automatic();
  if (applied.length === 0 && automatic.length === 0) return null;
  return priceDiscounts({ lines: document.items, applied, automatic, at });
}
