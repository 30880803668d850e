import { DISCOUNT_ERROR_CODES } from '@buyloop/contracts/cart/discounts';
import { NotFound } from '@buyloop/kit';
import type { DiscountEvent } from '../events';
import type { DiscountState } from '../state';

/** Spec 3's archive: the definition applies nowhere any more, its codes with it; archiving again changes nothing. */
export interface ArchiveDiscount {
  readonly type: 'ArchiveDiscount';
  readonly at: string;
}

export function archiveDiscount(command: ArchiveDiscount, state: DiscountState): DiscountEvent[] {
  if (state.fields === null) throw new NotFound(DISCOUNT_ERROR_CODES.notFound, 'There is no such discount');
  if (state.archived) return [];
  return [{ type: 'DiscountArchived', data: { id: state.id!, at: command.at } }];
}
