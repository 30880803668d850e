import { commandHandler, fold, randomId, type Actor, type Clock, type IdGenerator, type Market } from '@buyloop/kit';
import type { EventStore } from '@buyloop/event-store';
import { translate, type Language } from '@buyloop/i18n';
import { checkPassword, normaliseEmail } from '@buyloop/validation';
import { RequestRefused, ValidationError } from '@buyloop/kit';
import {
  APPROVAL_NOT_APPLICABLE,
  approvalDecider,
  approvalStream,
  type ApprovalAction,
  type ApprovalEvent,
  type ApprovalState,
} from './approval';
import { emailDecider, emailStream, type EmailEvent, type EmailState } from './email-claim';
import { fieldError, forbidden } from './errors';
import type { LoginThrottle } from './login-throttle';
import type { PasswordHasher } from './passwords';
import type { AccountRole } from './roles';
import { PendingRegistrations, REGISTRATION_LINK_HOURS } from './register/pending-registrations';
import { sha256, newToken, type Session, type SessionStore } from './sessions';
import {
  GUARDED_ROLES,
  isGuardedRole,
  STAFF_ROSTER_STREAM,
  staffRosterDecider,
  type GuardedRole,
  type Holders,
  type RosterCommand,
  type RosterEvent,
} from './staff-roster';
import { userDecider } from './user-decider';
import {
  evolveUser,
  initialUserState,
  userStream,
  type AccountKind,
  type Address,
  type PersonalData,
  type UserEvent,
  type UserState,
} from './user';

/** Sends one plain-text e-mail (services/mail's mailer fits). */
export interface MailSender {
  send(message: { to: string; subject: string; text: string }): Promise<unknown>;
}

export interface IdentityDeps {
  readonly events: EventStore;
  readonly sessions: SessionStore;
  readonly throttle: LoginThrottle;
  readonly passwords: PasswordHasher;
  readonly mail: MailSender;
  readonly clock: Clock;
  readonly market: Market;
  /** Where the storefront is reached: reset links point there. */
  readonly publicUrl: string;
  readonly newId?: IdGenerator;
  /** How long a reset link works (default 60 minutes). */
  readonly resetLinkMinutes?: number;
  /** Where failures of background work (mailing a reset link) are reported. */
  readonly onBackgroundError?: (error: unknown) => void;
  /** Registrations waiting for their e-mail's link; by default kept beside the sessions. */
  readonly registrations?: PendingRegistrations;
}

/**
 * How granting or removing supervisor or administrator is allowed: the local
 * operator, or a granted supervisor check naming exactly this change, which
 * the change spends.
 */
export interface PrivilegedGrant {
  readonly trustedOperator: boolean;
  readonly approvalId?: string | undefined;
}

/** Who asks, from where, in which language: every command gets it from the route. */
export interface RequestContext {
  readonly actor: Actor;
  readonly clientAddress: string;
  readonly userAgent: string | null;
  readonly language: Language;
}

export interface UserView {
  readonly user_id: string;
  readonly email: string;
  readonly roles: readonly AccountRole[];
  readonly kind: AccountKind;
  readonly personal: PersonalData | null;
  readonly addresses: ReadonlyArray<Address & { readonly id: string }>;
  readonly last_login_at: string | null;
}

export const RESET_PATH = '/prihlasit/nove-heslo';
/** The storefront's page a registration link opens: it asks for the password chosen and confirms (POST /api/auth/register/confirm). */
export const REGISTRATION_PATH = '/registrace/potvrdit';
export const LOGIN_PATH = '/prihlasit';

const view = (state: UserState): UserView => ({
  user_id: state.userId!,
  email: state.email!,
  roles: state.roles,
  kind: state.kind!,
  personal: state.personal,
  addresses: Object.entries(state.addresses).map(([id, address]) => ({ id, ...address })),
  last_login_at: state.lastLoginAt,
});

function assertPassword(password: string, field: string): void {
  const problems = checkPassword(password);
  if (problems.length > 0)
    throw new ValidationError('validation.failed', { [field]: problems }, `${field} breaks the password rules`);
}

/**
 * The identity context's use cases. Routes translate HTTP into these calls;
 * each reads the streams it needs, hashes or verifies passwords (the slow,
 * impure part), lets the pure deciders decide, and appends.
 */
