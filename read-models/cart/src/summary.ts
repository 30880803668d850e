import type { CartItem, DiscountPricing } from '@buyloop/cart';
import type { CartChildLine, CartLine, CartSummary } from '@buyloop/contracts/cart/http';
import type { Currency } from '@buyloop/kit';
import type { CartDocument } from './projection';

/** Whole units without VAT at the item's rate (prices are whole CZK or lei with VAT, spec 9). */
const withoutVat = (price: number, vatRate: number): number => Math.round(price / (1 + vatRate / 100));

function lineOf(item: CartItem): CartChildLine {
  return {
    item_id: item.item_id,
    product: item.product,
    name: item.name,
    kind: item.kind,
    quantity: item.quantity,
    unit_price: item.unit_price,
    unit_price_without_vat: withoutVat(item.unit_price, item.vat_rate),
    line_price: item.unit_price * item.quantity,
    vat_rate: item.vat_rate,
    installment: item.installment,
    warranty_months: item.warranty_months,
    warranty_bonus_months: item.warranty_bonus_months,
  };
}

/**
 * The cart as `GET /api/cart` answers it: packages (each top-level item with
 * what was bought with it), the totals in whole units with the VAT they
 * include (worked out per line, at each line's rate, so a line's VAT is what
 * its invoice line will show), and the places discounts and bonuses take.
 * Discounts come priced (`priceDiscounts`, the same the checkout uses): the
 * total is the items less `discount_total`, and the VAT is worked out on
 * what each line costs after its share of the discounts (so a discount on a
 * 12 % book lowers the 12 % VAT, not the 21 %). A code that stopped being
 * valid is listed with 0 and spec 8's text (`invalidText`). Delivery and
 * payment are the checkout's; the free warranty bonus is listed at no charge;
 * a buy-back bonus (spec 9) comes off the total like a discount on its device.
 * A cart taken into an account's cart reads as empty.
 */
export function summaryOf(
  document: CartDocument | null,
  currency: Currency,
  discounts: { readonly pricing: DiscountPricing; readonly invalidText: string } | null = null,
): CartSummary {
  const items = document && document.handed_over_to === null ? document.items : [];
  const lines: CartLine[] = items
    .filter((item) => item.parent_item_id === null)
    .map((top) => ({
      ...lineOf(top),
      children: items.filter((item) => item.parent_item_id === top.item_id).map(lineOf),
    }));
  // Children whose device was lost (never: removal takes them along) would still be paid for; show them at the top.
  const known = new Set(items.filter((item) => item.parent_item_id === null).map((item) => item.item_id));
  for (const orphan of items.filter((item) => item.parent_item_id !== null && !known.has(item.parent_item_id)))
    lines.push({ ...lineOf(orphan), children: [] });
  const every = items.map(lineOf);
  const itemsTotal = every.reduce((sum, line) => sum + line.line_price, 0);
  const open = document !== null && document.handed_over_to === null;
  // Spec 9's buy-back bonus comes off its device line (after the discounts' share), so that line's VAT is lower.
  const buybackBonuses = open ? (document.buyback_bonuses ?? []) : [];
  const bonusOff = (itemId: string): number =>
    buybackBonuses.filter((bonus) => bonus.item_id === itemId).reduce((sum, bonus) => sum + bonus.amount, 0);
  const off = (itemId: string): number => (open ? (discounts?.pricing.allocation[itemId] ?? 0) + bonusOff(itemId) : 0);
  const withoutVatTotal = every.reduce((sum, line) => sum + withoutVat(line.line_price - off(line.item_id), line.vat_rate), 0);
  const listed = open ? (discounts?.pricing.discounts ?? []) : [];
  const discountTotal = listed.reduce((sum, discount) => sum + discount.amount, 0);
  const bonusTotal = buybackBonuses.reduce((sum, bonus) => sum + bonus.amount, 0);
  const total = itemsTotal - discountTotal - bonusTotal;
  return {
    currency,
    count: items.reduce((sum, item) => sum + item.quantity, 0),
    items: lines,
    discounts: listed.map((discount) => ({
      code: discount.code,
      title: discount.title,
      amount: discount.amount,
      kind: discount.kind,
      discount_id: discount.discount_id,
      status: discount.status,
      message: discount.status === 'invalid' ? (discounts?.invalidText ?? null) : null,
    })),
    bonuses: [
      ...items
        .filter((item) => item.warranty_bonus_months !== null)
        .map((item) => ({ kind: 'warranty' as const, item_id: item.item_id, months: item.warranty_bonus_months, amount: 0 })),
      ...buybackBonuses.map((bonus) => ({
        kind: 'buyback' as const,
        item_id: bonus.item_id,
        months: null,
        amount: bonus.amount,
        buyback_number: bonus.buyback_number,
        percent: bonus.percent,
        basis: bonus.basis,
      })),
    ],
    items_total: itemsTotal,
    discount_total: discountTotal,
    vat: total - withoutVatTotal,
    total_without_vat: withoutVatTotal,
    total,
  };
}
