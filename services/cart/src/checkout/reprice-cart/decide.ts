import type { CartEvent } from '../../events';
import { assertOpen, type CartState } from '../../state';

/** The checkout found prices changed since items were added: the cart takes today's (whole CZK or lei with VAT, by item id). */
export interface RepriceCart {
  readonly type: 'RepriceCart';
  readonly prices: Readonly<Record<string, number>>;
  readonly at: string;
}

/** The same pieces at the new price, recorded like a raise's re-pricing; lines whose price stands are left alone. */
export function repriceCart(command: RepriceCart, state: CartState): CartEvent[] {
  assertOpen(state);
  return state.items.flatMap((item): CartEvent[] => {
    const price = command.prices[item.item_id];
    return price === undefined || price === item.unit_price
      ? []
      : [
          {
            type: 'CartItemQuantityChanged',
            data: { item_id: item.item_id, quantity: item.quantity, unit_price: price, at: command.at },
          },
        ];
  });
}
