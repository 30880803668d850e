import { STAFF_ROLE_APPROVAL_VALID_HOURS, type ApprovalAction, type ApprovalEvent } from '@buyloop/contracts';
import { fieldError } from '../errors';
import type { AccountRole } from '../roles';

/** The change a granted approval is used for: spent once it allowed it. */
export interface UseApproval {
  readonly type: 'UseApproval';
  readonly action: ApprovalAction;
  /** The person's e-mail (normalised), as the request named them. */
  readonly subject: string;
  /** The roles the person holds after the change, exactly; none when their account is removed. */
  readonly roles: readonly AccountRole[];
  /** Who makes the change: the person who asked for the approval. */
  readonly usedBy: string;
  readonly at: string;
}

/** The approval does not allow this change (none, not granted, another person, another change, someone else's request). */
export const APPROVAL_NOT_APPLICABLE = 'auth.approval_not_applicable';

type Requested = Extract<ApprovalEvent, { type: 'ApprovalRequested' }>['data'];

/** What the approval decider knows when an approval is to be used. */
export interface UsableApproval {
  readonly status: 'none' | 'pending' | 'granted' | 'rejected' | 'used';
  readonly approvalId: string | null;
  readonly request: Requested | null;
  readonly grantedAt: string | null;
}

const sameRoles = (a: readonly AccountRole[], b: readonly AccountRole[]): boolean =>
  [...new Set(a)].sort().join() === [...new Set(b)].sort().join();

/**
 * A granted `staff_role` approval allows the one change it names, for the
 * person who asked for it, once, within a day of the grant. Used, it is
 * spent: the same approval cannot demote a supervisor it promoted, or do
 * the same change again after someone undid it.
 */
export function decideUseApproval(command: UseApproval, state: UsableApproval): ApprovalEvent[] {
  if (state.status === 'used') throw fieldError('approval_id', 'auth.approval_used', 'The approval was used already');
  const request = state.request;
  if (
    state.status !== 'granted' ||
    request === null ||
    request.action !== command.action ||
    request.subject !== command.subject ||
    request.requestedBy !== command.usedBy ||
    // A request recorded before requests named the change allows none.
    request.roles === undefined ||
    !sameRoles(request.roles, command.roles)
  )
    throw fieldError('approval_id', APPROVAL_NOT_APPLICABLE, 'The approval does not allow this change');
  const validUntil = Date.parse(state.grantedAt ?? '') + STAFF_ROLE_APPROVAL_VALID_HOURS * 3_600_000;
  if (!(Date.parse(command.at) <= validUntil))
    throw fieldError(
      'approval_id',
      'auth.approval_expired',
      `The approval was good for ${STAFF_ROLE_APPROVAL_VALID_HOURS} hours`,
    );
  return [
    {
      type: 'ApprovalUsed',
      data: { approvalId: state.approvalId!, requestedBy: request.requestedBy, usedBy: command.usedBy, at: command.at },
    },
  ];
}
