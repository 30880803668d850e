import { describe, it } from 'vitest';
import { IllegalState, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { stockDecider } from '../decider';
import { CODE, HERE, minute, received, reserved } from '../testing';

const { given } = deciderSpec(stockDecider);
const out = (quantity: number, to = 'cz-praha') =>
  ({ type: 'TransferOut', code: CODE, location: HERE, transferId: 't-1', to, quantity, at: minute(5) }) as const;
const arrive = (quantity: number) =>
  ({ type: 'TransferIn', code: CODE, location: HERE, transferId: 't-1', from: 'cz-brno', quantity, at: minute(6) }) as const;

describe('transfer', () => {
  it('pieces leave the source when available', () => {
    given(received(10), reserved('cart-1', 4))
      .when(out(6))
      .then({
        type: 'StockTransferredOut',
        data: { code: CODE, location: HERE, transferId: 't-1', to: 'cz-praha', quantity: 6, at: minute(5) },
      });
  });

  it('never more than is available (reserved pieces stay)', () => {
    given(received(10), reserved('cart-1', 4)).when(out(7)).thenThrows(IllegalState, 'catalogue.stock.insufficient');
    given().when(out(1)).thenThrows(IllegalState, 'catalogue.stock.insufficient');
  });

  it('the same transfer twice leaves once and arrives once', () => {
    const left = {
      type: 'StockTransferredOut',
      data: { code: CODE, location: HERE, transferId: 't-1', to: 'cz-praha', quantity: 6, at: minute(5) },
    } as const;
    given(received(10), left).when(out(6)).then();
    const arrived = {
      type: 'StockTransferredIn',
      data: { code: CODE, location: HERE, transferId: 't-1', from: 'cz-brno', quantity: 6, at: minute(6) },
    } as const;
    given().when(arrive(6)).then(arrived);
    given(arrived).when(arrive(6)).then();
  });

  it('refuses moving to the same place and bad quantities', () => {
    given(received(10)).when(out(1, HERE)).thenThrows(ValidationError, 'validation.failed');
    given(received(10)).when(out(0)).thenThrows(ValidationError, 'validation.failed');
    given(received(10)).when(out(-2)).thenThrows(ValidationError, 'validation.failed');
    given().when(arrive(1.5)).thenThrows(ValidationError, 'validation.failed');
  });
});
