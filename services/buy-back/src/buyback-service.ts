import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  ConcurrencyConflict,
  handleCommand,
  IllegalState,
  NotFound,
  ValidationError,
  type Actor,
  type Clock,
  type CommandResult,
  type Decider,
  type Market,
  type RecordedEvent,
  type StreamStore,
} from '@buyloop/kit';
import { appraise } from './appraisal/appraise';
import { bindingOffer, deviceLabelOf, deviceOf } from './appraisal/offer';
import type { BuyBackCatalogue } from './catalogue/types';
import { buybackDecider, buybackStream, type BuybackCommand } from './buyback/decider';
import type { BuybackEvent, PayoutApproval } from './buyback/events';
import type { BuybackState } from './buyback/state';
import { allowedStaffActions } from './buyback/staff-actions';
import type { StaffActionName } from '@buyloop/contracts';
import type { OfferContact, SellerDetails } from './buyback/submit/customer-data';
import type { SellOnlineInput } from './buyback/submit/sell-online-input';
import type { SendToEmailInput } from './buyback/email-offer/send-to-email-input';
import { idFromKey, type IdempotencyKeys } from './idempotency/idempotency-keys';
import type { PersonalDataVault } from './personal-data/vault';
import type { SealedPersonalData } from './personal-data/sealed';

/**
 * The buy-back's application service: what a route needs beyond parsing.
 * It looks up what a decision depends on (the price list in force, the IMEI
 * blacklist, the supervisor's approval), seals personal data, and runs the
 * pure decider through the command handler. Routes translate HTTP to these
 * calls and the results back; nothing here knows about HTTP.
 */

/** The identity context's published approval events, as far as a payout needs them. */
export type ApprovalFacts =
  | {
      type: 'ApprovalRequested';
      data: {
        approvalId: string;
        action: string;
        subject: string;
        amount: number | null;
        currency: string | null;
        requestedBy: string;
      };
    }
  | { type: 'ApprovalGranted'; data: { approvalId: string; requestedBy: string; approvedBy: string } }
  | { type: 'ApprovalRejected'; data: { approvalId: string } };

export interface BuybackServiceDeps {
  readonly events: StreamStore;
  readonly vault: PersonalDataVault;
  readonly idempotency: IdempotencyKeys;
  /** The catalogue in force for the market. */
  readonly catalogue: () => Promise<BuyBackCatalogue>;
  readonly market: Market;
  readonly clock: Clock;
  /** Payouts above it need the supervisor check. */
  readonly payoutLimit: number;
  readonly isBlacklisted: (imei: string) => Promise<boolean>;
  /** The approval's events (identity's `approval-<id>` stream), null when there is none. */
  readonly approval: (approvalId: string) => Promise<readonly ApprovalFacts[] | null>;
  /** Buy-back numbers; injected so tests can make them predictable. */
  readonly newNumber?: () => string;
  readonly newToken?: () => string;
  readonly newSubjectId?: () => string;
}

export interface CallContext {
  readonly actor: Actor;
  readonly idempotencyKey?: string | null;
  readonly correlationId?: string;
}

export type BuybackResult = CommandResult<BuybackEvent, BuybackState>;

/** What a staff member may ask of a buy-back in the back office, as the routes parse it. */
export type StaffAction =
  | { readonly action: 'order-pickup'; readonly carrier: string; readonly pickup_reference: string }
  | { readonly action: 'receive'; readonly where: string }
  | {
      readonly action: 'inspect';
      readonly imei: string;
      readonly quality_found: 'A+' | 'A' | 'B' | 'C' | 'D';
      readonly findings: readonly { readonly question_id: string; readonly found_choice: string; readonly reason: string }[];
    }
  | { readonly action: 'release-quarantine'; readonly reason: string }
  | { readonly action: 'report-quarantine'; readonly authority: string; readonly reference: string | null }
  | { readonly action: 'approve' }
  | {
      readonly action: 'revise-offer';
      readonly price: number;
      readonly reasons: readonly { readonly question_id: string; readonly reason: string }[];
    }
  | { readonly action: 'return-device'; readonly shipment_reference: string | null }
  | { readonly action: 'order-payout'; readonly approval_id: string | null }
  | { readonly action: 'confirm-payout'; readonly payment_reference: string }
  | { readonly action: 'complete' }
  | { readonly action: 'cancel'; readonly reason: string };

