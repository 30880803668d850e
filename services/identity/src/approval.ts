import { IllegalState, NotFound, type Decider } from '@buyloop/kit';
import { forbidden } from './errors';
import { decideRequestApproval, type RequestApproval } from './request-approval/decide';
import { decideApproval, type DecideApproval } from './decide-approval/decide';
import { decideUseApproval, type UsableApproval, type UseApproval } from './use-approval/decide';
import type { ApprovalEvent } from '@buyloop/contracts';

export { APPROVAL_ACTIONS, approvalStream, type ApprovalAction, type ApprovalEvent } from '@buyloop/contracts';
export { APPROVAL_NOT_APPLICABLE } from './use-approval/decide';

/**
 * The supervisor check (spec 6): a sensitive action (a payout above the
 * configured amount, a credit note, a discount of 80 % or more, granting or
 * taking the supervisor or administrator role) waits for a second person
 * with the supervisor role. The request, the decision and, for a role
 * change, its use are events of an `approval-<id>` stream, each naming its
 * person, so the approval names all of them. The action's own slice checks
 * for a granted approval; a role change also spends it (`UseApproval`).
 */
export interface ApprovalState extends UsableApproval {
  readonly requestedBy: string | null;
}

export type ApprovalCommand = RequestApproval | DecideApproval | UseApproval;

export const approvalDecider: Decider<ApprovalCommand, ApprovalEvent, ApprovalState> = {
  initialState: () => ({ status: 'none', requestedBy: null, approvalId: null, request: null, grantedAt: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'ApprovalRequested':
        return {
          ...state,
          status: 'pending',
          requestedBy: event.data.requestedBy,
          approvalId: event.data.approvalId,
          request: event.data,
        };
      case 'ApprovalGranted':
        return { ...state, status: 'granted', grantedAt: event.data.at };
      case 'ApprovalRejected':
        return { ...state, status: 'rejected' };
      case 'ApprovalUsed':
        return { ...state, status: 'used' };
      default:
        return never(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RequestApproval':
        if (state.status !== 'none') throw new IllegalState('auth.approval_exists', `Approval ${command.approvalId} exists`);
        return decideRequestApproval(command);
      case 'DecideApproval':
        if (state.status === 'none') throw new NotFound('auth.approval_not_found', 'There is no such approval request');
        if (state.status !== 'pending')
          throw new IllegalState('auth.approval_already_decided', `The request is already ${state.status}`);
        if (state.requestedBy === command.decidedBy)
          throw forbidden('auth.supervisor_self_approval', 'The supervisor check must be done by a second person');
        return decideApproval(command, state.approvalId!, state.requestedBy!);
      case 'UseApproval':
        return decideUseApproval(command, state);
      default:
        return never(command);
    }
  },
};

function never(value: never): never {
  throw new Error(`Unhandled approval case ${JSON.stringify(value)}`);
}
