import { IllegalState } from '@buyloop/kit';
import type { StockEvent } from '../events';
import { MAX_ON_HAND, quantityProblems, STOCK_ERRORS, throwIfInvalid } from '../rules';
import { reservedAt, type StockState } from '../state';

/**
 * A stock count sets what is on hand, with the reason (an inventory, a
 * damaged piece). A count confirming the quantity is recorded too: that it
 * was counted is worth keeping. A count below what is reserved is refused:
 * it would promise customers pieces that are not there; release their
 * reservations first.
 */
export interface CountStock {
  readonly type: 'CountStock';
  readonly code: string;
  readonly location: string;
  readonly onHand: number;
  readonly reason: string;
  readonly at: string;
}

export function decideCount(command: CountStock, state: StockState): StockEvent[] {
  throwIfInvalid(
    {
      on_hand: quantityProblems(command.onHand, { zero: true, max: MAX_ON_HAND }),
      reason: command.reason.trim() === '' ? ['validation.required'] : [],
    },
    'The count is not valid',
  );
  const reserved = reservedAt(state, command.at);
  if (command.onHand < reserved)
    throw new IllegalState(STOCK_ERRORS.countBelowReserved, `${reserved} pieces are reserved; the count cannot be lower`, {
      reserved,
      on_hand: command.onHand,
    });
  const { code, location, onHand, reason, at } = command;
  return [{ type: 'StockCounted', data: { code, location, onHand, previous: state.onHand, reason, at } }];
}
