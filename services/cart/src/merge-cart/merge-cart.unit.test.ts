import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { fold, IllegalState } from '@buyloop/kit';
import { cartDecider } from '../decider';
import { DISCOUNT_LIMITS } from '@buyloop/contracts/cart/discounts';
import type { AppliedDiscountCode, BuybackBonus, CartEvent, CartItem, MergedRaise } from '../events';
import type { MergeCart } from './decide';
import { countOf } from '../state';
import { added, AT, CASE, INSURANCE, line, offer, PHONE } from '../testing';

const { given } = deciderSpec(cartDecider);

/** The anonymous cart's items under their ids; in the account's cart they get `m-<id>`. */
const merge = (items: readonly CartItem[], prices: Record<string, number | null> = {}): MergeCart => ({
  type: 'MergeCart',
  from_cart: 'anon',
  items,
  new_ids: Object.fromEntries(items.map((item) => [item.item_id, `m-${item.item_id}`])),
  prices,
  at: AT,
});
const renamed = (item: CartItem): CartItem => ({
  ...item,
  item_id: `m-${item.item_id}`,
  parent_item_id: item.parent_item_id === null ? null : `m-${item.parent_item_id}`,
});
const merged = (
  items: readonly CartItem[],
  taken: readonly string[],
  raised: readonly MergedRaise[] = [],
  more: Record<string, unknown> = {},
) => ({ type: 'CartMerged', data: { from_cart: 'anon', items, raised, taken, ...more, at: AT } }) as CartEvent;

const code = (name: string, overrides: Partial<AppliedDiscountCode> = {}): AppliedDiscountCode => ({
  code: name,
  kind: 'code',
  discount_id: `discount-${name}`,
  single_use: false,
  card: null,
  ...overrides,
});
const isic = (holder: string): AppliedDiscountCode =>
  code('ISIC', { kind: 'isic', discount_id: 'discount-isic', card: { number: 'S420000000001', holder } });
const applied = (discount: AppliedDiscountCode): CartEvent => ({ type: 'DiscountCodeApplied', data: { discount, at: AT } });
const bonus = (item_id: string, buyback_number: string): BuybackBonus => ({
  item_id,
  buyback_number,
  amount: 800,
  percent: 10,
  basis: 8_000,
  cap: 2_000,
});
const attached = (held: BuybackBonus): CartEvent => ({ type: 'BuybackBonusAttached', data: { bonus: held, at: AT } });

