import { z } from 'zod';
import { CUSTOMER_ROLES, ROLES, STAFF_ROLES } from '../roles';
import { APPROVAL_ACTIONS } from './approval-events';

/**
 * Identity's HTTP contract: what its routes answer. Front ends import the
 * inferred types only (`import type`).
 */

const timestamp = z.iso.datetime({ offset: true });
const accountRoleSchema = z.enum([...CUSTOMER_ROLES, ...STAFF_ROLES]).meta({ id: 'AccountRole' });

export const personalDataSchema = z
  .strictObject({
    degree_before_name: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string(),
    phone_number: z.string().nullable().meta({ description: 'E.164' }),
    birth_date: z.iso.date().nullable(),
  })
  .meta({ id: 'PersonalData' });

export const addressSchema = z
  .strictObject({
    id: z.string(),
    kind: z.enum(['billing', 'delivery']),
    name: z.string(),
    company: z.string().nullable(),
    street: z.string(),
    city: z.string(),
    district: z.string().nullable(),
    postcode: z.string(),
    country: z.string(),
    phone_number: z.string().nullable(),
  })
  .meta({ id: 'Address' });

/** An account as its owner and the back office see it. */
export const userSchema = z
  .strictObject({
    user_id: z.string(),
    email: z.string(),
    roles: z.array(accountRoleSchema),
    kind: z.enum(['customer', 'staff']),
    personal: personalDataSchema.nullable(),
    addresses: z.array(addressSchema),
    last_login_at: timestamp.nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const userEnvelopeSchema = z.strictObject({ user: userSchema });
export const csrfTokenSchema = z.strictObject({ csrf_token: z.string() });
/** A new session: the account and the CSRF token bound to the session. */
export const signedInSchema = z.strictObject({ user: userSchema, csrf_token: z.string() });
export const messageSchema = z.strictObject({ message: z.string().meta({ description: 'In the asker’s language' }) });
export const addressesSchema = z.strictObject({ addresses: z.array(addressSchema) });
export const addressAddedSchema = z.strictObject({ id: z.string(), addresses: z.array(addressSchema) });

export const sessionSchema = z
  .strictObject({
    authenticated: z.boolean(),
    user: z.strictObject({ user_id: z.string(), email: z.string(), roles: z.array(z.enum(ROLES)) }).nullable(),
  })
  .meta({ id: 'Session' });
export type SessionView = z.infer<typeof sessionSchema>;

/** One row of the back office's user grid (the `users` read model). */
export const userSummarySchema = z
  .strictObject({
    user_id: z.string(),
    email: z.string(),
    roles: z.array(accountRoleSchema),
    roles_text: z.string(),
    kind: z.enum(['customer', 'staff']),
    name: z.string(),
    created_at: timestamp,
    last_login_at: timestamp.nullable(),
    failed_logins: z.number().int().min(0),
  })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof userSummarySchema>;
export const userPageSchema = z.strictObject({ total: z.number().int().min(0), items: z.array(userSummarySchema) });

const approvalStatus = z.enum(['pending', 'granted', 'rejected']);
export const approvalDecisionSchema = z.strictObject({ approval_id: z.string(), status: approvalStatus });

/** The supervisor check's events, as identity publishes them (shared/contracts/src/identity/approval-events.ts). */
export const approvalEventSchema = z
  .discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('ApprovalRequested'),
      data: z.strictObject({
        approvalId: z.string(),
        action: z.enum(APPROVAL_ACTIONS),
        subject: z.string(),
        amount: z.number().nullable(),
        currency: z.string().nullable(),
        reason: z.string(),
        requestedBy: z.string(),
        at: timestamp,
      }),
    }),
    z.strictObject({
      type: z.literal('ApprovalGranted'),
      data: z.strictObject({
        approvalId: z.string(),
        requestedBy: z.string(),
        approvedBy: z.string(),
        note: z.string(),
        at: timestamp,
      }),
    }),
    z.strictObject({
      type: z.literal('ApprovalRejected'),
      data: z.strictObject({
        approvalId: z.string(),
        requestedBy: z.string(),
        rejectedBy: z.string(),
        note: z.string(),
        at: timestamp,
      }),
    }),
  ])
  .meta({ id: 'ApprovalEvent' });
export const approvalSchema = z.strictObject({ events: z.array(approvalEventSchema) });
