import type { ApprovalEvent } from '@buyloop/contracts';

export interface DecideApproval {
  readonly type: 'DecideApproval';
  readonly decision: 'grant' | 'reject';
  readonly decidedBy: string;
  readonly note: string;
  readonly at: string;
}

/** Called by the approval decider once it has checked the request is pending and the decider is a second person. */
export function decideApproval(command: DecideApproval, approvalId: string, requestedBy: string): ApprovalEvent[] {
  const { decidedBy, note, at } = command;
  return command.decision === 'grant'
    ? [{ type: 'ApprovalGranted', data: { approvalId, requestedBy, approvedBy: decidedBy, note, at } }]
    : [{ type: 'ApprovalRejected', data: { approvalId, requestedBy, rejectedBy: decidedBy, note, at } }];
}