describe('MergeCart and HandOverCart (sign-in)', () => {
  const device = line('d', PHONE);
  const insurance = line('ins', INSURANCE, { parent_item_id: 'd' });
  const accessory = line('case', CASE);

  it('takes an anonymous cart’s items into the account’s cart under new ids, packages kept together', () => {
    given(added(line('a1', offer('OTHER'))))
      .when(merge([device, insurance, accessory]))
      .then(merged([device, insurance, accessory].map(renamed), ['d', 'ins', 'case']));
  });

  it('takes whole packages while they fit under the limit of lines, and names only what it took', () => {
    const full = Array.from({ length: 49 }, (_, index) => added(line(`i${index}`, offer(`P${index}`))));
    given(...full)
      .when(merge([device, insurance, accessory]))
      .then(merged([renamed(accessory)], ['case']));
  });

  it('raises the account’s plain line of the same product, re-priced at today’s price, within the per-line limit', () => {
    given(added(line('a1', CASE, { quantity: 2, unit_price: 450 })))
      .when(merge([line('case', CASE, { quantity: 3 })], { CASE: 500 }))
      .then(merged([], ['case'], [{ item_id: 'a1', quantity: 5, unit_price: 500 }]));
    // Past the per-line limit the anonymous line comes as a line of its own.
    given(added(line('a1', CASE, { quantity: 8 })))
      .when(merge([line('case', CASE, { quantity: 3 })], { CASE: 500 }))
      .then(merged([renamed(line('case', CASE, { quantity: 3 }))], ['case']));
    // A product no longer for sale (no price now) is not raised into: its line is taken as it was.
    given(added(line('a1', CASE)))
      .when(merge([accessory], { CASE: null }))
      .then(merged([renamed(accessory)], ['case']));
    // Another installment arrangement stays a line of its own.
    given(added(line('a1', PHONE, { installment: 'online' })))
      .when(merge([device], { PHONE: 20_000 }))
      .then(merged([renamed(device)], ['d']));
  });

  it('takes nothing twice: said again (a retry, two requests at once) it changes nothing', () => {
    given(
      added(line('a1', CASE)),
      merged([renamed(device), renamed(insurance)], ['d', 'ins', 'case'], [{ item_id: 'a1', quantity: 2, unit_price: 500 }]),
    )
      .when(merge([device, insurance, accessory], { CASE: 500 }))
      .then();
  });

  it('takes what was left behind once there is room, and only that', () => {
    given(added(line('a1', offer('OTHER'))), merged([renamed(accessory)], ['case']))
      .when(merge([device, insurance, accessory]))
      .then(merged([renamed(device), renamed(insurance)], ['d', 'ins']));
  });

  it('changes nothing for an empty anonymous cart', () => {
    given().when(merge([])).then();
  });

  it('folds into a cart with every merged item counted and the raised line at its new price', () => {
    const state = fold(cartDecider, [
      added(line('a1', CASE, { unit_price: 450 })),
      merged([renamed(device), renamed(insurance)], ['d', 'ins', 'case'], [{ item_id: 'a1', quantity: 2, unit_price: 500 }]),
    ]);
    expect(state.items.map((item) => [item.item_id, item.quantity, item.unit_price])).toEqual([
      ['a1', 2, 500],
      ['m-d', 1, 20_000],
      ['m-ins', 1, 1_500],
    ]);
    expect(countOf(state)).toBe(4);
  });

  it('closes the anonymous cart when all of it was taken; said again it changes nothing', () => {
    given(added(device), added(insurance))
      .when({ type: 'HandOverCart', into_cart: 'user_1', item_ids: ['d', 'ins'], at: AT })
      .then({ type: 'CartHandedOver', data: { into_cart: 'user_1', at: AT } });
    given({ type: 'CartHandedOver', data: { into_cart: 'user_1', at: AT } })
      .when({ type: 'HandOverCart', into_cart: 'user_1', item_ids: [], at: AT })
      .then();
  });

  it('gives up only what was taken: what did not fit stays in the anonymous cart, which stays open', () => {
    given(added(device), added(insurance), added(accessory))
      .when({ type: 'HandOverCart', into_cart: 'user_1', item_ids: ['case'], at: AT })
      .then({ type: 'CartItemsHandedOver', data: { into_cart: 'user_1', item_ids: ['case'], at: AT } });
    const state = fold(cartDecider, [
      added(device),
      added(insurance),
      added(accessory),
      { type: 'CartItemsHandedOver', data: { into_cart: 'user_1', item_ids: ['case'], at: AT } },
    ]);
    expect(state.handed_over_to).toBeNull();
    expect(state.items.map((item) => item.item_id)).toEqual(['d', 'ins']);
    // Nothing taken (the account's cart is full): nothing happens.
    given(added(device), added(insurance)).when({ type: 'HandOverCart', into_cart: 'user_1', item_ids: [], at: AT }).then();
  });

  describe('codes and bonuses come with the lines', () => {
    it('brings the anonymous cart’s codes; one both carts hold is held once, the account’s (its ISIC card) kept', () => {
      given(applied(code('VITEJTE10')), applied(isic('Eva Nová')))
        .when({ ...merge([accessory]), discount_codes: [isic('Jan Novák'), code('VITEJTE10'), code('JARO5')] })
        .then(
          merged([renamed(accessory)], ['case'], [], {
            discount_codes: [code('JARO5')],
            taken_codes: ['ISIC', 'VITEJTE10', 'JARO5'],
          }),
        );
      const state = fold(cartDecider, [
        applied(code('VITEJTE10')),
        applied(isic('Eva Nová')),
        merged([renamed(accessory)], ['case'], [], {
          discount_codes: [code('JARO5')],
          taken_codes: ['ISIC', 'VITEJTE10', 'JARO5'],
        }),
      ]);
      expect(state.discount_codes).toEqual([code('VITEJTE10'), isic('Eva Nová'), code('JARO5')]);
    });

    it('brings codes of an anonymous cart without items, and never a code looked at before (taken off since)', () => {
      given()
        .when({ ...merge([]), discount_codes: [code('JARO5')] })
        .then(merged([], [], [], { discount_codes: [code('JARO5')], taken_codes: ['JARO5'] }));
      given(merged([], [], [], { discount_codes: [code('JARO5')], taken_codes: ['JARO5'] }), {
        type: 'DiscountCodeRemoved',
        data: { code: 'JARO5', at: AT },
      })
        .when({ ...merge([]), discount_codes: [code('JARO5')] })
        .then();
    });

    it('drops codes past the most a cart holds, saying why', () => {
      const held = Array.from({ length: DISCOUNT_LIMITS.maxCodesInCart - 1 }, (_, index) => applied(code(`HELD${index}`)));
      given(...held)
        .when({ ...merge([]), discount_codes: [code('JARO5'), code('LETO5')] })
        .then(
          merged([], [], [], {
            discount_codes: [code('JARO5')],
            taken_codes: ['JARO5', 'LETO5'],
            dropped_codes: [{ code: 'LETO5', reason: 'too_many_codes' }],
          }),
        );
    });

    it('moves a buy-back bonus with its device line, under the line’s new id', () => {
      given(added(line('a1', CASE)))
        .when({ ...merge([device, insurance]), buyback_bonuses: [bonus('d', 'V000123')] })
        .then(merged([renamed(device), renamed(insurance)], ['d', 'ins']), attached(bonus('m-d', 'V000123')));
      const state = fold(cartDecider, [
        merged([renamed(device), renamed(insurance)], ['d', 'ins']),
        attached(bonus('m-d', 'V000123')),
      ]);
      expect(state.buyback_bonuses).toEqual([bonus('m-d', 'V000123')]);
    });

    it('drops a bonus whose buy-back the account’s cart already holds a bonus of (one buy-back, one bonus)', () => {
      given(added(line('a1', PHONE)), attached(bonus('a1', 'V000123')))
        .when({ ...merge([device]), buyback_bonuses: [bonus('d', 'V000123')] })
        .then(
          merged([renamed(device)], ['d'], [], {
            dropped_bonuses: [{ item_id: 'd', buyback_number: 'V000123', reason: 'buyback_bonus_held' }],
          }),
        );
    });

    it('leaves a bonus with its device line when the line did not fit, saying so', () => {
      const full = Array.from({ length: 49 }, (_, index) => added(line(`i${index}`, offer(`P${index}`))));
      given(...full)
        .when({ ...merge([device, insurance, accessory]), buyback_bonuses: [bonus('d', 'V000123')] })
        .then(
          merged([renamed(accessory)], ['case'], [], {
            dropped_bonuses: [{ item_id: 'd', buyback_number: 'V000123', reason: 'device_left_behind' }],
          }),
        );
    });

    it('never raises a line by one that carries a bonus, nor one that has its own: it comes as its own line', () => {
      const bare = line('d', PHONE);
      given(added(line('a1', PHONE)))
        .when({ ...merge([bare], { PHONE: 20_000 }), buyback_bonuses: [bonus('d', 'V000123')] })
        .then(merged([renamed(bare)], ['d']), attached(bonus('m-d', 'V000123')));
      const warranted = line('d', PHONE, { warranty_bonus_months: 12 });
      given(added(line('a1', PHONE)))
        .when(merge([warranted], { PHONE: 20_000 }))
        .then(merged([renamed(warranted)], ['d']));
      given(added(line('a1', PHONE, { warranty_bonus_months: 12 })))
        .when(merge([bare], { PHONE: 20_000 }))
        .then(merged([renamed(bare)], ['d']));
      // Without bonuses on either side the line is raised as before.
      given(added(line('a1', PHONE)))
        .when(merge([bare], { PHONE: 20_000 }))
        .then(merged([], ['d'], [{ item_id: 'a1', quantity: 2, unit_price: 20_000 }]));
    });

    it('moves nothing twice: a bonus on a line an earlier merge took stays where it went', () => {
      given(merged([renamed(device)], ['d']), attached(bonus('m-d', 'V000123')))
        .when({ ...merge([device, accessory]), buyback_bonuses: [bonus('d', 'V000123')] })
        .then(merged([renamed(accessory)], ['case']));
    });
  });

  it('never merges into a cart that was itself handed over', () => {
    given({ type: 'CartHandedOver', data: { into_cart: 'user_1', at: AT } })
      .when(merge([accessory]))
      .thenThrows(IllegalState, 'cart.merged');
  });
});
