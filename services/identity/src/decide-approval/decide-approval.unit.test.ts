import { describe, it } from 'vitest';
import { IllegalState, NotFound, RequestRefused } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { approvalDecider, type ApprovalEvent } from '../approval';

const { given } = deciderSpec(approvalDecider);
const at = '2026-11-22T10:00:00.000Z';
const requested: ApprovalEvent = {
  type: 'ApprovalRequested',
  data: {
    approvalId: 'a1',
    action: 'payout',
    subject: 'VK-1',
    amount: 25_000,
    currency: 'CZK',
    reason: 'nad limit',
    requestedBy: 'clerk',
    at,
  },
};

describe('the supervisor check', () => {
  it('a second person grants, and the event names both people', () => {
    given(requested)
      .when({ type: 'DecideApproval', decision: 'grant', decidedBy: 'boss', note: 'OK', at })
      .then({ type: 'ApprovalGranted', data: { approvalId: 'a1', requestedBy: 'clerk', approvedBy: 'boss', note: 'OK', at } });
  });

  it('nobody approves their own request', () => {
    given(requested)
      .when({ type: 'DecideApproval', decision: 'grant', decidedBy: 'clerk', note: '', at })
      .thenThrows(RequestRefused, 'auth.supervisor_self_approval');
  });

  it('a request is decided once, and only a request that exists', () => {
    const granted: ApprovalEvent = {
      type: 'ApprovalGranted',
      data: { approvalId: 'a1', requestedBy: 'clerk', approvedBy: 'boss', note: '', at },
    };
    given(requested, granted)
      .when({ type: 'DecideApproval', decision: 'reject', decidedBy: 'other', note: '', at })
      .thenThrows(IllegalState, 'auth.approval_already_decided');
    given()
      .when({ type: 'DecideApproval', decision: 'grant', decidedBy: 'boss', note: '', at })
      .thenThrows(NotFound, 'auth.approval_not_found');
  });
});
