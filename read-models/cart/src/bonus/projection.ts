import { cartIdOfStream, type CartEvent } from '@buyloop/cart';
import type { Projection } from '@buyloop/projector';

/**
 * The cart a buy-back's bonus was last given in, by buy-back number: the
 * index the claw-back process manager and the "one buy-back, one bonus"
 * check start from. Only where to look: whether the cart still holds the
 * bonus, or the order it was checked out to does, is read from the cart's
 * stream each time (`locateBonus`), so a lagging index never decides.
 */
export interface BuybackBonusIndexDocument extends Record<string, unknown> {
  readonly buyback_number: string;
  readonly cart_id: string;
  readonly item_id: string;
  readonly attached_at: string;
}

export const BUYBACK_BONUSES_PROJECTION = 'cart_buyback_bonuses';

export const buybackBonusesProjection: Projection<BuybackBonusIndexDocument> = {
  name: BUYBACK_BONUSES_PROJECTION,
  version: 1,
  handles: ['BuybackBonusAttached'],
  collection: {
    fields: {
      buyback_number: { path: 'buyback_number', type: 'string' },
      cart_id: { path: 'cart_id', type: 'string' },
    },
    indexes: ['cart_id'],
  },
  key: (recorded) => {
    if (cartIdOfStream(recorded.stream) === null) return null;
    const event = { type: recorded.type, data: recorded.data } as CartEvent;
    return event.type === 'BuybackBonusAttached' ? event.data.bonus.buyback_number : null;
  },
  evolve(_document, recorded) {
    const event = { type: recorded.type, data: recorded.data } as CartEvent;
    if (event.type !== 'BuybackBonusAttached') return _document;
    return {
      buyback_number: event.data.bonus.buyback_number,
      cart_id: cartIdOfStream(recorded.stream)!,
      item_id: event.data.bonus.item_id,
      attached_at: event.data.at,
    };
  },
};
