import type { StockEvent } from '../events';
import { insufficient, MAX_QUANTITY, quantityProblems, STOCK_ERRORS, throwIfInvalid } from '../rules';
import { availableAt, type StockState } from '../state';

/**
 * A transfer touches two streams, so it is two decisions (see
 * stock-service.ts): the pieces leave the source first, decided on the
 * source's version (only what is available may leave), then arrive at the
 * target under an event id derived from the transfer id, so the arrival is
 * written exactly once however often it is retried.
 */
export interface TransferOut {
  readonly type: 'TransferOut';
  readonly code: string;
  readonly location: string;
  readonly transferId: string;
  readonly to: string;
  readonly quantity: number;
  readonly at: string;
}

export interface TransferIn {
  readonly type: 'TransferIn';
  readonly code: string;
  readonly location: string;
  readonly transferId: string;
  readonly from: string;
  readonly quantity: number;
  readonly at: string;
}

export function decideTransferOut(command: TransferOut, state: StockState): StockEvent[] {
  throwIfInvalid(
    {
      quantity: quantityProblems(command.quantity, { zero: false, max: MAX_QUANTITY }),
      to: command.to === command.location ? [STOCK_ERRORS.sameLocation] : [],
    },
    'The transfer is not valid',
  );
  if (state.transfersOut.includes(command.transferId)) return [];
  const available = availableAt(state, command.at);
  if (available < command.quantity) throw insufficient(state, available, command.quantity);
  const { code, location, transferId, to, quantity, at } = command;
  return [{ type: 'StockTransferredOut', data: { code, location, transferId, to, quantity, at } }];
}

export function decideTransferIn(command: TransferIn, state: StockState): StockEvent[] {
  throwIfInvalid(
    { quantity: quantityProblems(command.quantity, { zero: false, max: MAX_QUANTITY }) },
    'The transfer is not valid',
  );
  if (state.transfersIn.includes(command.transferId)) return [];
  const { code, location, transferId, from, quantity, at } = command;
  return [{ type: 'StockTransferredIn', data: { code, location, transferId, from, quantity, at } }];
}
