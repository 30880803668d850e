/**
 * The identity context's published language for the supervisor check (spec 6):
 * an `approval-<id>` stream holds the request and the decision, each naming
 * its person. Other contexts (a payout, a credit note) read these events to
 * see whether their action was approved; they never import identity itself.
 */
export const APPROVAL_ACTIONS = ['payout', 'credit_note', 'discount', 'staff_role'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

export type ApprovalEvent =
  | {
      type: 'ApprovalRequested';
      data: {
        approvalId: string;
        action: ApprovalAction;
        /** What it is about: a buy-back number, an invoice number, a discount id. */
        subject: string;
        amount: number | null;
        currency: string | null;
        reason: string;
        requestedBy: string;
        at: string;
      };
    }
  | { type: 'ApprovalGranted'; data: { approvalId: string; requestedBy: string; approvedBy: string; note: string; at: string } }
  | { type: 'ApprovalRejected'; data: { approvalId: string; requestedBy: string; rejectedBy: string; note: string; at: string } };

/** The stream of one approval request. */
export const approvalStream = (approvalId: string): string => `approval-${approvalId}`;