export class IdentityService {
  private readonly users;
  private readonly emails;
  private readonly approvals;
  private readonly roster;
  private rosterStarted: Promise<void> | undefined;
  private readonly registrations: PendingRegistrations;
  private readonly newId: IdGenerator;

  constructor(private readonly deps: IdentityDeps) {
    this.users = commandHandler(deps.events, userDecider);
    this.emails = commandHandler(deps.events, emailDecider);
    this.approvals = commandHandler(deps.events, approvalDecider);
    this.roster = commandHandler(deps.events, staffRosterDecider);
    this.registrations = deps.registrations ?? new PendingRegistrations(deps.sessions.store, deps.clock);
    this.newId = deps.newId ?? randomId;
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }

  /**
   * Every identity command is decided on the stream as it stands, so one that
   * lost a race with another request of the same person (two tabs, a login
   * beside a logout) is safely decided again on the newer state.
   */
  private options(ctx: Pick<RequestContext, 'actor'>) {
    return { actor: ctx.actor, market: this.deps.market, retry: { attempts: 5 } };
  }

  async userState(userId: string): Promise<UserState> {
    return fold(
      { initialState: initialUserState, evolve: evolveUser },
      (await this.deps.events.readStream(userStream(userId))) as unknown as UserEvent[],
    );
  }

  private async emailOwner(email: string): Promise<string | null> {
    const recorded = (await this.deps.events.readStream(emailStream(email))) as unknown as EmailEvent[];
    return fold<EmailEvent, EmailState>(emailDecider, recorded).owner;
  }

  private async ownerExists(email: string): Promise<boolean> {
    const owner = await this.emailOwner(email);
    return owner !== null && (await this.userState(owner)).status === 'active';
  }

  /** The account an address belongs to, if it is active. */
  async findByEmail(rawEmail: string): Promise<UserState | null> {
    const owner = await this.emailOwner(normaliseEmail(rawEmail));
    if (!owner) return null;
    const state = await this.userState(owner);
    return state.status === 'active' ? state : null;
  }

  /** Staff and shop accounts are created by an administrator (or ops, or demo data); customers register (`register`). */
  async createAccount(
    input: { email: string; password: string; roles: readonly AccountRole[]; kind: AccountKind },
    ctx: Pick<RequestContext, 'actor'>,
    createdBy: string | null,
    grant: PrivilegedGrant = { trustedOperator: false },
  ): Promise<UserView> {
    const email = normaliseEmail(input.email);
    assertPassword(input.password, 'password');
    if (createdBy !== null && needsApproval(input.roles, [], grant)) {
      // A taken address is refused before the approval is spent on an account that cannot be made.
      if (await this.ownerExists(email)) throw fieldError('email', 'auth.email_taken', 'The address has an account');
      await this.spendApproval(input.roles, [], email, ctx, grant);
    }
    // Hashed before the claim, so the claim and the account follow each other closely.
    const passwordHash = await this.deps.passwords.hash(input.password);
    return this.createWithHash({ email, passwordHash, roles: input.roles, kind: input.kind }, ctx, createdBy);
  }

  private async createWithHash(
    input: { email: string; passwordHash: string; roles: readonly AccountRole[]; kind: AccountKind },
    ctx: Pick<RequestContext, 'actor'>,
    createdBy: string | null,
  ): Promise<UserView> {
    const { email, passwordHash } = input;
    const userId = this.newId();
    const at = this.now();
    const actor = createdBy === null ? { userId, role: input.roles[0]! } : ctx.actor;
    await this.emails(
      emailStream(email),
      { type: 'ClaimEmail', userId, ownerExists: await this.ownerExists(email), at },
      // A lost race is decided again on the newer claim, which then refuses the address as taken.
      { actor, market: this.deps.market, retry: { attempts: 3 } },
    );
    const result = await this.users(
      userStream(userId),
      { type: 'Register', userId, email, passwordHash, roles: input.roles, kind: input.kind, createdBy, at },
      { actor, market: this.deps.market },
    );
    if (input.roles.some(isGuardedRole))
      await this.onRoster({ type: 'GrantGuardedRoles', userId, roles: input.roles, at }, { actor });
    return view(result.state);
  }

