import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState } from '@buyloop/kit';
import { orderDecider } from '../decider';
import { confirmed, NUMBER, paid, placed, shipped } from '../testing';

const { given } = deciderSpec(orderDecider);
const AT = '2026-11-25T08:00:00.000Z';

describe('ShipOrder', () => {
  it('ships a confirmed order with its tracking number', () => {
    given(placed(), paid(), confirmed())
      .when({ type: 'ShipOrder', tracking_number: 'Z123', at: AT })
      .then({ type: 'OrderShipped', data: { number: NUMBER, tracking_number: 'Z123', at: AT } });
  });

  it('records a repeat once', () => {
    given(placed(), paid(), confirmed(), shipped()).when({ type: 'ShipOrder', tracking_number: null, at: AT }).then();
  });

  it('refuses an order still waiting for its payment', () => {
    given(placed()).when({ type: 'ShipOrder', tracking_number: null, at: AT }).thenThrows(IllegalState, 'order.not_shippable');
  });
});
