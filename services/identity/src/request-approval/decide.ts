import type { ApprovalAction, ApprovalEvent } from '@buyloop/contracts';
import { fieldError } from '../errors';
import type { AccountRole } from '../roles';

export interface RequestApproval {
  readonly type: 'RequestApproval';
  readonly approvalId: string;
  readonly action: ApprovalAction;
  readonly subject: string;
  readonly amount: number | null;
  readonly currency: string | null;
  /** `staff_role` only: the roles the person holds after the change; none to remove their account. */
  readonly roles: readonly AccountRole[] | null;
  readonly reason: string;
  readonly requestedBy: string;
  readonly at: string;
}

/** A role change is approved as the change it is, so the supervisor sees what they allow and it allows nothing else. */
export function decideRequestApproval(command: RequestApproval): ApprovalEvent[] {
  const { approvalId, action, subject, amount, currency, roles, reason, requestedBy, at } = command;
  if (action === 'staff_role' && roles === null)
    throw fieldError('roles', 'validation.required', 'A role change names the roles the person is to hold');
  if (action !== 'staff_role' && roles !== null)
    throw fieldError('roles', 'validation.unknown_field', 'Only a role change names roles');
  return [
    {
      type: 'ApprovalRequested',
      data: {
        approvalId,
        action,
        subject,
        amount,
        currency,
        ...(roles === null ? {} : { roles: [...new Set(roles)] }),
        reason,
        requestedBy,
        at,
      },
    },
  ];
}
