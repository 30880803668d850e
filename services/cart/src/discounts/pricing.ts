import type { DiscountFields } from '@buyloop/contracts/cart/discounts';

/** A cart line as pricing needs it (whole units with VAT). */
export interface PricedLine {
  readonly item_id: string;
  readonly product: string;
  readonly kind: string;
  readonly quantity: number;
  readonly unit_price: number;
  /** The ids of the catalogue categories the product is in, those above them included (absent: none known). */
  readonly categories?: readonly string[];
}

/** A definition as pricing needs it: its fields, id and whether it was archived. */
export interface PricingDefinition extends DiscountFields {
  readonly id: string;
  readonly archived: boolean;
}

/** A code the cart holds, with what it names now (null: no definition, e.g. a code withdrawn since). */
export interface AppliedCode {
  readonly code: string;
  readonly kind: 'code' | 'isic';
  readonly discount: PricingDefinition | null;
  /** A single-use code another order holds. */
  readonly used: boolean;
}

export type DiscountStatus = 'applied' | 'invalid' | 'not_combined';

export interface PricedDiscount {
  readonly code: string;
  readonly kind: 'code' | 'isic' | 'automatic';
  readonly discount_id: string | null;
  readonly title: string;
  readonly amount: number;
  readonly status: DiscountStatus;
}

export interface DiscountPricing {
  readonly discounts: readonly PricedDiscount[];
  readonly discount_total: number;
  /** Whole units off each line (item id → amount), so VAT is worked out on what each line really costs. */
  readonly allocation: Readonly<Record<string, number>>;
}

export interface PriceDiscountsInput {
  readonly lines: readonly PricedLine[];
  readonly applied: readonly AppliedCode[];
  /** Definitions with automatic assignment (spec 3): they count without a code when the cart meets their conditions. */
  readonly automatic: readonly PricingDefinition[];
  readonly at: string;
}

/** Whether a definition may be used at all at `at`: active, not archived, within its validity. */
export function usableAt(definition: PricingDefinition, at: string): boolean {
  const time = Date.parse(at);
  return (
    definition.is_active &&
    !definition.archived &&
    (definition.valid_from === null || Date.parse(definition.valid_from) <= time) &&
    (definition.valid_to === null || time < Date.parse(definition.valid_to))
  );
}

/**
 * Whether a line belongs to the definition's product set: named by its code
 * or kind (neither named: every line), and, when the definition is limited
 * to categories, in one of them. Categories narrow: "10 % off accessories in
 * Apple" is the accessories that are in Apple. A line whose categories are
 * not known (added before the cart learnt them) is in none.
 */
const inSet = (definition: PricingDefinition, line: PricedLine): boolean => {
  const named =
    (definition.product_codes.length === 0 && definition.product_kinds.length === 0) ||
    definition.product_codes.includes(line.product) ||
    definition.product_kinds.includes(line.kind);
  const categories = definition.categories ?? [];
  return named && (categories.length === 0 || (line.categories ?? []).some((category) => categories.includes(category)));
};

/** What a usable definition takes off this cart, before combining: 0 when its conditions are not met. */
export function amountOf(definition: PricingDefinition, lines: readonly PricedLine[]): number {
  const itemsTotal = lines.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
  const eligible = lines.filter((line) => inSet(definition, line));
  const eligibleTotal = eligible.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
  const pieces = eligible.reduce((sum, line) => sum + line.quantity, 0);
  if (eligible.length === 0 || eligibleTotal === 0) return 0;
  if (definition.minimal_order_total !== null && itemsTotal < definition.minimal_order_total) return 0;
  if (definition.minimal_pieces !== null && pieces < definition.minimal_pieces) return 0;
  const value = definition.discount_value;
  let amount: number;
  switch (definition.discount_type) {
    case 'percentage':
      amount = Math.round((eligibleTotal * value) / 100);
      break;
    case 'absolute':
      amount = definition.is_discount_per_piece ? value * pieces : value;
      break;
    case 'fixed':
      // A fixed price per piece (each piece of the set for `value`) or for the whole set at once.
      amount = definition.is_discount_per_piece
        ? eligible.reduce((sum, line) => sum + Math.max(0, line.unit_price - value) * line.quantity, 0)
        : Math.max(0, eligibleTotal - value);
      break;
  }
  return Math.min(amount, eligibleTotal);
}

interface Candidate {
  readonly index: number;
  readonly definition: PricingDefinition;
  readonly amount: number;
}

