import { assertNever, type Decider } from '@buyloop/kit';
import type { OrderEvent } from './events';
import { evolveOrder, initialOrderState, type OrderState } from './state';
import { placeOrder, type PlaceOrder } from './place-order/decide';
import { markPaid, type MarkPaid } from './mark-paid/decide';
import { markPaymentFailed, type MarkPaymentFailed } from './mark-payment-failed/decide';
import { shipOrder, type ShipOrder } from './ship-order/decide';
import { deliverOrder, type DeliverOrder } from './deliver-order/decide';
import { cancelOrder, type CancelOrder } from './cancel-order/decide';
import { withdrawOrder, type WithdrawOrder } from './withdraw-order/decide';
import { clawBackBonus, type ClawBackBonus } from './claw-back-bonus/decide';
import { splitIntoPackages, type SplitIntoPackages } from './split-into-packages/decide';
import { recordRefund, type RecordRefund } from './record-refund/decide';

export type OrderCommand =
  | PlaceOrder
  | MarkPaid
  | MarkPaymentFailed
  | ShipOrder
  | DeliverOrder
  | CancelOrder
  | WithdrawOrder
  | ClawBackBonus
  | SplitIntoPackages
  | RecordRefund;

/** One order stream (`order-<number>`): pure; time, ids, prices and the payment's facts arrive in the command. */
export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState: initialOrderState,
  evolve: evolveOrder,
  decide(command, state) {
    switch (command.type) {
      case 'PlaceOrder':
        return placeOrder(command, state);
      case 'MarkPaid':
        return markPaid(command, state);
      case 'MarkPaymentFailed':
        return markPaymentFailed(command, state);
      case 'ShipOrder':
        return shipOrder(command, state);
      case 'DeliverOrder':
        return deliverOrder(command, state);
      case 'CancelOrder':
        return cancelOrder(command, state);
      case 'WithdrawOrder':
        return withdrawOrder(command, state);
      case 'ClawBackBonus':
        return clawBackBonus(command, state);
      case 'SplitIntoPackages':
        return splitIntoPackages(command, state);
      case 'RecordRefund':
        return recordRefund(command, state);
      default:
        return assertNever(command, 'order command');
    }
  },
};
