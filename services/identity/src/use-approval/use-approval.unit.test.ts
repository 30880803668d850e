import { describe, expect, it } from 'vitest';
import { fold, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { approvalDecider, type ApprovalCommand, type ApprovalEvent } from '../approval';
import type { UseApproval } from './decide';

const { given } = deciderSpec(approvalDecider);
const requestedAt = '2026-11-22T09:00:00.000Z';
const grantedAt = '2026-11-22T10:00:00.000Z';
const requested = (roles?: UseApproval['roles']): ApprovalEvent => ({
  type: 'ApprovalRequested',
  data: {
    approvalId: 'a1',
    action: 'staff_role',
    subject: 'sklad@example.cz',
    amount: null,
    currency: null,
    ...(roles ? { roles } : {}),
    reason: 'Vedoucí skladu',
    requestedBy: 'admin',
    at: requestedAt,
  },
});
const granted: ApprovalEvent = {
  type: 'ApprovalGranted',
  data: { approvalId: 'a1', requestedBy: 'admin', approvedBy: 'boss', note: '', at: grantedAt },
};
const promote: UseApproval = {
  type: 'UseApproval',
  action: 'staff_role',
  subject: 'sklad@example.cz',
  roles: ['warehouse', 'supervisor'],
  usedBy: 'admin',
  at: '2026-11-22T11:00:00.000Z',
};
const used: ApprovalEvent = {
  type: 'ApprovalUsed',
  data: { approvalId: 'a1', requestedBy: 'admin', usedBy: 'admin', at: promote.at },
};

/** The field errors a refused command answers with. */
function refusal(history: readonly ApprovalEvent[], command: ApprovalCommand): Record<string, string[]> {
  try {
    approvalDecider.decide(command, fold(approvalDecider, history));
  } catch (error) {
    if (error instanceof ValidationError) return error.fieldErrors as Record<string, string[]>;
    throw error;
  }
  throw new Error('The use was not refused');
}

describe('using an approval of a role change', () => {
  it('the change it names, by whoever asked for it, is allowed once and spends it', () => {
    given(requested(['warehouse', 'supervisor']), granted)
      .when(promote)
      .then(used);
    // The roles in any order, as a set.
    given(requested(['supervisor', 'warehouse']), granted)
      .when(promote)
      .then(used);
    expect(refusal([requested(['warehouse', 'supervisor']), granted, used], promote)).toEqual({
      approval_id: ['auth.approval_used'],
    });
  });

  it('allows no other change: other roles, the reverse, another person, another requester, another action', () => {
    const history = [requested(['warehouse', 'supervisor']), granted];
    const notApplicable = { approval_id: ['auth.approval_not_applicable'] };
    for (const other of [
      { ...promote, roles: ['warehouse'] },
      { ...promote, roles: ['warehouse', 'supervisor', 'administrator'] },
      { ...promote, roles: [] },
      { ...promote, subject: 'jiny@example.cz' },
      { ...promote, usedBy: 'other-admin' },
      { ...promote, action: 'payout' },
    ] satisfies UseApproval[])
      expect(refusal(history, other), JSON.stringify(other)).toEqual(notApplicable);
  });

  it('allows nothing before it is granted, once rejected, or when it does not exist', () => {
    const notApplicable = { approval_id: ['auth.approval_not_applicable'] };
    expect(refusal([], promote)).toEqual(notApplicable);
    expect(refusal([requested(['warehouse', 'supervisor'])], promote)).toEqual(notApplicable);
    const rejected: ApprovalEvent = {
      type: 'ApprovalRejected',
      data: { approvalId: 'a1', requestedBy: 'admin', rejectedBy: 'boss', note: '', at: grantedAt },
    };
    expect(refusal([requested(['warehouse', 'supervisor']), rejected], promote)).toEqual(notApplicable);
  });

  it('a request recorded before requests named the change allows none', () => {
    expect(refusal([requested(), granted], promote)).toEqual({ approval_id: ['auth.approval_not_applicable'] });
  });

  it('is good for 24 hours after the grant', () => {
    const history = [requested(['warehouse', 'supervisor']), granted];
    given(...history)
      .when({ ...promote, at: '2026-11-23T10:00:00.000Z' })
      .then({ ...used, data: { ...used.data, at: '2026-11-23T10:00:00.000Z' } } as ApprovalEvent);
    expect(refusal(history, { ...promote, at: '2026-11-23T10:00:00.001Z' })).toEqual({ approval_id: ['auth.approval_expired'] });
  });

  it('a removal of the account is approved as no roles at all', () => {
    given(requested([]), granted)
      .when({ ...promote, roles: [] })
      .then(used);
  });
});

describe('asking for an approval of a role change', () => {
  const ask = {
    type: 'RequestApproval',
    approvalId: 'a1',
    action: 'staff_role',
    subject: 'sklad@example.cz',
    amount: null,
    currency: null,
    roles: ['warehouse', 'supervisor', 'warehouse'],
    reason: 'Vedoucí skladu',
    requestedBy: 'admin',
    at: requestedAt,
  } as const;

  it('names the roles the person is to hold, once each', () => {
    given()
      .when(ask)
      .then(requested(['warehouse', 'supervisor']));
  });

  it('a role change must name them, and nothing else names roles', () => {
    expect(refusal([], { ...ask, roles: null })).toEqual({ roles: ['validation.required'] });
    expect(refusal([], { ...ask, action: 'payout', subject: '0000000042', amount: 25_000, currency: 'CZK' })).toEqual({
      roles: ['validation.unknown_field'],
    });
  });
});
