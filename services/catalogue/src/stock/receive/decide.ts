import type { StockEvent } from '../events';
import { MAX_QUANTITY, quantityProblems, throwIfInvalid } from '../rules';
import type { StockState } from '../state';

/** Goods received at a location. A receipt id, when given, makes a repeated receipt a no-op. */
export interface ReceiveStock {
  readonly type: 'ReceiveStock';
  readonly code: string;
  readonly location: string;
  readonly receiptId: string | null;
  readonly quantity: number;
  readonly reference: string | null;
  readonly at: string;
}

export function decideReceive(command: ReceiveStock, state: StockState): StockEvent[] {
  throwIfInvalid(
    { quantity: quantityProblems(command.quantity, { zero: false, max: MAX_QUANTITY }) },
    'The receipt is not valid',
  );
  if (command.receiptId !== null && state.receipts.includes(command.receiptId)) return [];
  const { code, location, receiptId, quantity, reference, at } = command;
  return [{ type: 'StockReceived', data: { code, location, receiptId, quantity, reference, at } }];
}
