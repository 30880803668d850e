import { createHash, randomUUID } from 'node:crypto';
import type { AddCartItemRequest } from '@buyloop/contracts/cart/http';
import {
  ConcurrencyConflict,
  fold,
  handleCommand,
  IllegalState,
  type Actor,
  type Clock,
  type CommandResult,
  type Market,
  type StreamStore,
} from '@buyloop/kit';
import type { WarrantyBonusMonths } from '@buyloop/contracts';
import { cartDecider, type CartCommand } from './decider';
import { cartStream, type BuybackBonus, type CartEvent } from './events';
import { buybackBonusClaimDecider, buybackBonusClaimStream, type BuybackBonusClaimEvent } from './claim-buyback-bonus/decide';
import type { ProductOffer, ProductOffers } from './offers';
import { countOf, mergedKey, type CartState } from './state';
import { isPerPiece } from './rules';

export interface CartServiceDeps {
  readonly events: StreamStore;
  readonly market: Market;
  readonly clock: Clock;
  readonly offers: ProductOffers;
  /** New item ids; random UUIDs unless a test names them. */
  readonly newId?: () => string;
}

/** What a merge on sign-in did: checkpoints to wait for, and whether the anonymous cart keeps items that did not fit. */
export interface MergeOutcome {
  readonly checkpoints: readonly string[];
  readonly left_behind: boolean;
}

/** What a cart command answers: the item it was about, the count after it, and the checkpoint to wait for. */
export interface CartOutcome {
  readonly item_id: string;
  readonly count: number;
  readonly state: CartState;
  readonly checkpoint: string | null;
}

