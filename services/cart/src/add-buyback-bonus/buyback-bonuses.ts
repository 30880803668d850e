import { createHash, timingSafeEqual } from 'node:crypto';
import { BUYBACK_BONUS_ERROR_CODES, BUYBACK_BONUS_RULE, type AddBuybackBonusRequest } from '@buyloop/contracts/cart/http';
import {
  currencyOf,
  fold,
  handleCommand,
  NotFound,
  type Actor,
  type Clock,
  type CommandResult,
  type Market,
  type StreamStore,
} from '@buyloop/kit';
import { cartDecider, type CartCommand } from '../decider';
import { buybackBonusAmount, cartStream, type BuybackBonus, type CartEvent } from '../events';
import { countOf, evolveCart, initialCartState, type CartState } from '../state';
import { orderDecider } from '../orders/decider';
import { orderStream, type OrderEvent } from '../orders/events';
import {
  buybackBonusClaimDecider,
  buybackBonusClaimStream,
  type BuybackBonusClaimEvent,
  type BuybackBonusClaimState,
  type BuybackBonusReleaseReason,
} from '../claim-buyback-bonus/decide';

export * from '../claim-buyback-bonus/decide';

/**
 * How long a claim whose cart does not show the bonus yet counts as the
 * cart still attaching it (the claim is taken before the cart's append).
 * Past it, a claim whose cart never took the bonus (a crash between the two
 * appends) or lost it without giving the claim back (its device line
 * removed, the cart merged) may be taken over.
 */
export const CLAIM_GRACE_MS = 60_000;

/** A buy-back as the buy-back context publishes it (its `buybacks` read model), by the few fields the bonus needs. */
export interface BuybackForBonus {
  readonly number: string;
  readonly status: string;
  /** The price that holds now (after repricing, approval or an accepted revised offer). */
  readonly price: number;
  readonly currency: string;
  readonly owner_user_id: string | null;
  readonly access_token_hash: string;
}

/** Where the bonus's facts come from: the buy-back's read model and the cart's own index of bonuses by buy-back. */
export interface BuybackBonusLookups {
  buyback(number: string): Promise<BuybackForBonus | null>;
  /** The cart a buy-back's bonus was last given in, or null. */
  cartOf(buybackNumber: string): Promise<string | null>;
}

/** A sale still under way: sold, on its way, received, inspected or approved, and not paid out, cancelled, quarantined or revised and open. */
export const BONUS_STATUSES: readonly string[] = ['submitted', 'awaiting_device', 'received', 'inspected', 'approved'];

/** Where a buy-back's bonus is now: on a cart's device line, in an order placed from that cart, or nowhere. */
export type BonusPlace =
  | { readonly kind: 'cart'; readonly cart_id: string; readonly bonus: BuybackBonus }
  | { readonly kind: 'order'; readonly cart_id: string; readonly order_number: string; readonly bonus: BuybackBonus };

/**
 * Folds a cart's stream to find the buy-back's bonus: still on the cart, or
 * taken into the order the cart was checked out to (the order was placed
 * with the bonus the cart held at that moment). The cart's stream, not a
 * read model, so a process manager never acts on a stale view.
 */
export async function locateBonus(events: StreamStore, cartId: string, buybackNumber: string): Promise<BonusPlace | null> {
  const recorded = (await events.readStream(cartStream(cartId))) as unknown as readonly CartEvent[];
  let state: CartState = initialCartState();
  let ordered: BonusPlace | null = null;
  for (const event of recorded) {
    const held = heldBonus(state, buybackNumber);
    if (event.type === 'CartCheckedOut' && held)
      ordered = { kind: 'order', cart_id: cartId, order_number: event.data.order_number, bonus: held };
    state = evolveCart(state, event);
  }
  const held = heldBonus(state, buybackNumber);
  return held ? { kind: 'cart', cart_id: cartId, bonus: held } : ordered;
}

const heldBonus = (state: CartState, buybackNumber: string): BuybackBonus | undefined =>
  (state.buyback_bonuses ?? []).find((bonus) => bonus.buyback_number === buybackNumber);