  /**
   * A visitor registers: the answer is the same whether or not the address
   * has an account, and so is its timing (the password is hashed in both
   * cases before answering). What happens next is said by e-mail, in the
   * background: a new address gets a link to confirm the registration, the
   * owner of a taken one a note that somebody tried, with the ways to sign
   * in or reset the password. The account exists only once the link is
   * followed with the same password, so a login cannot tell either.
   */
  async register(input: { email: string; password: string }, ctx: RequestContext): Promise<void> {
    const email = normaliseEmail(input.email);
    assertPassword(input.password, 'password');
    const passwordHash = await this.deps.passwords.hash(input.password);
    this.mailRegistration(email, passwordHash, ctx).catch((error: unknown) => this.deps.onBackgroundError?.(error));
  }

  private async mailRegistration(email: string, passwordHash: string, ctx: RequestContext): Promise<void> {
    if (!(await this.registrations.mayMail(email))) return;
    if (await this.findByEmail(email)) {
      await this.deps.mail.send({
        to: email,
        subject: translate('mail.registration_taken.subject', ctx.language),
        text: translate('mail.registration_taken.body', ctx.language, {
          link: new URL(LOGIN_PATH, this.deps.publicUrl).toString(),
        }),
      });
      return;
    }
    const token = await this.registrations.add(email, passwordHash);
    const link = new URL(REGISTRATION_PATH, this.deps.publicUrl);
    link.searchParams.set('token', token);
    await this.deps.mail.send({
      to: email,
      subject: translate('mail.registration_confirm.subject', ctx.language),
      text: translate('mail.registration_confirm.body', ctx.language, { link: link.toString(), hours: REGISTRATION_LINK_HOURS }),
    });
  }

  /**
   * The e-mailed link, followed with the password chosen at registration:
   * the account is created and signed in. Asking for the password again
   * means a link mailed to someone who did not register (somebody typed
   * their address) cannot put them into an account whose password a
   * stranger chose.
   */
  async confirmRegistration(
    input: { token: string; password: string },
    ctx: Omit<RequestContext, 'actor'>,
  ): Promise<{ token: string; session: Session; user: UserView }> {
    const pending = await this.registrations.find(input.token);
    if (!pending) throw fieldError('token', 'auth.registration_link_invalid', 'The registration link is not valid');
    if (!(await this.deps.passwords.verify(pending.registration.passwordHash, input.password)))
      throw fieldError('password', 'auth.registration_password_wrong', 'Not the password chosen at registration');
    if (!(await this.registrations.spend(pending.id)))
      throw fieldError('token', 'auth.registration_link_invalid', 'The registration link was used');
    let user: UserView;
    try {
      user = await this.createWithHash(
        {
          email: pending.registration.email,
          passwordHash: pending.registration.passwordHash,
          roles: ['customer'],
          kind: 'customer',
        },
        { actor: { userId: 'registration', role: 'visitor' } },
        null,
      );
    } catch (error) {
      // Another link for the same address was followed first: this one names an address that now has an account.
      if (error instanceof ValidationError && error.fieldErrors.email?.includes('auth.email_taken'))
        throw fieldError('token', 'auth.registration_link_invalid', 'The address has an account by now');
      throw error;
    }
    const opened = await this.openSession(user.user_id, { ...ctx, actor: { userId: user.user_id, role: 'customer' } });
    return { ...opened, user: (await this.profile(user.user_id)) ?? user };
  }

  /** Checks the throttle, the password, records the outcome, and opens a session on success. */
  async logIn(
    input: { email: string; password: string },
    ctx: Omit<RequestContext, 'actor'>,
  ): Promise<{ token: string; session: Session; user: UserView }> {
    const email = normaliseEmail(input.email);
    const attempt = await this.deps.throttle.attempt(email, ctx.clientAddress);
    const state = await this.findByEmail(email);
    if (!state) {
      await this.deps.passwords.verifyNothing(input.password);
      throw loginFailed();
    }
    const matches = await this.deps.passwords.verify(state.passwordHash!, input.password);
    const { opened, result } = await this.recordLogin(state, matches, {
      ...ctx,
      actor: { userId: state.userId!, role: state.roles[0]! },
    });
    if (!opened) throw loginFailed();
    await this.deps.throttle.succeeded(attempt);
    return { token: opened.token, session: opened.session, user: view(result.state) };
  }

  /** A fresh session for someone who just proved who they are (a password change), recorded like a login. */
  async openSession(userId: string, ctx: RequestContext): Promise<{ token: string; session: Session }> {
    const state = await this.userState(userId);
    if (state.status !== 'active')
      throw new RequestRefused(401, 'auth.not_logged_in', 'Not logged in', 'The account no longer exists');
    return (await this.recordLogin(state, true, ctx)).opened!;
  }