export type CustomerAction = 'accept-revised-offer' | 'reject-revised-offer' | 'cancel';

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** True when `token` is the buy-back's access token; compared in constant time. */
export function tokenMatches(token: string | undefined | null, expectedHash: string | null): boolean {
  if (!token || !expectedHash) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Twelve digits, the date first (`261123482157`): easy to read out on the
 * phone, sortable by day, and a million per day so that drawing a taken one
 * is rare (it is drawn again).
 */
export function newBuyoutNumber(now: Date): string {
  const date = now.toISOString().slice(2, 10).replaceAll('-', '');
  return `${date}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

const NUMBER_ATTEMPTS = 8;

/**
 * A decider whose command is chosen once the state is known: the service
 * gathers what a decision needs (price list, blacklist) before reading the
 * stream, and the choice made from the state stays pure.
 */
type Deferred = (state: BuybackState) => BuybackCommand;
const deferredDecider: Decider<Deferred, BuybackEvent, BuybackState> = {
  initialState: buybackDecider.initialState,
  evolve: buybackDecider.evolve,
  decide: (choose, state) => buybackDecider.decide(choose(state), state),
};

export class BuybackService {
  constructor(private readonly deps: BuybackServiceDeps) {}

  private now(): string {
    return this.deps.clock().toISOString();
  }

  private token(): string {
    return this.deps.newToken?.() ?? randomBytes(24).toString('base64url');
  }

  private subjectId(): string {
    return this.deps.newSubjectId?.() ?? `subject-${randomBytes(12).toString('hex')}`;
  }

  private number(): string {
    return this.deps.newNumber?.() ?? newBuyoutNumber(this.deps.clock());
  }

  private run(
    buyoutNumber: string,
    choose: Deferred,
    ctx: CallContext,
    options: { expectedVersion?: bigint; newId?: (event: BuybackEvent, index: number) => string; retry?: boolean } = {},
  ): Promise<BuybackResult> {
    return handleCommand(this.deps.events, deferredDecider, buybackStream(buyoutNumber), choose, {
      actor: ctx.actor,
      market: this.deps.market,
      ...(ctx.correlationId ? { correlationId: ctx.correlationId } : {}),
      ...(options.expectedVersion !== undefined ? { expectedVersion: options.expectedVersion } : {}),
      ...(options.newId ? { newId: options.newId } : {}),
      ...(options.retry ? { retry: { attempts: 3 } } : {}),
    });
  }

  /**
   * Creates a buy-back under a fresh number (or the number a repeated
   * request's Idempotency-Key recorded). `create` builds the command for
   * that number; a number already taken by someone else is drawn again.
   */
  private async create(
    scope: string,
    request: unknown,
    ctx: CallContext,
    create: (buyoutNumber: string) => BuybackCommand,
  ): Promise<{ buyoutNumber: string; result: BuybackResult; repeated: boolean }> {
    const key = ctx.idempotencyKey ?? null;
    const firstId = key ? idFromKey(scope, key, 0) : null;
    let claimed: { buyout_number: string } | null = null;
    let repeated = false;
    for (let attempt = 1; ; attempt++) {
      if (key && !claimed) {
        const claim = await this.deps.idempotency.claim(scope, key, request, { buyout_number: this.number() });
        claimed = claim.value;
        repeated = claim.repeated;
      }
      const buyoutNumber = claimed?.buyout_number ?? this.number();
      if (key && claimed) {
        const stored = await this.deps.events.readStream(buybackStream(buyoutNumber));
        const first = stored[0];
        // This key's buy-back exists: the first request got through, this repeat answers the same.
        if (first && first.id === firstId) return { buyoutNumber, repeated: true, result: storedResult(stored) };
        // Another buy-back has the number the key recorded: move the key to a fresh number.
        if (first) {
          if (attempt >= NUMBER_ATTEMPTS) throw new IllegalState('buyback.number_unavailable', 'No free buy-back number');
          claimed = await this.deps.idempotency.rebind(scope, key, claimed, { buyout_number: this.number() });
          continue;
        }
      }
      try {
        const result = await this.run(buyoutNumber, () => create(buyoutNumber), ctx, {
          expectedVersion: 0n,
          // Known ids, so the caller can follow what an event set off (the e-mail it asked for).
          newId: key ? (_event, index) => idFromKey(scope, key, index) : () => randomUUID(),
        });
        return { buyoutNumber, result, repeated };
      } catch (error) {
        if (error instanceof ConcurrencyConflict && attempt < NUMBER_ATTEMPTS) {
          // Taken in the meantime: a keyed request finds out which on the next round, others draw again.
          continue;
        }
        // Refused: the key is given back, so the corrected request may use it.
        if (key && !repeated && !(error instanceof ConcurrencyConflict))
          await this.deps.idempotency.release(scope, key).catch(() => undefined);
        throw error;
      }
    }
  }

  /** The offer e-mailed to the customer; the notifier sends it. */
  async sendToEmail(
    input: SendToEmailInput,
    ctx: CallContext,
  ): Promise<{ buyoutNumber: string; eventId: string | null; repeated: boolean }> {
    const offer = bindingOffer(await this.deps.catalogue(), input);
    const subjectId = this.subjectId();
    const accessToken = this.token();
    const contact: OfferContact = { e_mail: input.e_mail, note: input.note, access_token: accessToken };
    const sealed = await this.deps.vault.seal(subjectId, contact);
    const created = await this.create('send-to-email', input, ctx, (buyoutNumber) => ({
      type: 'EmailOffer',
      buyoutNumber,
      modelId: offer.model.id,
      colorId: offer.color.id,
      deviceLabel: deviceLabelOf(offer),
      ...offerTerms(offer, input.device_condition_choices),
      subjectId,
      contact: sealed,
      accessTokenHash: hashToken(accessToken),
      at: this.now(),
    }));
    const first = created.result.events[0];
    const eventId = first?.id ?? (ctx.idempotencyKey ? idFromKey('send-to-email', ctx.idempotencyKey, 0) : null);
    return { buyoutNumber: created.buyoutNumber, eventId, repeated: created.repeated };
  }

  /**
   * Sold online: the customer agrees to the recomputed price; the personal data is sealed for the
   * subject. The access token comes back for the thank-you page's address (a repeated request
   * answers the one sealed with the sale, so a retry leads to the same page; null once erased).
   */
  async sellOnline(
    input: SellOnlineInput,
    ctx: CallContext & { readonly ownerUserId: string | null },
  ): Promise<{ buyoutNumber: string; result: BuybackResult; repeated: boolean; accessToken: string | null }> {
    const sold = await this.submit(input, ctx);
    if (!sold.repeated) return sold;
    const first = (await this.deps.events.readStream(buybackStream(sold.buyoutNumber)))[0];
    const sealed = first?.type === 'Submitted' ? (first.data as { customer?: SealedPersonalData }).customer : undefined;
    const details = sealed ? await this.deps.vault.open<SellerDetails>(sealed).catch(() => null) : null;
    return { ...sold, accessToken: details?.access_token ?? null };
  }

  private async submit(
    input: SellOnlineInput,
    ctx: CallContext & { readonly ownerUserId: string | null },
  ): Promise<{ buyoutNumber: string; result: BuybackResult; repeated: boolean; accessToken: string }> {
    const offer = bindingOffer(await this.deps.catalogue(), input);
    // A signed-in seller is one data subject across all their buy-backs; a guest is one per sale.
    const subjectId = ctx.ownerUserId ? `user-${ctx.ownerUserId}` : this.subjectId();
    const accessToken = this.token();
    const details: SellerDetails = {
      customer_data: input.customer_data,
      pickup_address: input.pickup_address,
      device_note: input.buyout_device.note,
      access_token: accessToken,
    };
    const sealed = await this.deps.vault.seal(subjectId, details);
    const created = await this.create('sell-online', input, ctx, (buyoutNumber) => ({
      type: 'Submit',
      buyoutNumber,
      device: {
        modelId: offer.model.id,
        colorId: offer.color.id,
        label: deviceLabelOf(offer),
        imei: input.buyout_device.imei,
        serialNumber: input.buyout_device.serial_number,
        // The note is sealed with the seller's data (free text may name people).
        note: null,
      },
      ...offerTerms(offer, input.device_condition_choices),
      subjectId,
      customer: sealed,
      accessTokenHash: hashToken(accessToken),
      ownerUserId: ctx.ownerUserId,
      pickup: 'courier',
      at: this.now(),
    }));
    return { ...created, accessToken };
  }

  /**
   * A customer's own action, authorised by the access token from their
   * e-mail (or by being the signed-in owner). A wrong token is answered as a
   * buy-back that does not exist, so numbers cannot be probed.
   */
  async customerAction(
    buyoutNumber: string,
    action: CustomerAction,
    access: { readonly token: string | null; readonly userId: string | null },
    ctx: CallContext,
  ): Promise<BuybackResult> {
    const at = this.now();
    return this.run(
      buyoutNumber,
      (state) => {
        const owner = access.userId !== null && state.ownerUserId === access.userId;
        if (state.status === 'new' || (!owner && !tokenMatches(access.token, state.accessTokenHash)))
          throw new NotFound('buyback.not_found', 'There is no such buy-back');
        switch (action) {
          case 'accept-revised-offer':
            return { type: 'AcceptRevisedOffer', at };
          case 'reject-revised-offer':
            return { type: 'RejectRevisedOffer', at };
          case 'cancel':
            return { type: 'Cancel', by: 'customer', reason: null, at };
          default:
            return neverAction(action);
        }
      },
      ctx,
    );
  }

  /** A back-office command on the version the staff member saw (If-Match). */
  async staffAction(buyoutNumber: string, input: StaffAction, ctx: CallContext & { readonly expectedVersion: bigint }) {
    const at = this.now();
    const choose = await this.prepare(buyoutNumber, input, ctx.actor, at);
    return this.run(buyoutNumber, choose, ctx, { expectedVersion: ctx.expectedVersion });
  }

  /** Gathers what the action's decision needs, then turns it into the decider's command for the state found. */
  private async prepare(buyoutNumber: string, input: StaffAction, actor: Actor, at: string): Promise<Deferred> {
    switch (input.action) {
      case 'order-pickup':
        return () => ({ type: 'OrderPickup', carrier: input.carrier, pickupReference: input.pickup_reference, at });
      case 'receive': {
        const catalogue = await this.deps.catalogue();
        // The decider uses the price in force only when the price guarantee has run out.
        return (state) => ({ type: 'Receive', where: input.where, currentPrice: currentPriceOf(catalogue, state), at });
      }
      case 'inspect': {
        const [catalogue, blacklisted] = await Promise.all([this.deps.catalogue(), this.deps.isBlacklisted(input.imei)]);
        return (state) => ({
          type: 'Inspect',
          qualityFound: input.quality_found,
          findings: input.findings.map((finding, i) => ({
            questionId: finding.question_id,
            // Out of turn the decider refuses first (not received, already inspected); no need to look the answer up.
            expectedChoice:
              state.status === 'received'
                ? declaredChoiceFor(catalogue, state, finding.question_id, `findings[${i}].question_id`)
                : '',
            foundChoice: finding.found_choice,
            reason: finding.reason,
          })),
          imei: { found: input.imei, blacklisted },
          at,
        });
      }
      case 'release-quarantine':
        return () => ({ type: 'ReleaseQuarantine', reason: input.reason, at });
      case 'report-quarantine':
        return () => ({ type: 'ReportQuarantine', authority: input.authority, reference: input.reference, at });
      case 'approve':
        return () => ({ type: 'Approve', at });
      case 'revise-offer': {
        const catalogue = await this.deps.catalogue();
        return (state) => ({
          type: 'ReviseOffer',
          price: input.price,
          reasons: input.reasons.map((r) => ({ questionId: r.question_id, reason: r.reason })),
          // Spec 9: never below the minimal buy-back price of the model's price list in force.
          minimalPrice: catalogue.price_lists.find((p) => p.model_id === state.modelId)?.minimal_buyout_price ?? 0,
          at,
        });
      }
      case 'return-device':
        return () => ({ type: 'ReturnDevice', shipmentReference: input.shipment_reference, at });
      case 'order-payout': {
        const approval = input.approval_id ? await this.payoutApproval(buyoutNumber, input.approval_id) : null;
        return () => ({ type: 'OrderPayout', orderedBy: actor.userId, payoutLimit: this.deps.payoutLimit, approval, at });
      }
      case 'confirm-payout':
        return () => ({ type: 'ConfirmPayout', paymentReference: input.payment_reference, at });
      case 'complete':
        return () => ({ type: 'Complete', at });
      case 'cancel':
        return () => ({ type: 'Cancel', by: 'staff', reason: input.reason, at });
      default:
        return neverAction(input);
    }
  }

  /** A granted supervisor check for the payout of this very buy-back. */
  private async payoutApproval(buyoutNumber: string, approvalId: string): Promise<PayoutApproval> {
    const events = (await this.deps.approval(approvalId)) ?? [];
    const requested = events.find((e) => e.type === 'ApprovalRequested');
    const granted = events.find((e) => e.type === 'ApprovalGranted');
    if (
      !requested ||
      requested.type !== 'ApprovalRequested' ||
      requested.data.action !== 'payout' ||
      requested.data.subject !== buyoutNumber ||
      !granted ||
      granted.type !== 'ApprovalGranted'
    )
      throw new ValidationError(
        'validation.failed',
        { approval_id: ['buyback.payout_approval_invalid'] },
        `Approval ${approvalId} is not a granted payout approval for ${buyoutNumber}`,
      );
    return {
      approvalId,
      approvedBy: granted.data.approvedBy,
      requestedBy: requested.data.requestedBy,
      amount: requested.data.amount,
      currency: requested.data.currency,
    };
  }

  /** Time-driven steps, run by the scheduler on what the read model says is due. Safe to repeat. */
  async expireRevisedOffer(buyoutNumber: string, ctx: CallContext): Promise<BuybackResult> {
    const at = this.now();
    return this.run(buyoutNumber, () => ({ type: 'ExpireRevisedOffer', at }), ctx, { retry: true });
  }

  async complete(buyoutNumber: string, ctx: CallContext): Promise<BuybackResult> {
    const at = this.now();
    return this.run(
      buyoutNumber,
      (state) => {
        if (state.status === 'completed') throw new IllegalState('buyback.already_completed', 'Already completed');
        return { type: 'Complete', at };
      },
      ctx,
      { retry: true },
    );
  }

  /**
   * Right to erasure: destroys the subject's key, then records the erasure
   * on each of the subject's buy-backs (so timelines and read models show it).
   */
  async erasePersonalData(
    subjectId: string,
    buyoutNumbers: readonly string[],
    ctx: CallContext,
  ): Promise<{ checkpoint: string | null }> {
    await this.deps.vault.erase(subjectId);
    const at = this.now();
    let checkpoint: string | null = null;
    for (const buyoutNumber of buyoutNumbers) {
      const result = await this.run(buyoutNumber, () => ({ type: 'ErasePersonalData', subjectId, at }), ctx, { retry: true });
      checkpoint = result.checkpoint ?? checkpoint;
    }
    return { checkpoint };
  }

  /**
   * The back-office actions the buy-back allows as of `version` (the one a
   * page shows and will send as If-Match), asked of the decider.
   */
  async allowedStaffActions(buyoutNumber: string, version: number): Promise<StaffActionName[]> {
    const stored = await this.deps.events.readStream(buybackStream(buyoutNumber));
    const state = foldBuyback(stored.filter((event) => event.streamVersion <= BigInt(version)));
    return allowedStaffActions(state, this.now());
  }

  /** The buy-back's state folded from its stream (the erase route answers with its version). */
  async state(buyoutNumber: string): Promise<{ state: BuybackState; version: bigint }> {
    const stored = await this.deps.events.readStream(buybackStream(buyoutNumber));
    return { state: foldBuyback(stored), version: stored.at(-1)?.streamVersion ?? 0n };
  }
}

/** What an e-mailed offer and a sale both fix: the declared condition and the price the server computed for it. */
function offerTerms(offer: ReturnType<typeof bindingOffer>, choices: readonly string[]) {
  return {
    declaredQuality: offer.result.quality,
    declaredChoices: [...choices],
    price: offer.result.price,
    currency: offer.result.currency,
    priceListVersion: offer.priceList.version,
  };
}

/** The answer for a request whose buy-back the store already holds (a repeat): nothing new decided. */
function storedResult(stored: readonly RecordedEvent[]): BuybackResult {
  const last = stored.at(-1)!;
  return {
    events: [],
    streamVersion: last.streamVersion,
    globalPosition: last.globalPosition,
    checkpoint: last.checkpoint,
    state: foldBuyback(stored),
    duplicate: true,
  };
}

const foldBuyback = (stored: readonly { type: string; data: unknown }[]): BuybackState =>
  stored.reduce((state, event) => buybackDecider.evolve(state, event as unknown as BuybackEvent), buybackDecider.initialState());

/** The price the declared answers give on the price list in force now, for a device that arrives late. */
function currentPriceOf(catalogue: BuyBackCatalogue, state: BuybackState): { price: number; priceListVersion: number } | null {
  if (!state.colorId) return null;
  try {
    const { priceList } = deviceOf(catalogue, state.colorId);
    const result = appraise(priceList, state.declaredChoices);
    if (result.can_buy) return { price: result.price, priceListVersion: priceList.version };
  } catch {
    // The model has left the catalogue: see below.
  }
  // No price in force for these answers (the model or its questions changed): the agreed price stands.
  return state.price !== null && state.priceListVersion !== null
    ? { price: state.price, priceListVersion: state.priceListVersion }
    : null;
}

/** The answer the customer gave to `questionId`, from their declared choices and the price list's questions. */
function declaredChoiceFor(catalogue: BuyBackCatalogue, state: BuybackState, questionId: string, field: string): string {
  const priceList = state.modelId ? catalogue.price_lists.find((p) => p.model_id === state.modelId) : undefined;
  const question = priceList?.device_conditions.find((c) => c.id === questionId);
  const declared = question?.choices.find((choice) => state.declaredChoices.includes(choice.value));
  if (!declared)
    throw new ValidationError('validation.failed', { [field]: ['buyback.finding_unknown'] }, `Unknown question ${questionId}`);
  return declared.value;
}

function neverAction(value: never): never {
  throw new Error(`Unhandled buy-back action ${JSON.stringify(value)}`);
}
