import type { ApprovalAction, ApprovalEvent } from '@buyloop/contracts';

export interface RequestApproval {
  readonly type: 'RequestApproval';
  readonly approvalId: string;
  readonly action: ApprovalAction;
  readonly subject: string;
  readonly amount: number | null;
  readonly currency: string | null;
  readonly reason: string;
  readonly requestedBy: string;
  readonly at: string;
}

export function decideRequestApproval(command: RequestApproval): ApprovalEvent[] {
  const { approvalId, action, subject, amount, currency, reason, requestedBy, at } = command;
  return [{ type: 'ApprovalRequested', data: { approvalId, action, subject, amount, currency, reason, requestedBy, at } }];
}
