import { describe, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h } from '../../testing';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = { type: 'ReleaseQuarantine', reason: 'False blacklist hit, checked with the operator', at: day(5) } as const;
const quarantined = [h.submitted(), h.received, h.inspected(), h.quarantined] as const;

describe('release a quarantined device', () => {
  it('returns the buy-back to inspected, so it can be approved or revised', () => {
    given(...quarantined)
      .when(command)
      .then({ type: 'QuarantineReleased', data: { reason: command.reason, at: day(5) } });
    given(...quarantined, h.released)
      .when({ type: 'Approve', at: day(6) })
      .then({ type: 'Approved', data: { price: 9000, at: day(6) } });
  });

  it('is refused for an unknown buy-back', () => {
    given().when(command).thenThrows(NotFound, 'buyback.not_found');
  });

  it('is refused when the device is not in quarantine or was reported', () => {
    given(h.submitted(), h.received, h.inspected()).when(command).thenThrows(IllegalState, 'buyback.not_quarantined');
    given(...quarantined, h.released)
      .when(command)
      .thenThrows(IllegalState, 'buyback.not_quarantined');
    given(...quarantined, { type: 'QuarantineReported', data: { authority: 'Police', reference: null, at: day(5) } })
      .when(command)
      .thenThrows(IllegalState, 'buyback.quarantine_reported');
  });

  it('needs a reason', () => {
    given(...quarantined)
      .when({ ...command, reason: '' })
      .thenThrows(ValidationError, 'validation.failed');
  });
});