  /** Records a login (and opens its session when the password matched); parallel logins retry on the stream. */
  private async recordLogin(state: UserState, passwordMatches: boolean, ctx: RequestContext) {
    const opened = passwordMatches
      ? await this.deps.sessions.create(
          { userId: state.userId!, email: state.email!, roles: state.roles, kind: state.kind! },
          ctx.clientAddress,
          ctx.userAgent,
        )
      : undefined;
    const result = await this.users(
      userStream(state.userId!),
      {
        type: 'LogIn',
        passwordMatches,
        sessionRef: opened?.ref ?? '',
        clientAddress: ctx.clientAddress,
        userAgent: ctx.userAgent,
        at: this.now(),
      },
      this.options(ctx),
    );
    return { opened, result };
  }

  async logOut(sessionRef: string, session: Session, ctx: RequestContext): Promise<void> {
    await this.deps.sessions.destroy(sessionRef);
    await this.users(
      userStream(session.userId),
      { type: 'LogOut', sessionRef, clientAddress: ctx.clientAddress, at: this.now() },
      this.options(ctx),
    );
  }

  /**
   * Starts a reset and returns at once: the link is recorded and mailed in
   * the background, so neither the answer nor its timing tells whether the
   * address has an account. Failures go to `onBackgroundError` (the log).
   */
  requestPasswordReset(rawEmail: string, ctx: RequestContext): void {
    this.sendResetLink(rawEmail, ctx).catch((error: unknown) => this.deps.onBackgroundError?.(error));
  }

  private async sendResetLink(rawEmail: string, ctx: RequestContext): Promise<void> {
    const email = normaliseEmail(rawEmail);
    const state = await this.findByEmail(email);
    if (!state) return;
    const secret = newToken();
    const minutes = this.deps.resetLinkMinutes ?? 60;
    const now = this.deps.clock();
    const userId = state.userId!;
    const recorded = await this.users(
      userStream(userId),
      {
        type: 'RequestPasswordReset',
        resetId: this.newId(),
        tokenHash: sha256(secret),
        expiresAt: new Date(now.getTime() + minutes * 60_000).toISOString(),
        clientAddress: ctx.clientAddress,
        at: now.toISOString(),
      },
      { actor: { userId, role: 'visitor' }, market: this.deps.market },
    );
    // Past the hourly limit nothing was recorded, and nothing is sent.
    if (recorded.events.length === 0) return;
    const link = new URL(RESET_PATH, this.deps.publicUrl);
    link.searchParams.set('user', userId);
    link.searchParams.set('token', secret);
    await this.deps.mail.send({
      to: email,
      subject: translate('mail.password_reset.subject', ctx.language),
      text: translate('mail.password_reset.body', ctx.language, { link: link.toString(), minutes, count: minutes }),
    });
  }

  async resetPassword(
    input: { userId: string; token: string; password: string },
    ctx: Omit<RequestContext, 'actor'>,
  ): Promise<void> {
    assertPassword(input.password, 'password');
    const state = await this.userState(input.userId);
    const command = {
      type: 'ResetPassword',
      tokenHash: sha256(input.token),
      clientAddress: ctx.clientAddress,
      at: this.now(),
    } as const;
    // The link is checked before the (deliberately slow) hashing, so a made-up link costs the shop nothing.
    userDecider.decide({ ...command, passwordHash: '' }, state);
    const passwordHash = await this.deps.passwords.hash(input.password);
    await this.users(
      userStream(input.userId),
      { ...command, passwordHash },
      { actor: { userId: input.userId, role: state.roles[0]! }, market: this.deps.market },
    );
    // Whoever had the old password is signed out everywhere.
    await this.deps.sessions.destroyAllFor(input.userId);
  }

