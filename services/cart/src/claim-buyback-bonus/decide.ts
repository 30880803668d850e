import { BUYBACK_BONUS_ERROR_CODES } from '@buyloop/contracts/cart/http';
import { assertNever, IllegalState, type Decider, type DomainEvent } from '@buyloop/kit';

/**
 * "One buy-back, one bonus" as a consistency boundary: a buy-back's claim
 * stream (`buyback_bonus-<number>`) names the one cart whose device holds
 * its bonus. The cart's add claims first, appending at the version it read,
 * so of two carts attaching the same buy-back at once one is stored and the
 * other, decided again on the newer stream, is refused. A read model cannot
 * do this: two requests both read "free" before either is projected.
 */
export type BuybackBonusClaimEvent =
  | DomainEvent<
      'BuybackBonusClaimed',
      {
        readonly buyback_number: string;
        readonly cart_id: string;
        readonly item_id: string;
        /** The cart whose claim was found stale (it no longer held the bonus) and was taken over; null for a free buy-back. */
        readonly took_over_from: string | null;
        readonly at: string;
      }
    >
  | DomainEvent<
      'BuybackBonusClaimReleased',
      {
        readonly buyback_number: string;
        readonly cart_id: string;
        readonly reason: BuybackBonusReleaseReason;
        readonly at: string;
      }
    >;

/** Why a cart gave its claim back: the bonus left the cart, or never got there, or its order was cancelled or withdrawn. */
export type BuybackBonusReleaseReason =
  'removed' | 'replaced' | 'clawed_back' | 'not_attached' | 'order_cancelled' | 'order_withdrawn';

export const BUYBACK_BONUS_CLAIM_EVENT_TYPES = [
  'BuybackBonusClaimed',
  'BuybackBonusClaimReleased',
] as const satisfies readonly BuybackBonusClaimEvent['type'][];

export const BUYBACK_BONUS_CLAIM_CATEGORY = 'buyback_bonus';
export const buybackBonusClaimStream = (buybackNumber: string): string => `${BUYBACK_BONUS_CLAIM_CATEGORY}-${buybackNumber}`;

export interface BuybackBonusClaimState {
  readonly holder: { readonly cart_id: string; readonly item_id: string; readonly at: string } | null;
  /** Events folded: the version a stale holder was judged at, so a claim renewed since is never taken over. */
  readonly seq: number;
}

export const initialBuybackBonusClaimState = (): BuybackBonusClaimState => ({ holder: null, seq: 0 });

export function evolveBuybackBonusClaim(state: BuybackBonusClaimState, event: BuybackBonusClaimEvent): BuybackBonusClaimState {
  switch (event.type) {
    case 'BuybackBonusClaimed':
      return {
        holder: { cart_id: event.data.cart_id, item_id: event.data.item_id, at: event.data.at },
        seq: state.seq + 1,
      };
    case 'BuybackBonusClaimReleased':
      return { holder: state.holder?.cart_id === event.data.cart_id ? null : state.holder, seq: state.seq + 1 };
    default:
      return assertNever(event, 'buy-back bonus claim event');
  }
}

/**
 * A cart's add takes the claim. `held_here`: the cart's device holds this
 * buy-back's bonus now (a repeated add changes nothing). `in_order`: the
 * claiming cart checked the bonus out into an order that stands (an
 * account's cart lives on after a checkout; the bonus was used). `stale_at`: the
 * service found the holder no longer holds the bonus (checked on the
 * holder's own streams) when the claim stream was at this version; only at
 * that same version may it be taken over.
 */
export interface ClaimBuybackBonus {
  readonly type: 'ClaimBuybackBonus';
  readonly buyback_number: string;
  readonly cart_id: string;
  readonly item_id: string;
  readonly held_here: boolean;
  readonly in_order: boolean;
  readonly stale_at: number | null;
  readonly at: string;
}

/** The holder gives the claim back; anyone else's release changes nothing (a late or repeated one included). */
export interface ReleaseBuybackBonus {
  readonly type: 'ReleaseBuybackBonus';
  readonly buyback_number: string;
  readonly cart_id: string;
  readonly reason: BuybackBonusReleaseReason;
  readonly at: string;
}

export type BuybackBonusClaimCommand = ClaimBuybackBonus | ReleaseBuybackBonus;

export function decideBuybackBonusClaim(
  command: BuybackBonusClaimCommand,
  state: BuybackBonusClaimState,
): BuybackBonusClaimEvent[] {
  switch (command.type) {
    case 'ClaimBuybackBonus': {
      const { holder } = state;
      const mine = holder?.cart_id === command.cart_id;
      if (mine && command.held_here) return [];
      if (mine && command.in_order)
        throw new IllegalState(BUYBACK_BONUS_ERROR_CODES.used, 'This buy-back gave its bonus to an order already');
      const stale = holder !== null && !mine && command.stale_at === state.seq;
      if (holder !== null && !mine && !stale)
        throw new IllegalState(BUYBACK_BONUS_ERROR_CODES.used, 'This buy-back gives a bonus already');
      // Renewed even by its own cart: the new version keeps anyone who judged the old claim stale from taking it.
      return [
        {
          type: 'BuybackBonusClaimed',
          data: {
            buyback_number: command.buyback_number,
            cart_id: command.cart_id,
            item_id: command.item_id,
            took_over_from: stale ? holder.cart_id : null,
            at: command.at,
          },
        },
      ];
    }
    case 'ReleaseBuybackBonus':
      if (state.holder?.cart_id !== command.cart_id) return [];
      return [
        {
          type: 'BuybackBonusClaimReleased',
          data: { buyback_number: command.buyback_number, cart_id: command.cart_id, reason: command.reason, at: command.at },
        },
      ];
    default:
      return assertNever(command, 'buy-back bonus claim command');
  }
}

export const buybackBonusClaimDecider: Decider<BuybackBonusClaimCommand, BuybackBonusClaimEvent, BuybackBonusClaimState> = {
  initialState: initialBuybackBonusClaimState,
  evolve: evolveBuybackBonusClaim,
  decide: decideBuybackBonusClaim,
};
