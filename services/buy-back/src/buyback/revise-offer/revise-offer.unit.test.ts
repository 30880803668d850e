import { describe, expect, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h, scratchedDisplay } from '../../testing';
import { buybackFieldErrors } from '../../testing/buyback';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = {
  type: 'ReviseOffer',
  price: 7000,
  minimalPrice: 500,
  reasons: [{ questionId: 'display', reason: 'Scratched display' }],
  at: day(5),
} as const;
const differing = [h.submitted(), h.received, h.inspected([scratchedDisplay], 'B')] as const;

describe('revise the offer', () => {
  it('offers a lower price with a reason per differing finding, open for 14 days', () => {
    given(...differing)
      .when(command)
      .then(h.revised);
  });

  it('a revised price not lower than the current one is refused', () => {
    given(...differing)
      .when({ ...command, price: 9000 })
      .thenThrows(ValidationError, 'validation.failed');
    given(...differing)
      .when({ ...command, price: 9500 })
      .thenThrows(ValidationError);
    given(...differing)
      .when({ ...command, price: -1 })
      .thenThrows(ValidationError);
  });

  it('never goes below the minimal buy-back price of the price list', () => {
    given(...differing)
      .when({ ...command, price: 499 })
      .thenThrows(ValidationError, 'validation.failed');
    expect(buybackFieldErrors(differing, { ...command, price: 499 })).toEqual({
      price: ['buyback.revised_price_below_minimum'],
    });
    expect(buybackFieldErrors(differing, { ...command, price: 6999, minimalPrice: 7000 })).toEqual({
      price: ['buyback.revised_price_below_minimum'],
    });
    given(...differing)
      .when({ ...command, minimalPrice: 7000 })
      .then(h.revised);
    given(...differing)
      .when({ ...command, minimalPrice: -1 })
      .thenThrows(ValidationError);
  });

  it('needs one reason for every differing finding and none for anything else', () => {
    given(...differing)
      .when({ ...command, reasons: [] })
      .thenThrows(ValidationError);
    given(...differing)
      .when({ ...command, reasons: [...command.reasons, { questionId: 'body', reason: 'Dent' }] })
      .thenThrows(ValidationError);
    given(...differing)
      .when({ ...command, reasons: [...command.reasons, ...command.reasons] })
      .thenThrows(ValidationError);
    given(...differing)
      .when({ ...command, reasons: [{ questionId: 'display', reason: ' ' }] })
      .thenThrows(ValidationError);
  });

  it('is refused when the inspection matches (approve instead), twice, or outside the inspected state', () => {
    given(h.submitted(), h.received, h.inspected()).when(command).thenThrows(IllegalState, 'buyback.inspection_matches');
    given(...differing, h.revised)
      .when(command)
      .thenThrows(IllegalState, 'buyback.revised_offer_open');
    given(...differing, h.quarantined)
      .when(command)
      .thenThrows(IllegalState, 'buyback.quarantined');
    given(h.submitted(), h.received).when(command).thenThrows(IllegalState, 'buyback.not_inspected');
    given().when(command).thenThrows(NotFound, 'buyback.not_found');
  });
});
