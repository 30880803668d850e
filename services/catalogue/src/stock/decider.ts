import { assertNever, type Decider } from '@buyloop/kit';
import type { StockEvent } from './events';
import { evolveStock, initialStockState, type StockState } from './state';
import { decideReceive, type ReceiveStock } from './receive/decide';
import { decideCount, type CountStock } from './count/decide';
import { decideTransferIn, decideTransferOut, type TransferIn, type TransferOut } from './transfer/decide';
import { decideReserve, type ReserveStock } from './reserve/decide';
import { decideRelease, type ReleaseReservation } from './release/decide';
import { decideExpire, type ExpireReservation } from './expire-reservation/decide';
import { decideSell, type SellReservation } from './sell/decide';

export type StockCommand =
  ReceiveStock | CountStock | TransferOut | TransferIn | ReserveStock | ReleaseReservation | ExpireReservation | SellReservation;

/** The decider of `stock-<code>-<locationId>`: one product's stock at one location. */
export const stockDecider: Decider<StockCommand, StockEvent, StockState> = {
  initialState: initialStockState,
  evolve: evolveStock,
  decide(command, state) {
    switch (command.type) {
      case 'ReceiveStock':
        return decideReceive(command, state);
      case 'CountStock':
        return decideCount(command, state);
      case 'TransferOut':
        return decideTransferOut(command, state);
      case 'TransferIn':
        return decideTransferIn(command, state);
      case 'ReserveStock':
        return decideReserve(command, state);
      case 'ReleaseReservation':
        return decideRelease(command, state);
      case 'ExpireReservation':
        return decideExpire(command, state);
      case 'SellReservation':
        return decideSell(command, state);
      default:
        return assertNever(command, 'stock command');
    }
  },
};
