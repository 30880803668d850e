import type { BuybackEvent } from '../events';
import { FieldErrors, illegal, wrongState } from '../rules';
import type { BuybackState } from '../state';

/** A courier is ordered to collect the device from the customer. */
export interface OrderPickup {
  readonly type: 'OrderPickup';
  readonly carrier: string;
  readonly pickupReference: string;
  readonly at: string;
}

export function decideOrderPickup(command: OrderPickup, state: BuybackState): BuybackEvent[] {
  if (state.status === 'awaiting_device' && state.pickupOrdered)
    throw illegal('buyback.pickup_already_ordered', 'A courier pickup has already been ordered');
  if (state.status === 'awaiting_device' && state.pickup === 'centre')
    throw illegal('buyback.pickup_not_courier', 'The customer brings the device to a buy-back centre');
  if (state.status !== 'submitted') throw wrongState(state, 'OrderPickup');
  new FieldErrors()
    .text('carrier', command.carrier)
    .text('pickupReference', command.pickupReference)
    .time('at', command.at)
    .throwIfAny('The pickup cannot be ordered');
  const { carrier, pickupReference, at } = command;
  return [{ type: 'PickupOrdered', data: { carrier, pickupReference, at } }];
}
