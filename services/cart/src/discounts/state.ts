import type { DiscountFields } from '@buyloop/contracts/cart/discounts';
import { DISCOUNT_ERROR_CODES } from '@buyloop/contracts/cart/discounts';
import { assertNever, IllegalState, NotFound } from '@buyloop/kit';
import type { DiscountCodeEvent, DiscountEvent } from './events';

/** A definition folded from its stream; null fields before it was created. */
export interface DiscountState {
  readonly id: string | null;
  readonly fields: DiscountFields | null;
  readonly archived: boolean;
  readonly generated: number;
}

export const initialDiscountState = (): DiscountState => ({ id: null, fields: null, archived: false, generated: 0 });

export function evolveDiscount(state: DiscountState, event: DiscountEvent): DiscountState {
  switch (event.type) {
    case 'DiscountCreated':
    case 'DiscountChanged':
      return { ...state, id: event.data.id, fields: event.data.fields };
    case 'DiscountArchived':
      return { ...state, archived: true };
    case 'DiscountCodesGenerated':
      return { ...state, generated: state.generated + event.data.codes.length };
    default:
      return assertNever(event, 'discount event');
  }
}

/** A definition that exists and is not archived: the only kind staff may change. */
export function liveDefinition(state: DiscountState): DiscountFields {
  if (state.fields === null) throw new NotFound(DISCOUNT_ERROR_CODES.notFound, 'There is no such discount');
  if (state.archived) throw new IllegalState(DISCOUNT_ERROR_CODES.archived, 'The discount is archived');
  return state.fields;
}

/** A single-use code folded from its stream: which discount issued it and which order holds it now. */
export interface DiscountCodeState {
  readonly discount_id: string | null;
  readonly claimed_by: string | null;
}

export const initialDiscountCodeState = (): DiscountCodeState => ({ discount_id: null, claimed_by: null });

export function evolveDiscountCode(state: DiscountCodeState, event: DiscountCodeEvent): DiscountCodeState {
  switch (event.type) {
    case 'DiscountCodeIssued':
      return { ...state, discount_id: event.data.discount_id };
    case 'DiscountCodeClaimed':
      return { ...state, claimed_by: event.data.order_number };
    case 'DiscountCodeReleased':
      return { ...state, claimed_by: null };
    default:
      return assertNever(event, 'discount code event');
  }
}