  async changePassword(
    userId: string,
    input: { currentPassword: string; newPassword: string },
    ctx: RequestContext,
  ): Promise<void> {
    assertPassword(input.newPassword, 'new_password');
    const state = await this.userState(userId);
    // The current password is a guess like a login's, and counts against the same limits.
    const attempt = await this.deps.throttle.attempt(state.email ?? userId, ctx.clientAddress, 'current_password');
    const hash = state.passwordHash ?? '';
    const [currentPasswordMatches, sameAsCurrent] = await Promise.all([
      this.deps.passwords.verify(hash, input.currentPassword),
      this.deps.passwords.verify(hash, input.newPassword),
    ]);
    if (currentPasswordMatches) await this.deps.throttle.succeeded(attempt);
    const passwordHash = await this.deps.passwords.hash(input.newPassword);
    await this.users(
      userStream(userId),
      {
        type: 'ChangePassword',
        currentPasswordMatches,
        sameAsCurrent,
        passwordHash,
        clientAddress: ctx.clientAddress,
        at: this.now(),
      },
      this.options(ctx),
    );
    await this.deps.sessions.destroyAllFor(userId);
  }

  async profile(userId: string): Promise<UserView | null> {
    const state = await this.userState(userId);
    return state.status === 'active' ? view(state) : null;
  }

  async changePersonalData(userId: string, personal: PersonalData, ctx: RequestContext): Promise<UserView> {
    const result = await this.users(
      userStream(userId),
      { type: 'ChangePersonalData', personal, at: this.now() },
      this.options(ctx),
    );
    return view(result.state);
  }

  async addAddress(userId: string, address: Address, ctx: RequestContext): Promise<{ id: string; user: UserView }> {
    const addressId = this.newId();
    const result = await this.users(
      userStream(userId),
      { type: 'AddAddress', addressId, address, at: this.now() },
      this.options(ctx),
    );
    return { id: addressId, user: view(result.state) };
  }

  async changeAddress(userId: string, addressId: string, address: Address, ctx: RequestContext): Promise<UserView> {
    const result = await this.users(
      userStream(userId),
      { type: 'ChangeAddress', addressId, address, at: this.now() },
      this.options(ctx),
    );
    return view(result.state);
  }

  async removeAddress(userId: string, addressId: string, ctx: RequestContext): Promise<UserView> {
    const result = await this.users(userStream(userId), { type: 'RemoveAddress', addressId, at: this.now() }, this.options(ctx));
    return view(result.state);
  }

  /**
   * The owner confirms with the password; an administrator removing another
   * account does not, but removing a supervisor's or an administrator's
   * account takes the supervisor check as taking the role away does, and the
   * last of them is never removed.
   */
  async removeAccount(
    userId: string,
    input: { password: string | null },
    ctx: RequestContext,
    grant: PrivilegedGrant = { trustedOperator: false },
  ): Promise<void> {
    // An administrator removes others' accounts, never their own (that could leave the shop without one).
    if (input.password === null && userId === ctx.actor.userId)
      throw forbidden('auth.self_role_change', 'Nobody changes their own roles or removes their own account');
    const state = await this.userState(userId);
    let confirmed = true;
    if (input.password !== null) {
      // The owner's confirmation is a password guess like a login's, and counts against the same limits.
      const attempt = await this.deps.throttle.attempt(state.email ?? userId, ctx.clientAddress, 'current_password');
      confirmed = await this.deps.passwords.verify(state.passwordHash ?? '', input.password);
      if (confirmed) await this.deps.throttle.succeeded(attempt);
    }
    const command = {
      type: 'RemoveAccount',
      confirmed,
      removedBy: ctx.actor.userId,
      clientAddress: ctx.clientAddress,
      at: this.now(),
    } as const;
    if (state.roles.some(isGuardedRole)) {
      // Refusals of the account itself (gone, wrong password) and the roster's come before the approval is spent.
      userDecider.decide(command, state);
      const withdraw = { type: 'WithdrawGuardedRoles', userId, roles: state.roles, at: command.at } as const;
      await this.assertRosterAllows(withdraw);
      if (needsApproval([], state.roles, grant)) await this.spendApproval([], state.roles, state.email ?? '', ctx, grant);
      await this.onRoster(withdraw, ctx);
    }
    await this.users(userStream(userId), command, this.options(ctx));
    await this.deps.sessions.destroyAllFor(userId);
    if (state.email)
      await this.emails(emailStream(state.email), { type: 'ReleaseEmail', userId, at: this.now() }, this.options(ctx));
  }

