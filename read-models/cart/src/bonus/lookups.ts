import { z } from 'zod';
import type { BuybackBonusLookups, BuybackForBonus } from '@buyloop/cart';
import type { DocumentStore } from '@buyloop/document-store';
import { BUYBACK_BONUSES_PROJECTION } from './projection';

/**
 * The buy-back context's published read model, by its projection's name
 * (`buybacks`, one document per buy-back): a context never imports another,
 * so the cart parses the few fields the bonus needs. The document's status,
 * current price and currency are the buy-back's own; its owner and token
 * hash let the cart ask what the buy-back's status page asks.
 */
export const BUYBACKS_COLLECTION = 'buybacks';

const buybackSchema = z.object({
  buyout_number: z.string(),
  status: z.string(),
  current_price: z.number(),
  currency: z.string(),
  owner_user_id: z.string().nullable(),
  access_token_hash: z.string(),
});

const bonusIndexSchema = z.object({ cart_id: z.string() });

export interface BonusLookupDeps {
  readonly documents: Pick<DocumentStore, 'get'>;
  readonly collection: (projection: string) => Promise<string>;
}

export function buybackBonusLookups(deps: BonusLookupDeps): BuybackBonusLookups {
  const read = async (projection: string, id: string): Promise<unknown> => {
    let collection: string;
    try {
      collection = await deps.collection(projection);
    } catch {
      // The buy-back is not running in this process: it has no buy-backs to give a bonus.
      return null;
    }
    return deps.documents.get(collection, id);
  };
  return {
    async buyback(number: string): Promise<BuybackForBonus | null> {
      const raw = await read(BUYBACKS_COLLECTION, number);
      if (raw === null) return null;
      const document = buybackSchema.parse(raw);
      return {
        number: document.buyout_number,
        status: document.status,
        price: document.current_price,
        currency: document.currency,
        owner_user_id: document.owner_user_id,
        access_token_hash: document.access_token_hash,
      };
    },
    async cartOf(buybackNumber: string): Promise<string | null> {
      const raw = await read(BUYBACK_BONUSES_PROJECTION, buybackNumber);
      return raw === null ? null : bonusIndexSchema.parse(raw).cart_id;
    },
  };
}