const hashMatches = (token: string | undefined, expectedHash: string): boolean => {
  if (!token) return false;
  const given = createHash('sha256').update(token).digest();
  const expected = Buffer.from(expectedHash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

export interface BuybackBonusOutcome {
  readonly bonus: BuybackBonus | null;
  readonly count: number;
  readonly checkpoint: string | null;
}

/**
 * Spec 9's buy-back bonus in the cart: checks that the buy-back is the
 * customer's (its signed-in seller, or the status token from its e-mail) and
 * where its bonus is already, then runs the cart's decider.
 */
export class CartBuybackBonuses {
  constructor(
    private readonly deps: {
      readonly events: StreamStore;
      readonly market: Market;
      readonly clock: Clock;
      readonly lookups: BuybackBonusLookups;
    },
  ) {}

  async add(cartId: string, request: AddBuybackBonusRequest, userId: string | null, actor: Actor): Promise<BuybackBonusOutcome> {
    const buyback = await this.deps.lookups.buyback(request.buyback_number);
    const owner = buyback !== null && userId !== null && buyback.owner_user_id === userId;
    // An unknown number and another's buy-back are the same 404: numbers tell nothing.
    if (!buyback || (!owner && !hashMatches(request.token, buyback.access_token_hash)))
      throw new NotFound(BUYBACK_BONUS_ERROR_CODES.notFound, 'There is no such buy-back of yours');
    const at = this.now();
    const command: CartCommand = {
      type: 'AddBuybackBonus',
      item_id: request.item_id,
      buyback: {
        number: buyback.number,
        eligible: BONUS_STATUSES.includes(buyback.status) && buyback.currency === currencyOf(this.deps.market),
        price: buyback.price,
        // The claim below decides this: the cart's decider is told only once the claim is this cart's.
        used_elsewhere: false,
      },
      percent: BUYBACK_BONUS_RULE.percent,
      max: BUYBACK_BONUS_RULE.max[this.deps.market],
      at,
    };
    // Refusals the cart itself gives (no such line, no device, not eligible) come before any claim is taken.
    const cart = fold(cartDecider, (await this.deps.events.readStream(cartStream(cartId))) as unknown as readonly CartEvent[]);
    if (cartDecider.decide(command, cart).length === 0) return this.outcome({ state: cart, checkpoint: null }, request.item_id);
    const claimed = await this.claim(cartId, request.item_id, buyback.number, at, actor);
    let result: CommandResult<CartEvent, CartState>;
    try {
      result = await this.run(cartId, command, actor);
    } catch (error) {
      if (claimed) await this.release(cartId, buyback.number, 'not_attached', at, actor);
      throw error;
    }
    await this.releaseRemoved(cartId, result.events, 'replaced', at, actor);
    return this.outcome(result, request.item_id);
  }

  async remove(cartId: string, itemId: string, actor: Actor): Promise<BuybackBonusOutcome> {
    const at = this.now();
    const result = await this.run(cartId, { type: 'RemoveBuybackBonus', item_id: itemId, at }, actor);
    await this.releaseRemoved(cartId, result.events, 'removed', at, actor);
    return this.outcome(result, itemId);
  }

  /**
   * An order placed with bonuses was cancelled or withdrawn (the process
   * manager on the order's events): their buy-backs may give a bonus again.
   * A cart that holds one of them afresh (an account's cart lives on) keeps it.
   */
  async releaseOrdered(
    cartId: string,
    buybackNumbers: readonly string[],
    reason: Extract<BuybackBonusReleaseReason, 'order_cancelled' | 'order_withdrawn'>,
    at: string,
    actor: Actor,
  ): Promise<void> {
    for (const number of buybackNumbers) {
      const place = await locateBonus(this.deps.events, cartId, number);
      if (place?.kind !== 'cart') await this.release(cartId, number, reason, at, actor);
    }
  }

  /** Where a buy-back's bonus is now (the claw-back process manager asks). */
  async placeOf(buybackNumber: string): Promise<BonusPlace | null> {
    // The claim names the cart; the index only for a bonus given before claims were kept, or whose claim is given back.
    const cartId = (await this.claimState(buybackNumber)).holder?.cart_id ?? (await this.deps.lookups.cartOf(buybackNumber));
    return cartId ? locateBonus(this.deps.events, cartId, buybackNumber) : null;
  }

  /** The claw-back on a cart that still holds the bonus: worked out again from the new price, or taken off. */
  async clawBack(
    cartId: string,
    buybackNumber: string,
    price: number | null,
    at: string,
    actor: Actor,
  ): Promise<CommandResult<CartEvent, CartState>> {
    const result = await this.run(cartId, { type: 'ClawBackBuybackBonus', buyback_number: buybackNumber, price, at }, actor);
    await this.releaseRemoved(cartId, result.events, 'clawed_back', at, actor);
    return result;
  }

  /** Takes the buy-back's claim for this cart; true when it was taken now (so a failed attach gives it back). */
  private async claim(cartId: string, itemId: string, buybackNumber: string, at: string, actor: Actor): Promise<boolean> {
    const state = await this.claimState(buybackNumber);
    const holder = state.holder;
    const here = await locateBonus(this.deps.events, cartId, buybackNumber);
    const stale = holder !== null && holder.cart_id !== cartId && (await this.isStale(holder, buybackNumber));
    const result = await handleCommand(
      this.deps.events,
      buybackBonusClaimDecider,
      buybackBonusClaimStream(buybackNumber),
      {
        type: 'ClaimBuybackBonus',
        buyback_number: buybackNumber,
        cart_id: cartId,
        item_id: itemId,
        held_here: here?.kind === 'cart',
        in_order: here?.kind === 'order' && (await this.orderStands(here.order_number)),
        stale_at: stale ? state.seq : null,
        at,
      },
      // A lost race is decided again on the newer stream: the loser then sees the winner's claim and is refused.
      { actor, market: this.deps.market, retry: { attempts: 5 } },
    );
    return result.events.length > 0;
  }

  /** A holder that no longer holds the bonus: not on its cart (past the grace), and not in an order that stands. */
  private async isStale(holder: NonNullable<BuybackBonusClaimState['holder']>, buybackNumber: string): Promise<boolean> {
    const place = await locateBonus(this.deps.events, holder.cart_id, buybackNumber);
    if (place?.kind === 'cart') return false;
    if (place?.kind === 'order') return !(await this.orderStands(place.order_number));
    return this.deps.clock().getTime() - new Date(holder.at).getTime() > CLAIM_GRACE_MS;
  }

  /** An order placed and neither cancelled nor withdrawn (its bonus stays used). */
  private async orderStands(orderNumber: string): Promise<boolean> {
    const order = fold(
      orderDecider,
      (await this.deps.events.readStream(orderStream(orderNumber))) as unknown as readonly OrderEvent[],
    );
    return order.placed !== null && order.status !== 'cancelled' && order.status !== 'withdrawn';
  }

  private async claimState(buybackNumber: string): Promise<BuybackBonusClaimState> {
    const recorded = await this.deps.events.readStream(buybackBonusClaimStream(buybackNumber));
    return fold(buybackBonusClaimDecider, recorded as unknown as readonly BuybackBonusClaimEvent[]);
  }

  private async release(
    cartId: string,
    buybackNumber: string,
    reason: BuybackBonusReleaseReason,
    at: string,
    actor: Actor,
  ): Promise<void> {
    await handleCommand(
      this.deps.events,
      buybackBonusClaimDecider,
      buybackBonusClaimStream(buybackNumber),
      { type: 'ReleaseBuybackBonus', buyback_number: buybackNumber, cart_id: cartId, reason, at },
      { actor, market: this.deps.market, retry: { attempts: 5 } },
    );
  }

  /** The claims of the bonuses the cart's events took off (taken off, replaced, clawed back) are given back. */
  private async releaseRemoved(
    cartId: string,
    events: readonly CartEvent[],
    reason: BuybackBonusReleaseReason,
    at: string,
    actor: Actor,
  ): Promise<void> {
    for (const event of events)
      if (event.type === 'BuybackBonusRemoved') await this.release(cartId, event.data.buyback_number, reason, at, actor);
  }

  private run(cartId: string, command: CartCommand, actor: Actor): Promise<CommandResult<CartEvent, CartState>> {
    return handleCommand(this.deps.events, cartDecider, cartStream(cartId), command, {
      actor,
      market: this.deps.market,
      retry: { attempts: 3 },
    });
  }

  private outcome(
    result: Pick<CommandResult<CartEvent, CartState>, 'state' | 'checkpoint'>,
    itemId: string,
  ): BuybackBonusOutcome {
    const bonus = (result.state.buyback_bonuses ?? []).find((held) => held.item_id === itemId) ?? null;
    return { bonus, count: countOf(result.state), checkpoint: result.checkpoint };
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }
}

/** What a bonus is worth by a buy-back's new price (0 when the buy-back fell through). */
export const bonusWorth = (bonus: BuybackBonus, price: number | null): number =>
  price === null ? 0 : Math.min(bonus.amount, buybackBonusAmount(price, bonus.percent, bonus.cap));