  async changeRoles(
    userId: string,
    roles: readonly AccountRole[],
    ctx: RequestContext,
    grant: PrivilegedGrant,
  ): Promise<UserView> {
    if (userId === ctx.actor.userId)
      throw forbidden('auth.self_role_change', 'Nobody changes their own roles or removes their own account');
    const current = await this.userState(userId);
    const command = {
      type: 'ChangeRoles',
      roles,
      changedBy: ctx.actor.userId,
      clientAddress: ctx.clientAddress,
      at: this.now(),
    } as const;
    // Refusals of the change itself (no such account, roles that do not fit it) and the roster's come before the
    // approval is spent.
    const changed = userDecider.decide(command, current);
    const removed = current.roles.filter((role) => isGuardedRole(role) && !roles.includes(role));
    const withdraw = { type: 'WithdrawGuardedRoles', userId, roles: removed, at: command.at } as const;
    if (removed.length > 0) await this.assertRosterAllows(withdraw);
    if (changed.length > 0 && needsApproval(roles, current.roles, grant))
      await this.spendApproval(roles, current.roles, current.email ?? '', ctx, grant);
    if (removed.length > 0) await this.onRoster(withdraw, ctx);
    const result = await this.users(userStream(userId), command, this.options(ctx));
    if (roles.some(isGuardedRole)) await this.onRoster({ type: 'GrantGuardedRoles', userId, roles, at: command.at }, ctx);
    // Sessions carry roles: the person signs in again and gets the new ones.
    if (result.events.length > 0) await this.deps.sessions.destroyAllFor(userId);
    return view(result.state);
  }

  async verifyCustomer(userId: string, reason: string, ctx: Pick<RequestContext, 'actor'>): Promise<UserView> {
    const result = await this.users(userStream(userId), { type: 'VerifyCustomer', reason, at: this.now() }, this.options(ctx));
    if (result.events.length > 0) await this.deps.sessions.destroyAllFor(userId);
    return view(result.state);
  }

  async requestApproval(
    input: {
      action: ApprovalAction;
      subject: string;
      amount: number | null;
      currency: string | null;
      /** `staff_role`: the roles the person is to hold after the change; none to remove their account. */
      roles: readonly AccountRole[] | null;
      reason: string;
    },
    ctx: RequestContext,
  ): Promise<{ approval_id: string; status: ApprovalState['status'] }> {
    const approvalId = this.newId();
    // A person is named by their address as accounts store it, so the change finds its approval whatever was typed.
    const subject = input.action === 'staff_role' ? normaliseEmail(input.subject) : input.subject;
    const result = await this.approvals(
      approvalStream(approvalId),
      { type: 'RequestApproval', approvalId, ...input, subject, requestedBy: ctx.actor.userId, at: this.now() },
      this.options(ctx),
    );
    return { approval_id: approvalId, status: result.state.status };
  }

  async decideApproval(
    approvalId: string,
    input: { decision: 'grant' | 'reject'; note: string },
    ctx: RequestContext,
  ): Promise<{ approval_id: string; status: ApprovalState['status'] }> {
    const result = await this.approvals(
      approvalStream(approvalId),
      { type: 'DecideApproval', decision: input.decision, decidedBy: ctx.actor.userId, note: input.note, at: this.now() },
      this.options(ctx),
    );
    return { approval_id: approvalId, status: result.state.status };
  }

  /**
   * Granting supervisor or administrator is itself a sensitive action: an
   * administrator alone could otherwise create a supervisor they control and
   * approve their own payouts. Taking either away is one too: an
   * administrator alone could otherwise demote every supervisor, after which
   * nobody can approve a payout or grant the role again. Both need a granted
   * supervisor check (action `staff_role`, subject the person's e-mail,
   * requested by the administrator who makes the change) that names exactly
   * the roles the person holds afterwards (none: the account is removed),
   * used within a day of the grant. The change spends it: `ApprovalUsed` is
   * appended with the version read, so of two changes made with one approval
   * at the same moment one is refused. Callers check every other refusal
   * first, so an approval is not spent on a change that cannot be made.
   */
  private async spendApproval(
    roles: readonly AccountRole[],
    current: readonly AccountRole[],
    email: string,
    ctx: Pick<RequestContext, 'actor'>,
    grant: PrivilegedGrant,
  ): Promise<void> {
    const added = roles.filter((role) => isGuardedRole(role) && !current.includes(role));
    const removed = current.filter((role) => isGuardedRole(role) && !roles.includes(role));
    const withoutApproval = () =>
      added.length > 0
        ? fieldError(
            'approval_id',
            'auth.privileged_role_needs_approval',
            `Granting ${added.join(', ')} needs the supervisor check`,
          )
        : fieldError(
            'approval_id',
            'auth.privileged_role_removal_needs_approval',
            `Removing ${removed.join(', ')} needs the supervisor check`,
          );
    if (!grant.approvalId) throw withoutApproval();
    try {
      await this.approvals(
        approvalStream(grant.approvalId),
        { type: 'UseApproval', action: 'staff_role', subject: email, roles, usedBy: ctx.actor.userId, at: this.now() },
        // Decided again on a newer stream, a use that lost the race is refused as spent.
        this.options(ctx),
      );
    } catch (error) {
      // An approval that does not allow this change is answered as none: the message names what is needed.
      if (error instanceof ValidationError && error.fieldErrors.approval_id?.includes(APPROVAL_NOT_APPLICABLE))
        throw withoutApproval();
      throw error;
    }
  }