/** A UUID-shaped id derived from its parts: a retried merge appends events the store has already and writes nothing. */
function derivedId(...parts: readonly string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The cart's application service: looks up what a decision needs from the
 * catalogue (prices, stock, what a device is offered with), then runs the
 * pure decider through the command handler. A lost race re-reads and decides
 * again (every cart command may be decided anew on the newer cart).
 */
export class CartService {
  private readonly newId: () => string;

  constructor(private readonly deps: CartServiceDeps) {
    this.newId = deps.newId ?? randomUUID;
  }

  async state(cartId: string): Promise<CartState> {
    const recorded = await this.deps.events.readStream(cartStream(cartId));
    return fold(cartDecider, recorded as unknown as readonly CartEvent[]);
  }

  async add(cartId: string, request: AddCartItemRequest, actor: Actor): Promise<CartOutcome> {
    const offer = await this.deps.offers.offer(request.product);
    const insurance =
      request.insurance_id !== undefined
        ? { item_id: this.newId(), offer: await this.deps.offers.offer(request.insurance_id) }
        : null;
    const warranty =
      request.warranty_months !== undefined
        ? {
            item_id: this.newId(),
            months: request.warranty_months,
            offer: await this.extensionOf(offer, request.warranty_months),
          }
        : null;
    const command: CartCommand = {
      type: 'AddItem',
      item_id: this.newId(),
      offer,
      quantity: request.quantity,
      parent_item_id: request.parent_item_id ?? null,
      installment: request.installment ?? null,
      insurance,
      warranty,
      at: this.now(),
    };
    const result = await this.run(cartId, command, actor);
    const first = result.events[0];
    const itemId =
      first?.type === 'CartItemAdded'
        ? first.data.item.item_id
        : first?.type === 'CartItemQuantityChanged'
          ? first.data.item_id
          : command.item_id;
    return this.outcome(itemId, result);
  }

  async changeQuantity(cartId: string, itemId: string, quantity: number, actor: Actor): Promise<CartOutcome> {
    // The product is looked up before the decision; a missing item is refused by the decider all the same.
    const state = await this.state(cartId);
    const current = state.items.find((item) => item.item_id === itemId);
    const offer = current ? await this.deps.offers.offer(current.product) : null;
    // A raise re-prices the insurance and warranty extension that follow the item too.
    const followerOffers: Record<string, ProductOffer | null> = {};
    if (current && quantity > current.quantity)
      for (const child of state.items.filter((item) => item.parent_item_id === itemId && isPerPiece(item.kind)))
        followerOffers[child.product] = await this.deps.offers.offer(child.product);
    const result = await this.run(
      cartId,
      { type: 'ChangeQuantity', item_id: itemId, quantity, offer, follower_offers: followerOffers, at: this.now() },
      actor,
    );
    return this.outcome(itemId, result);
  }

  async remove(cartId: string, itemId: string, actor: Actor): Promise<CartOutcome & { readonly removed: readonly string[] }> {
    const result = await this.run(cartId, { type: 'RemoveItem', item_id: itemId, at: this.now() }, actor);
    const removed = result.events.flatMap((event) => (event.type === 'CartItemRemoved' ? event.data.removed_item_ids : []));
    return { ...this.outcome(itemId, result), removed };
  }

  async addWarrantyBonus(cartId: string, itemId: string, months: WarrantyBonusMonths, actor: Actor): Promise<CartOutcome> {
    const result = await this.run(cartId, { type: 'AddWarrantyBonus', item_id: itemId, months, at: this.now() }, actor);
    return this.outcome(itemId, result);
  }

  async removeWarrantyBonus(cartId: string, itemId: string, actor: Actor): Promise<CartOutcome> {
    const result = await this.run(cartId, { type: 'RemoveWarrantyBonus', item_id: itemId, at: this.now() }, actor);
    return this.outcome(itemId, result);
  }

  /**
   * Takes an anonymous cart into an account's: the account's cart first
   * (whole packages while they fit, plain lines raising the same product's
   * line, under item ids derived from the anonymous cart's), then the
   * anonymous cart gives up exactly the items the account's cart holds from
   * it. What did not fit stays in the anonymous cart, which stays open (the
   * locator keeps its cookie) and is offered again on the next call. Two
   * streams and no transaction: a crash between them leaves the items in
   * both, and the next call hands them over (the account's cart remembers
   * what it took, so it takes nothing twice); two calls at once are the
   * same retry through the store's optimistic concurrency.
   */
  async merge(anonymousCartId: string, accountCartId: string, actor: Actor): Promise<MergeOutcome> {
    const anonymous = await this.state(anonymousCartId);
    if (anonymous.handed_over_to !== null) return { checkpoints: [], left_behind: false };
    const at = this.now();
    const newIds = Object.fromEntries(
      anonymous.items.map((item) => [item.item_id, derivedId('cart-merge', anonymousCartId, item.item_id)]),
    );
    // Today's prices of the plain lines' products: a line raised by the merge is re-priced like any raise.
    const prices: Record<string, number | null> = {};
    for (const item of anonymous.items.filter((line) => line.parent_item_id === null)) {
      if (item.product in prices) continue;
      const offer = await this.deps.offers.offer(item.product);
      prices[item.product] = offer && offer.for_sale ? offer.price : null;
    }
    const merged =
      anonymous.items.length > 0 || (anonymous.discount_codes ?? []).length > 0
        ? await this.run(
            accountCartId,
            {
              type: 'MergeCart',
              from_cart: anonymousCartId,
              items: anonymous.items,
              new_ids: newIds,
              prices,
              discount_codes: anonymous.discount_codes ?? [],
              buyback_bonuses: anonymous.buyback_bonuses ?? [],
              at,
            },
            actor,
          )
        : null;
    for (const event of merged?.events ?? [])
      if (event.type === 'BuybackBonusAttached')
        await this.moveBonusClaim(anonymousCartId, accountCartId, event.data.bonus, at, actor);
    const taken = new Set(merged?.state.merged ?? []);
    const itemIds = anonymous.items
      .filter((item) => taken.has(mergedKey(anonymousCartId, item.item_id)))
      .map((item) => item.item_id);
    const handedOver = await this.run(
      anonymousCartId,
      { type: 'HandOverCart', into_cart: accountCartId, item_ids: itemIds, at },
      actor,
    );
    return {
      checkpoints: [merged?.checkpoint ?? null, handedOver.checkpoint].filter((checkpoint) => checkpoint !== null),
      left_behind: handedOver.state.handed_over_to === null && handedOver.state.items.length > 0,
    };
  }

  /**
   * The buy-back's claim ("one buy-back, one bonus") follows its bonus into
   * the account's cart: the anonymous cart gave the line up, so its claim is
   * taken over at the version read. Only a claim the anonymous cart holds is
   * moved; when someone changed the claim meanwhile, theirs stands and the
   * bonus is judged at the checkout like any other.
   */
  private async moveBonusClaim(from: string, into: string, bonus: BuybackBonus, at: string, actor: Actor): Promise<void> {
    const stream = buybackBonusClaimStream(bonus.buyback_number);
    const claim = fold(
      buybackBonusClaimDecider,
      (await this.deps.events.readStream(stream)) as unknown as readonly BuybackBonusClaimEvent[],
    );
    if (claim.holder?.cart_id !== from) return;
    try {
      await handleCommand(
        this.deps.events,
        buybackBonusClaimDecider,
        stream,
        {
          type: 'ClaimBuybackBonus',
          buyback_number: bonus.buyback_number,
          cart_id: into,
          item_id: bonus.item_id,
          held_here: true,
          in_order: false,
          stale_at: claim.seq,
          at,
        },
        { actor, market: this.deps.market },
      );
    } catch (error) {
      if (!(error instanceof ConcurrencyConflict) && !(error instanceof IllegalState)) throw error;
    }
  }

  private async extensionOf(device: ProductOffer | null, months: number): Promise<ProductOffer | null> {
    for (const code of device?.warranty_extensions ?? []) {
      const extension = await this.deps.offers.offer(code);
      if (extension?.kind === 'warranty_extension' && extension.extension_months === months) return extension;
    }
    return null;
  }

  private run(cartId: string, command: CartCommand, actor: Actor): Promise<CommandResult<CartEvent, CartState>> {
    return handleCommand(this.deps.events, cartDecider, cartStream(cartId), command, {
      actor,
      market: this.deps.market,
      retry: { attempts: 3 },
    });
  }

  private outcome(itemId: string, result: CommandResult<CartEvent, CartState>): CartOutcome {
    return { item_id: itemId, count: countOf(result.state), state: result.state, checkpoint: result.checkpoint };
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }
}
