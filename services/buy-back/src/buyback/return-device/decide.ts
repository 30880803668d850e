import type { BuybackEvent } from '../events';
import { illegal, wrongState } from '../rules';
import type { BuybackState } from '../state';

/** The device goes back to the customer, free of charge (revised offer rejected or expired, or cancelled by staff). */
export interface ReturnDevice {
  readonly type: 'ReturnDevice';
  readonly shipmentReference: string | null;
  readonly at: string;
}

export function decideReturnDevice(command: ReturnDevice, state: BuybackState): BuybackEvent[] {
  if (state.status === 'new') throw wrongState(state, 'ReturnDevice');
  if (state.status === 'returned') throw illegal('buyback.already_returned', 'The device has already been returned');
  if (state.status !== 'returning') throw illegal('buyback.not_returning', 'The device is not to be returned');
  const { shipmentReference, at } = command;
  return [{ type: 'DeviceReturned', data: { shipmentReference, freeOfCharge: true, at } }];
}