  /** The roster's refusal (the last supervisor or administrator), decided on the roster as it stands, nothing written. */
  private async assertRosterAllows(command: RosterCommand): Promise<void> {
    await this.ensureRoster();
    const recorded = (await this.deps.events.readStream(STAFF_ROSTER_STREAM)) as unknown as RosterEvent[];
    staffRosterDecider.decide(command, fold(staffRosterDecider, recorded));
  }

  /** A change of the staff roster, started from the user streams the first time it is needed. */
  private async onRoster(command: RosterCommand, ctx: Pick<RequestContext, 'actor'>): Promise<void> {
    await this.ensureRoster();
    await this.roster(STAFF_ROSTER_STREAM, command, this.options(ctx));
  }

  private async ensureRoster(): Promise<void> {
    this.rosterStarted ??= this.startRoster().catch((error: unknown) => {
      this.rosterStarted = undefined;
      throw error;
    });
    await this.rosterStarted;
  }

  /**
   * Shops that ran before the roster existed have supervisors and
   * administrators only in their user streams: the roster's first event
   * names them, read once from the log (a grant racing with this is taken
   * in by its own roster event after it).
   */
  private async startRoster(): Promise<void> {
    if ((await this.deps.events.readStream(STAFF_ROSTER_STREAM, { limit: 1 })).length > 0) return;
    const roles = new Map<string, readonly AccountRole[]>();
    for (let after = 0n; ;) {
      const page = await this.deps.events.readAll({ after, limit: 1000 });
      for (const recorded of page) {
        if (!recorded.stream.startsWith('user-')) continue;
        const userId = recorded.stream.slice('user-'.length);
        const event = { type: recorded.type, data: recorded.data } as UserEvent;
        if (event.type === 'UserRegistered' || event.type === 'RolesChanged') roles.set(userId, event.data.roles);
        else if (event.type === 'AccountRemoved') roles.delete(userId);
      }
      if (page.length < 1000) break;
      after = page.at(-1)!.globalPosition;
    }
    const holders = Object.fromEntries(
      GUARDED_ROLES.map((role) => [role, [...roles].filter(([, held]) => held.includes(role)).map(([userId]) => userId)]),
    ) as Record<GuardedRole, string[]> satisfies Holders;
    await this.roster(
      STAFF_ROSTER_STREAM,
      { type: 'StartRoster', holders, at: this.now() },
      { actor: { userId: 'staff-roster', role: 'system' }, market: this.deps.market, retry: { attempts: 5 } },
    );
  }

  /** The approval's events, for the back office and for slices that need a granted check. */
  async approval(approvalId: string): Promise<ReadonlyArray<ApprovalEvent> | null> {
    const events = (await this.deps.events.readStream(approvalStream(approvalId))) as unknown as ApprovalEvent[];
    return events.length === 0 ? null : events.map(({ type, data }) => ({ type, data }) as ApprovalEvent);
  }
}

/** Whether a change of roles from `current` to `roles` needs the supervisor check: it grants or takes a guarded role. */
function needsApproval(roles: readonly AccountRole[], current: readonly AccountRole[], grant: PrivilegedGrant): boolean {
  if (grant.trustedOperator) return false;
  return (
    roles.some((role) => isGuardedRole(role) && !current.includes(role)) ||
    current.some((role) => isGuardedRole(role) && !roles.includes(role))
  );
}

/** One answer for an unknown address and a wrong password: nobody learns which accounts exist. */
const loginFailed = (): RequestRefused =>
  new RequestRefused(401, 'auth.login_failed', 'Login failed', 'The e-mail address or the password is not correct');
