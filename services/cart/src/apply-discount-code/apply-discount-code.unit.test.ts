import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { cartDecider } from '../decider';
import type { AppliedDiscountCode } from '../events';
import { added, AT, line, PHONE } from '../testing';

const { given } = deciderSpec(cartDecider);
const found = { discount_id: 'd1', single_use: false, usable: true, used: false };
const apply = (
  code: string,
  overrides: Partial<{ found: typeof found | null; kind: 'code' | 'isic'; card: AppliedDiscountCode['card'] }> = {},
) => ({ type: 'ApplyDiscountCode', code, kind: 'code', found, card: null, at: AT, ...overrides }) as const;
const applied = (code: string, overrides: Partial<AppliedDiscountCode> = {}) =>
  ({
    type: 'DiscountCodeApplied',
    data: { discount: { code, kind: 'code', discount_id: 'd1', single_use: false, card: null, ...overrides }, at: AT },
  }) as const;

describe('applying a discount code (spec 7 add_discount_code)', () => {
  it('holds a valid code; the same code again changes nothing', () => {
    given(added(line('d', PHONE)))
      .when(apply('VITEJTE10'))
      .then(applied('VITEJTE10'));
    given(applied('VITEJTE10')).when(apply('VITEJTE10')).then();
  });

  it('takes an ISIC card with its number and holder; another card replaces it', () => {
    const card = { number: 'S420123456789A', holder: 'Jana Nováková' };
    given()
      .when(apply('ISIC', { kind: 'isic', card }))
      .then(applied('ISIC', { kind: 'isic', card }));
    const other = { number: 'S420123456789B', holder: 'Jana Nováková' };
    given(applied('ISIC', { kind: 'isic', card }))
      .when(apply('ISIC', { kind: 'isic', card: other }))
      .then(applied('ISIC', { kind: 'isic', card: other }));
  });

  it('refuses unknown, unusable and used codes alike with spec 8’s ‘sale code invalid’', () => {
    given()
      .when(apply('NOPE', { found: null }))
      .thenThrows(ValidationError, 'discount.code_invalid');
    given()
      .when(apply('OLD', { found: { ...found, usable: false } }))
      .thenThrows(ValidationError, 'discount.code_invalid');
    given()
      .when(apply('aB3dE5fG7h', { found: { ...found, single_use: true, used: true } }))
      .thenThrows(ValidationError, 'discount.code_invalid');
  });

  it('holds at most five codes', () => {
    given(applied('A1'), applied('A2'), applied('A3'), applied('A4'), applied('A5'))
      .when(apply('A6'))
      .thenThrows(IllegalState, 'discount.too_many_codes');
  });

  it('is refused on a cart taken into an account’s cart', () => {
    given({ type: 'CartHandedOver', data: { into_cart: 'user_1', at: AT } })
      .when(apply('VITEJTE10'))
      .thenThrows(IllegalState, 'cart.merged');
  });
});

describe('removing a discount code (spec 7 remove_product_discount)', () => {
  it('takes a held code off; one not held is not found', () => {
    given(applied('VITEJTE10'))
      .when({ type: 'RemoveDiscountCode', code: 'VITEJTE10', at: AT })
      .then({ type: 'DiscountCodeRemoved', data: { code: 'VITEJTE10', at: AT } });
    given(applied('VITEJTE10'))
      .when({ type: 'RemoveDiscountCode', code: 'OTHER', at: AT })
      .thenThrows(NotFound, 'discount.code_not_in_cart');
  });

  it('is refused on a cart taken into an account’s cart', () => {
    given(applied('VITEJTE10'), { type: 'CartHandedOver', data: { into_cart: 'user_1', at: AT } })
      .when({ type: 'RemoveDiscountCode', code: 'VITEJTE10', at: AT })
      .thenThrows(IllegalState, 'cart.merged');
  });
});