/**
 * The discounts of a cart, worked out the same way for the summary and for
 * the checkout (which claims single-use codes and checks the total again).
 * Codes the cart holds that no longer name a usable definition, were used by
 * another order, or whose conditions the cart no longer meets are listed as
 * `invalid` with 0 (spec 8: 'invalid discount in the cart (remove it)'):
 * never silently dropped. Automatic definitions count when met, unlisted
 * otherwise.
 *
 * Combining: every combinable discount counts together; a non-combinable one
 * stands alone. Of "all combinable ones together" and "each non-combinable
 * one alone" the cart gets whichever takes the most off (the customer's best;
 * on a tie the combination), and the others are listed as `not_combined`
 * with 0. One definition counts once, however many of its codes are applied.
 * The total never exceeds the items: each discount is spread over its lines
 * in proportion to what is left of them, in whole units.
 */
export function priceDiscounts(input: PriceDiscountsInput): DiscountPricing {
  const { lines, at } = input;
  const entries: { code: string; kind: PricedDiscount['kind']; definition: PricingDefinition | null; usable: boolean }[] = [
    ...input.applied.map((applied) => ({
      code: applied.code,
      kind: applied.kind,
      definition: applied.discount,
      usable: applied.discount !== null && !applied.used && usableAt(applied.discount, at),
    })),
    ...input.automatic
      .filter((definition) => definition.is_automatic_assignment && usableAt(definition, at))
      .map((definition) => ({ code: '', kind: 'automatic' as const, definition, usable: true })),
  ];
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  const duplicates = new Set<number>();
  entries.forEach((entry, index) => {
    if (!entry.usable || !entry.definition) return;
    const amount = amountOf(entry.definition, lines);
    if (amount <= 0) return;
    if (seen.has(entry.definition.id)) {
      duplicates.add(index);
      return;
    }
    seen.add(entry.definition.id);
    candidates.push({ index, definition: entry.definition, amount });
  });
  const combinable = candidates.filter((candidate) => candidate.definition.is_combinable);
  let chosen = combinable;
  let best = combinable.reduce((sum, candidate) => sum + candidate.amount, 0);
  for (const alone of candidates.filter((candidate) => !candidate.definition.is_combinable))
    if (alone.amount > best) {
      chosen = [alone];
      best = alone.amount;
    }
  const taken = new Map<number, number>();
  const left = new Map(lines.map((line) => [line.item_id, line.unit_price * line.quantity]));
  const allocation: Record<string, number> = {};
  for (const candidate of chosen) {
    const eligible = lines.filter((line) => inSet(candidate.definition, line));
    const shares = spread(
      candidate.amount,
      eligible.map((line) => left.get(line.item_id) ?? 0),
    );
    let total = 0;
    eligible.forEach((line, position) => {
      const share = shares[position] ?? 0;
      if (share === 0) return;
      left.set(line.item_id, (left.get(line.item_id) ?? 0) - share);
      allocation[line.item_id] = (allocation[line.item_id] ?? 0) + share;
      total += share;
    });
    taken.set(candidate.index, total);
  }
  const discounts = entries
    .map((entry, index): PricedDiscount | null => {
      const amount = taken.get(index);
      const listed = {
        code: entry.code,
        kind: entry.kind,
        discount_id: entry.definition?.id ?? null,
        title: entry.definition?.title ?? entry.code,
      };
      if (amount !== undefined) return { ...listed, amount, status: 'applied' };
      const usableCandidate = candidates.some((candidate) => candidate.index === index) || duplicates.has(index);
      if (entry.kind === 'automatic') return usableCandidate ? { ...listed, amount: 0, status: 'not_combined' } : null;
      return { ...listed, amount: 0, status: usableCandidate ? 'not_combined' : 'invalid' };
    })
    .filter((discount) => discount !== null);
  return {
    discounts,
    discount_total: discounts.reduce((sum, discount) => sum + discount.amount, 0),
    allocation,
  };
}

/**
 * `amount` over parts in proportion to their sizes, in whole units (largest
 * remainder first), never more than a part holds nor more than all of them.
 */
export function spread(amount: number, sizes: readonly number[]): number[] {
  const total = sizes.reduce((sum, size) => sum + Math.max(0, size), 0);
  const target = Math.min(amount, total);
  if (target <= 0) return sizes.map(() => 0);
  const exact = sizes.map((size) => (Math.max(0, size) * target) / total);
  const shares = exact.map(Math.floor);
  let rest = target - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (rest <= 0) break;
    if (shares[index]! < Math.max(0, sizes[index]!)) {
      shares[index] = shares[index]! + 1;
      rest -= 1;
    }
  }
  return shares;
}
