import { assertNever, type Decider } from '@buyloop/kit';
import type { DiscountEvent } from './events';
import { evolveDiscount, initialDiscountState, type DiscountState } from './state';
import { createDiscount, type CreateDiscount } from './create-discount/decide';
import { updateDiscount, type UpdateDiscount } from './update-discount/decide';
import { archiveDiscount, type ArchiveDiscount } from './archive-discount/decide';
import { recordGeneratedCodes, type RecordGeneratedCodes } from './generate-codes/decide';

export type DiscountCommand = CreateDiscount | UpdateDiscount | ArchiveDiscount | RecordGeneratedCodes;

/** One discount definition's stream (`discount-<id>`): pure; ids, codes and time arrive in the command. */
export const discountDecider: Decider<DiscountCommand, DiscountEvent, DiscountState> = {
  initialState: initialDiscountState,
  evolve: evolveDiscount,
  decide(command, state) {
    switch (command.type) {
      case 'CreateDiscount':
        return createDiscount(command, state);
      case 'UpdateDiscount':
        return updateDiscount(command, state);
      case 'ArchiveDiscount':
        return archiveDiscount(command, state);
      case 'RecordGeneratedCodes':
        return recordGeneratedCodes(command, state);
      default:
        return assertNever(command, 'discount command');
    }
  },
};
