import { describe, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h } from '../../testing';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const byCustomer = { type: 'Cancel', by: 'customer', reason: null, at: day(2) } as const;
const byStaff = { type: 'Cancel', by: 'staff', reason: 'Customer called', at: day(4) } as const;

describe('cancel', () => {
  it('the customer cancels before the device is received', () => {
    const cancelled = { type: 'Cancelled', data: { by: 'customer', reason: null, deviceHeld: false, at: day(2) } } as const;
    given(h.submitted()).when(byCustomer).then(cancelled);
    given(h.submitted(), h.pickupOrdered).when(byCustomer).then(cancelled);
    given(h.submitted('centre'))
      .when({ ...byCustomer, reason: 'Changed my mind' })
      .then({
        type: 'Cancelled',
        data: { by: 'customer', reason: 'Changed my mind', deviceHeld: false, at: day(2) },
      });
  });

  it('the customer cannot cancel after receipt', () => {
    given(h.submitted(), h.received).when(byCustomer).thenThrows(IllegalState, 'buyback.cancel_after_receipt');
    given(h.submitted(), h.received, h.inspected(), h.approved)
      .when(byCustomer)
      .thenThrows(IllegalState, 'buyback.cancel_after_receipt');
  });

  it('staff cancel with a reason until the payout is ordered; a device already here is returned', () => {
    given(h.submitted())
      .when(byStaff)
      .then({ type: 'Cancelled', data: { by: 'staff', reason: 'Customer called', deviceHeld: false, at: day(4) } });
    given(h.submitted(), h.received, h.inspected(), h.approved)
      .when(byStaff)
      .then({ type: 'Cancelled', data: { by: 'staff', reason: 'Customer called', deviceHeld: true, at: day(4) } });
    given(h.submitted(), h.received, { type: 'Cancelled', data: { by: 'staff', reason: 'x', deviceHeld: true, at: day(4) } })
      .when({ type: 'ReturnDevice', shipmentReference: null, at: day(5) })
      .then({ type: 'DeviceReturned', data: { shipmentReference: null, freeOfCharge: true, at: day(5) } });
  });

  it('staff need a reason', () => {
    given(h.submitted())
      .when({ ...byStaff, reason: null })
      .thenThrows(ValidationError, 'validation.failed');
    given(h.submitted())
      .when({ ...byStaff, reason: '  ' })
      .thenThrows(ValidationError);
  });

  it('is refused twice, in quarantine, after the payout is ordered, before the sale', () => {
    const cancelled = { type: 'Cancelled', data: { by: 'customer', reason: null, deviceHeld: false, at: day(2) } } as const;
    given(h.submitted(), cancelled).when(byCustomer).thenThrows(IllegalState, 'buyback.already_cancelled');
    given(h.submitted(), cancelled).when(byStaff).thenThrows(IllegalState, 'buyback.already_cancelled');
    given(h.submitted(), h.received, h.inspected(), h.quarantined).when(byStaff).thenThrows(IllegalState, 'buyback.quarantined');
    given(h.submitted(), h.received, h.inspected(), h.approved, h.payoutOrdered)
      .when(byStaff)
      .thenThrows(IllegalState, 'buyback.not_paid');
    given(h.offerEmailed).when(byCustomer).thenThrows(IllegalState, 'buyback.not_submitted');
    given().when(byCustomer).thenThrows(NotFound, 'buyback.not_found');
  });
});
