import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState } from '@buyloop/kit';
import { orderDecider } from '../decider';
import { confirmed, delivered, paid, placed, shipped } from '../testing';

const { given } = deciderSpec(orderDecider);
const AT = '2026-11-26T08:00:00.000Z';

describe('DeliverOrder', () => {
  it('delivers a shipped order', () => {
    given(placed(), paid(), confirmed(), shipped()).when({ type: 'DeliverOrder', at: AT }).then(delivered(AT));
  });

  it('records a repeat once', () => {
    given(placed(), paid(), confirmed(), shipped(), delivered()).when({ type: 'DeliverOrder', at: AT }).then();
  });

  it('refuses an order not shipped yet', () => {
    given(placed(), paid(), confirmed()).when({ type: 'DeliverOrder', at: AT }).thenThrows(IllegalState, 'order.not_shippable');
  });
});
