import { describe, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h } from '../../testing';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = { type: 'ReportQuarantine', authority: 'Policie ČR', reference: 'KRPA-1', at: day(5) } as const;
const quarantined = [h.submitted(), h.received, h.inspected(), h.quarantined] as const;
const reported = { type: 'QuarantineReported', data: { authority: 'Policie ČR', reference: 'KRPA-1', at: day(5) } } as const;

describe('report a quarantined device', () => {
  it('hands the device to the authorities and ends the buy-back', () => {
    given(...quarantined)
      .when(command)
      .then(reported);
    given(...quarantined, reported)
      .when({ type: 'Approve', at: day(6) })
      .thenThrows(IllegalState, 'buyback.quarantine_reported');
    given(...quarantined, reported)
      .when({ type: 'Cancel', by: 'staff', reason: 'x', at: day(6) })
      .thenThrows(IllegalState, 'buyback.quarantine_reported');
  });

  it('is refused for an unknown buy-back', () => {
    given().when(command).thenThrows(NotFound, 'buyback.not_found');
  });

  it('is refused twice and outside quarantine', () => {
    given(...quarantined, reported)
      .when(command)
      .thenThrows(IllegalState, 'buyback.quarantine_reported');
    given(h.submitted(), h.received, h.inspected()).when(command).thenThrows(IllegalState, 'buyback.not_quarantined');
  });

  it('needs the authority', () => {
    given(...quarantined)
      .when({ ...command, authority: ' ' })
      .thenThrows(ValidationError);
  });
});
