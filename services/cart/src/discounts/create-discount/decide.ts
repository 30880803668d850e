import { DISCOUNT_ERROR_CODES, type DiscountFields } from '@buyloop/contracts/cart/discounts';
import { IllegalState } from '@buyloop/kit';
import type { DiscountEvent } from '../events';
import { checkDiscountFields } from '../rules';
import type { DiscountState } from '../state';

/** Spec 3: a new discount definition; the id comes with the command (the service draws it). */
export interface CreateDiscount {
  readonly type: 'CreateDiscount';
  readonly id: string;
  readonly fields: DiscountFields;
  readonly at: string;
}

export function createDiscount(command: CreateDiscount, state: DiscountState): DiscountEvent[] {
  if (state.fields !== null) {
    // The same request again (a retried POST) changes nothing; other fields under a taken id are a conflict.
    if (state.id === command.id && JSON.stringify(state.fields) === JSON.stringify(command.fields)) return [];
    throw new IllegalState(DISCOUNT_ERROR_CODES.exists, 'A discount with this id exists already');
  }
  checkDiscountFields(command.fields);
  return [{ type: 'DiscountCreated', data: { id: command.id, fields: command.fields, at: command.at } }];
}
