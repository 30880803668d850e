import {
  DISCOUNT_ERROR_CODES,
  ISIC_CARD_NUMBER,
  ISIC_CODE,
  type ApplyDiscountCodeRequest,
} from '@buyloop/contracts/cart/discounts';
import {
  handleCommand,
  ValidationError,
  type Actor,
  type Checkpoint,
  type Clock,
  type Market,
  type StreamStore,
} from '@buyloop/kit';
import { cartDecider, type CartCommand } from '../decider';
import { cartStream } from '../events';
import type { ApplyDiscountCode } from '../apply-discount-code/decide';
import { GENERATED_CODE } from './generator';
import type { DiscountLookup } from './lookup';
import { usableAt, type PricingDefinition } from './pricing';

export interface CartCodesDeps {
  readonly events: StreamStore;
  readonly market: Market;
  readonly clock: Clock;
  readonly lookup: DiscountLookup;
}

export interface CartCodesOutcome {
  readonly codes: readonly string[];
  readonly count: number;
  readonly checkpoint: Checkpoint | null;
}

/** An ISIC number as printed or typed (spaces, any case) in the one form the cart keeps. */
export const normaliseCardNumber = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/**
 * Codes in the cart (spec 7's add_discount_code / remove_product_discount):
 * looks up what a code names now, then lets the cart's decider take it.
 * A generated code is matched exactly (both letter cases are its alphabet),
 * a shared code in any case.
 */
export class CartDiscountCodes {
  constructor(private readonly deps: CartCodesDeps) {}

  async apply(cartId: string, request: ApplyDiscountCodeRequest, actor: Actor): Promise<CartCodesOutcome> {
    const at = this.deps.clock().toISOString();
    const command: ApplyDiscountCode =
      request.code !== undefined ? await this.byCode(request.code, at) : await this.byCard(request, at);
    return this.run(cartId, command, actor);
  }

  async remove(cartId: string, code: string, actor: Actor): Promise<CartCodesOutcome> {
    const held = await this.held(cartId);
    // A shared code may be named in any case; a generated one only as it is.
    const match = held.includes(code) ? code : (held.find((one) => one === code.toUpperCase()) ?? code);
    return this.run(cartId, { type: 'RemoveDiscountCode', code: match, at: this.deps.clock().toISOString() }, actor);
  }

  private async held(cartId: string): Promise<string[]> {
    const recorded = await this.deps.events.readStream(cartStream(cartId));
    let state = cartDecider.initialState();
    for (const event of recorded) state = cartDecider.evolve(state, event as never);
    return (state.discount_codes ?? []).map((applied) => applied.code);
  }

  private async byCode(typed: string, at: string): Promise<ApplyDiscountCode> {
    const single = GENERATED_CODE.test(typed) ? await this.deps.lookup.singleUseCode(typed) : null;
    if (single) {
      const definition = await this.deps.lookup.definition(single.discount_id);
      return {
        type: 'ApplyDiscountCode',
        code: typed,
        kind: 'code',
        found: this.found(definition, true, single.claimed_by !== null, at),
        card: null,
        at,
      };
    }
    const code = typed.toUpperCase();
    const definition = await this.deps.lookup.sharedCode(code);
    return { type: 'ApplyDiscountCode', code, kind: 'code', found: this.found(definition, false, false, at), card: null, at };
  }

  private async byCard(request: ApplyDiscountCodeRequest, at: string): Promise<ApplyDiscountCode> {
    const number = normaliseCardNumber(request.card_number ?? '');
    const holder = (request.card_holder ?? '').trim();
    const errors: Record<string, string[]> = {};
    if (!ISIC_CARD_NUMBER.test(number)) errors.card_number = [DISCOUNT_ERROR_CODES.isicCardInvalid];
    if (holder.length < 2 || !/\p{L}/u.test(holder)) errors.card_holder = [DISCOUNT_ERROR_CODES.isicHolderRequired];
    if (Object.keys(errors).length > 0)
      throw new ValidationError(
        errors.card_number ? DISCOUNT_ERROR_CODES.isicCardInvalid : DISCOUNT_ERROR_CODES.isicHolderRequired,
        errors,
        'The ISIC card needs a valid number and its holder’s name',
      );
    const definition = await this.deps.lookup.isic();
    return {
      type: 'ApplyDiscountCode',
      code: ISIC_CODE,
      kind: 'isic',
      found: this.found(definition, false, false, at),
      card: { number, holder },
      at,
    };
  }

  private found(definition: PricingDefinition | null, singleUse: boolean, used: boolean, at: string): ApplyDiscountCode['found'] {
    return definition ? { discount_id: definition.id, single_use: singleUse, usable: usableAt(definition, at), used } : null;
  }

  private async run(cartId: string, command: CartCommand, actor: Actor): Promise<CartCodesOutcome> {
    const result = await handleCommand(this.deps.events, cartDecider, cartStream(cartId), command, {
      actor,
      market: this.deps.market,
      retry: { attempts: 3 },
    });
    const codes = (result.state.discount_codes ?? []).map((applied) => applied.code);
    return { codes, count: codes.length, checkpoint: result.checkpoint };
  }
}
