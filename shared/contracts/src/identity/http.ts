import { z } from 'zod';
import { currencies } from '@buyloop/kit';
import { optionalTextField, textField } from '@buyloop/validation';
import { CUSTOMER_ROLES, ROLES, STAFF_ROLES } from '../roles';
import { APPROVAL_ACTIONS } from './approval-events';

/**
 * Identity's HTTP contract: what its routes accept and answer. Front ends
 * import the inferred types only (`import type`).
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
        roles: z.array(accountRoleSchema).optional(),
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
    z.strictObject({
      type: z.literal('ApprovalUsed'),
      data: z.strictObject({ approvalId: z.string(), requestedBy: z.string(), usedBy: z.string(), at: timestamp }),
    }),
  ])
  .meta({ id: 'ApprovalEvent' });
export const approvalSchema = z.strictObject({ events: z.array(approvalEventSchema) });

// --- requests, as the routes validate them ---------------------------------------------

export const emailField = z.email().max(254);
/** The roles an account can hold (a visitor has no account), at least one. */
export const accountRolesField = z.array(accountRoleSchema).min(1).max(6);
/**
 * A granted supervisor check (action staff_role) naming exactly this change, needed when supervisor or
 * administrator is granted or taken; it is spent by the change it allows.
 */
export const approvalIdField = z.uuid().optional();
/** Length and character rules are checked by the password rules, which name the one that failed. */
export const passwordField = z.string().min(1).max(1000);
/** Free text under the one text rule (no control, direction or invisible characters), refused under its own field. */
const text = (max: number) => textField({ max });
const optionalText = (max: number) => optionalTextField(max);

export const loginRequestSchema = z.strictObject({ email: emailField, password: passwordField });
export const registerRequestSchema = z.strictObject({
  email: emailField,
  password: passwordField,
  password_confirmation: passwordField,
});
export const confirmRegistrationRequestSchema = z.strictObject({ token: z.string().min(1).max(200), password: passwordField });
export const passwordResetRequestSchema = z.strictObject({ email: emailField });
export const completePasswordResetRequestSchema = z.strictObject({
  user: z.string().max(100),
  token: z.string().min(1).max(200),
  password: passwordField,
  password_confirmation: passwordField,
});
export const changePasswordRequestSchema = z.strictObject({
  current_password: passwordField,
  new_password: passwordField,
  new_password_confirmation: passwordField,
});

/** Phone numbers by market and birth dates not in the future are checked beyond the schema. */
export const personalDataRequestSchema = z.strictObject({
  degree_before_name: optionalText(30),
  first_name: text(100),
  last_name: text(100),
  phone_number: optionalText(30),
  birth_date: z.iso.date().nullable().optional(),
});

/** Postcodes by country and phone numbers by market are checked beyond the schema. */
export const addressRequestSchema = z.strictObject({
  kind: z.enum(['billing', 'delivery']),
  name: text(200),
  company: optionalText(200),
  street: text(200),
  city: text(100),
  district: optionalText(100),
  postcode: text(20),
  country: z.string().regex(/^[A-Z]{2}$/),
  phone_number: optionalText(30),
});

export const removeAccountRequestSchema = z.strictObject({ password: passwordField });
/** Removing a supervisor's or an administrator's account takes the supervisor check, as taking the role away does. */
export const removeAccountByAdminRequestSchema = z.strictObject({ approval_id: approvalIdField });
export const createAccountRequestSchema = z.strictObject({
  email: emailField,
  password: passwordField,
  roles: accountRolesField,
  approval_id: approvalIdField,
});
export const changeRolesRequestSchema = z.strictObject({ roles: accountRolesField, approval_id: approvalIdField });

export const requestApprovalRequestSchema = z.strictObject({
  action: z.enum(APPROVAL_ACTIONS),
  subject: textField({ max: 100 }),
  amount: z.number().int().min(0).max(100_000_000).nullable().optional(),
  currency: z.enum(currencies).nullable().optional(),
  roles: z
    .array(accountRoleSchema)
    .max(6)
    .optional()
    .meta({
      description:
        'Action staff_role only, and required there: the roles the person (subject: their e-mail) is to hold after ' +
        'the change, exactly; [] to remove their account.',
    }),
  reason: textField({ max: 2000 }, { multiline: true }),
});
export const decideApprovalRequestSchema = z.strictObject({
  decision: z.enum(['grant', 'reject']),
  note: textField({ min: 0, max: 2000 }, { multiline: true }).default(''),
});

export const listUsersQuerySchema = z.strictObject({
  search: z.string().trim().max(200).optional(),
  role: z.enum(ROLES).optional(),
  kind: z.enum(['customer', 'staff']).optional(),
  sort: z.enum(['email', 'created_at', 'last_login_at', 'name']).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
