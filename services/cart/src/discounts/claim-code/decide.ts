import { DISCOUNT_ERROR_CODES } from '@buyloop/contracts/cart/discounts';
import { assertNever, IllegalState, NotFound, type Decider } from '@buyloop/kit';
import type { DiscountCodeEvent } from '../events';
import { evolveDiscountCode, initialDiscountCodeState, type DiscountCodeState } from '../state';

/** Issued once, by the definition that generated it; a second issue of the same code is refused (the generator draws again). */
export interface IssueCode {
  readonly type: 'IssueCode';
  readonly code: string;
  readonly discount_id: string;
  readonly at: string;
}

/** An order's checkout takes the code: exactly one order holds it at a time; the same order again changes nothing. */
export interface ClaimCode {
  readonly type: 'ClaimCode';
  readonly code: string;
  readonly order_number: string;
  readonly at: string;
}

/** The order that holds the code gives it back (cancelled before payment); anyone else's release changes nothing. */
export interface ReleaseCode {
  readonly type: 'ReleaseCode';
  readonly code: string;
  readonly order_number: string;
  readonly at: string;
}

export type DiscountCodeCommand = IssueCode | ClaimCode | ReleaseCode;

export function decideDiscountCode(command: DiscountCodeCommand, state: DiscountCodeState): DiscountCodeEvent[] {
  switch (command.type) {
    case 'IssueCode':
      if (state.discount_id !== null)
        throw new IllegalState(DISCOUNT_ERROR_CODES.codeTaken, 'This code exists already', { code: command.code });
      return [{ type: 'DiscountCodeIssued', data: { code: command.code, discount_id: command.discount_id, at: command.at } }];
    case 'ClaimCode':
      if (state.discount_id === null) throw new NotFound(DISCOUNT_ERROR_CODES.codeInvalid, 'There is no such code');
      if (state.claimed_by === command.order_number) return [];
      if (state.claimed_by !== null)
        throw new IllegalState(DISCOUNT_ERROR_CODES.codeUsed, 'This single-use code has been used by another order', {
          code: command.code,
        });
      return [{ type: 'DiscountCodeClaimed', data: { code: command.code, order_number: command.order_number, at: command.at } }];
    case 'ReleaseCode':
      if (state.claimed_by !== command.order_number) return [];
      return [{ type: 'DiscountCodeReleased', data: { code: command.code, order_number: command.order_number, at: command.at } }];
    default:
      return assertNever(command, 'discount code command');
  }
}

/** One single-use code's stream (`discount_code-<code>`). */
export const discountCodeDecider: Decider<DiscountCodeCommand, DiscountCodeEvent, DiscountCodeState> = {
  initialState: initialDiscountCodeState,
  evolve: evolveDiscountCode,
  decide: decideDiscountCode,
};
