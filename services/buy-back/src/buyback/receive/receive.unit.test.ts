import { describe, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h } from '../../testing';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = { type: 'Receive', where: 'centre-praha', currentPrice: null, at: day(3) } as const;

describe('receive the device', () => {
  it('receives a device that was picked up or brought to a centre', () => {
    given(h.submitted(), h.pickupOrdered).when(command).then(h.received);
    given(h.submitted('centre')).when(command).then(h.received);
    given(h.submitted()).when(command).then(h.received);
  });

  it('keeps the price when the device arrives exactly 14 days after the sale', () => {
    given(h.submitted('centre'))
      .when({ ...command, at: day(14) })
      .then({ type: 'DeviceReceived', data: { where: 'centre-praha', at: day(14) } });
  });

  it('after 14 days the price guarantee is lost and the price list in force on arrival applies', () => {
    const at = day(14, '10:00:00.001');
    given(h.submitted(), h.pickupOrdered)
      .when({ ...command, currentPrice: { price: 8200, priceListVersion: 4 }, at })
      .then(
        { type: 'DeviceReceived', data: { where: 'centre-praha', at } },
        { type: 'PriceGuaranteeLost', data: { submittedAt: day(0), receivedAt: at, guaranteeDays: 14, at } },
        { type: 'Repriced', data: { previousPrice: 9000, price: 8200, priceListVersion: 4, at } },
      );
  });

  it('a late device needs the current price', () => {
    given(h.submitted())
      .when({ ...command, at: day(20) })
      .thenThrows(ValidationError, 'validation.failed');
    given(h.submitted())
      .when({ ...command, currentPrice: { price: -1, priceListVersion: 4 }, at: day(20) })
      .thenThrows(ValidationError);
  });

  it('receiving twice is refused with a clear code; so is receiving before the sale or after a cancellation', () => {
    given(h.submitted(), h.received).when(command).thenThrows(IllegalState, 'buyback.already_received');
    given(h.submitted(), h.received, h.inspected()).when(command).thenThrows(IllegalState, 'buyback.already_received');
    given(h.offerEmailed).when(command).thenThrows(IllegalState, 'buyback.not_submitted');
    given(h.submitted(), { type: 'Cancelled', data: { by: 'customer', reason: null, deviceHeld: false, at: day(1) } })
      .when(command)
      .thenThrows(IllegalState, 'buyback.already_cancelled');
    given().when(command).thenThrows(NotFound, 'buyback.not_found');
  });

  it('needs the place of receipt', () => {
    given(h.submitted())
      .when({ ...command, where: '' })
      .thenThrows(ValidationError);
  });
});
