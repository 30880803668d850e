import { DISCOUNT_ERROR_CODES, DISCOUNT_LIMITS } from '@buyloop/contracts/cart/discounts';
import { ValidationError } from '@buyloop/kit';
import type { DiscountEvent } from '../events';
import { liveDefinition, type DiscountState } from '../state';

/**
 * Spec 9's single-use codes, recorded on the definition once each has been
 * issued on its own stream (the service draws them and issues them first:
 * a code is the definition's only when its stream says so).
 */
export interface RecordGeneratedCodes {
  readonly type: 'RecordGeneratedCodes';
  readonly codes: readonly string[];
  readonly at: string;
}

/** The count a request may ask for, refused under `count`. */
export function checkCodeCount(count: number): void {
  if (!Number.isSafeInteger(count) || count < 1 || count > DISCOUNT_LIMITS.maxGeneratedCodes)
    throw new ValidationError(
      DISCOUNT_ERROR_CODES.countOutOfRange,
      { count: [DISCOUNT_ERROR_CODES.countOutOfRange] },
      `Between 1 and ${DISCOUNT_LIMITS.maxGeneratedCodes} codes`,
      { min: 1, max: DISCOUNT_LIMITS.maxGeneratedCodes },
    );
}

export function recordGeneratedCodes(command: RecordGeneratedCodes, state: DiscountState): DiscountEvent[] {
  liveDefinition(state);
  checkCodeCount(command.codes.length);
  return [{ type: 'DiscountCodesGenerated', data: { id: state.id!, codes: command.codes, at: command.at } }];
}
