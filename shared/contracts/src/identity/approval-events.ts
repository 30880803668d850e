import type { AccountRole } from '../roles';

/**
 * The identity context's published language for the supervisor check (spec 6):
 * an `approval-<id>` stream holds the request and the decision, each naming
 * its person. Other contexts (a payout, a credit note) read these events to
 * see whether their action was approved; they never import identity itself.
 */
export const APPROVAL_ACTIONS = ['payout', 'credit_note', 'discount', 'staff_role'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** How long a granted approval of a role change can be used: a day, so an old yes does not allow today's change. */
export const STAFF_ROLE_APPROVAL_VALID_HOURS = 24;

export type ApprovalEvent =
  | {
      type: 'ApprovalRequested';
      data: {
        approvalId: string;
        action: ApprovalAction;
        /** What it is about: a buy-back number, an invoice number, a discount id, a person's e-mail. */
        subject: string;
        amount: number | null;
        currency: string | null;
        /**
         * A `staff_role` request names the change: the roles the person holds
         * after it, exactly; none means their account is removed. Absent on
         * other actions, and on role requests recorded before requests named
         * it (those allow no change).
         */
        roles?: readonly AccountRole[];
        reason: string;
        requestedBy: string;
        at: string;
      };
    }
  | { type: 'ApprovalGranted'; data: { approvalId: string; requestedBy: string; approvedBy: string; note: string; at: string } }
  | { type: 'ApprovalRejected'; data: { approvalId: string; requestedBy: string; rejectedBy: string; note: string; at: string } }
  /** The change a `staff_role` approval allowed was made: it allows nothing more. */
  | { type: 'ApprovalUsed'; data: { approvalId: string; requestedBy: string; usedBy: string; at: string } };

/** The stream of one approval request. */
export const approvalStream = (approvalId: string): string => `approval-${approvalId}`;
