import type { BuybackEvent } from '../events';
import { FieldErrors, illegal, moreThanDaysAfter, PRICE_GUARANTEE_DAYS, wrongState } from '../rules';
import type { BuybackState } from '../state';

/**
 * The device arrives. Later than PRICE_GUARANTEE_DAYS after the sale, the
 * price guarantee is lost and the device is re-priced by the price list in
 * force on arrival, which the caller looks up and passes as `currentPrice`.
 */
export interface Receive {
  readonly type: 'Receive';
  readonly where: string;
  readonly currentPrice: { readonly price: number; readonly priceListVersion: number } | null;
  readonly at: string;
}

export function decideReceive(command: Receive, state: BuybackState): BuybackEvent[] {
  if (state.receivedAt !== null) throw illegal('buyback.already_received', 'The device has already been received');
  if (state.status !== 'submitted' && state.status !== 'awaiting_device') throw wrongState(state, 'Receive');
  const errors = new FieldErrors().text('where', command.where).time('at', command.at);
  const submittedAt = state.submittedAt ?? command.at;
  const late = moreThanDaysAfter(submittedAt, command.at, PRICE_GUARANTEE_DAYS);
  if (late && command.currentPrice === null) errors.add('currentPrice', 'validation.required');
  if (command.currentPrice) {
    errors.amount('currentPrice.price', command.currentPrice.price);
    if (!Number.isSafeInteger(command.currentPrice.priceListVersion) || command.currentPrice.priceListVersion < 1)
      errors.add('currentPrice.priceListVersion', 'buyback.price_list.version_invalid');
  }
  errors.throwIfAny('The device cannot be received');
  const { where, at } = command;
  const received: BuybackEvent = { type: 'DeviceReceived', data: { where, at } };
  if (!late || command.currentPrice === null) return [received];
  return [
    received,
    { type: 'PriceGuaranteeLost', data: { submittedAt, receivedAt: at, guaranteeDays: PRICE_GUARANTEE_DAYS, at } },
    {
      type: 'Repriced',
      data: {
        previousPrice: state.price ?? 0,
        price: command.currentPrice.price,
        priceListVersion: command.currentPrice.priceListVersion,
        at,
      },
    },
  ];
}
