import { createHash, timingSafeEqual } from 'node:crypto';
import { BUYBACK_BONUS_ERROR_CODES, BUYBACK_BONUS_RULE, type AddBuybackBonusRequest } from '@buyloop/contracts/cart/http';
import {
  currencyOf,
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
    const elsewhere = await this.placeOf(buyback.number);
    const usedElsewhere = elsewhere !== null && (elsewhere.kind === 'order' || elsewhere.cart_id !== cartId);
    const command: CartCommand = {
      type: 'AddBuybackBonus',
      item_id: request.item_id,
      buyback: {
        number: buyback.number,
        eligible: BONUS_STATUSES.includes(buyback.status) && buyback.currency === currencyOf(this.deps.market),
        price: buyback.price,
        used_elsewhere: usedElsewhere,
      },
      percent: BUYBACK_BONUS_RULE.percent,
      max: BUYBACK_BONUS_RULE.max[this.deps.market],
      at: this.now(),
    };
    const result = await this.run(cartId, command, actor);
    return this.outcome(result, request.item_id);
  }

  async remove(cartId: string, itemId: string, actor: Actor): Promise<BuybackBonusOutcome> {
    const result = await this.run(cartId, { type: 'RemoveBuybackBonus', item_id: itemId, at: this.now() }, actor);
    return this.outcome(result, itemId);
  }

  /** Where a buy-back's bonus is now (the claw-back process manager asks). */
  async placeOf(buybackNumber: string): Promise<BonusPlace | null> {
    const cartId = await this.deps.lookups.cartOf(buybackNumber);
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
    return this.run(cartId, { type: 'ClawBackBuybackBonus', buyback_number: buybackNumber, price, at }, actor);
  }

  private run(cartId: string, command: CartCommand, actor: Actor): Promise<CommandResult<CartEvent, CartState>> {
    return handleCommand(this.deps.events, cartDecider, cartStream(cartId), command, {
      actor,
      market: this.deps.market,
      retry: { attempts: 3 },
    });
  }

  private outcome(result: CommandResult<CartEvent, CartState>, itemId: string): BuybackBonusOutcome {
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
