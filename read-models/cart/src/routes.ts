import type { CartLocator } from '@buyloop/cart';
import { CART_TAG } from '@buyloop/cart';
import { cartCountSchema, cartSummarySchema } from '@buyloop/contracts/cart/http';
import type { DocumentStore } from '@buyloop/document-store';
import { json, languageOf, type SecuredRouter } from '@buyloop/http';
import { translate } from '@buyloop/i18n';
import { DISCOUNT_ERROR_CODES } from '@buyloop/contracts/cart/discounts';
import { currencyOf, type Clock, type Market } from '@buyloop/kit';
import { cartDiscounts } from './discounts/cart-pricing';
import { discountLookup } from './discounts/lookup';
import { CART_PROJECTION, type CartDocument } from './projection';
import { summaryOf } from './summary';

export interface CartReadDeps {
  readonly documents: Pick<DocumentStore, 'get' | 'find'>;
  readonly collection: (projection: string) => Promise<string>;
  readonly locator: CartLocator;
  readonly market: Market;
  /** The instant discounts are priced at (their validity); the system clock unless a test names one. */
  readonly clock?: Clock;
}

export { CART_TAG };

/** The cart as the storefront reads it: the summary and the badge's count. Never cached: it is the visitor's own. */
export function cartReadRoutes(r: SecuredRouter, deps: CartReadDeps): void {
  const documentOf = async (cartId: string | null): Promise<CartDocument | null> =>
    cartId === null ? null : deps.documents.get<CartDocument>(await deps.collection(CART_PROJECTION), cartId);
  const lookup = discountLookup(deps);

  r.get(
    '/api/cart',
    'public',
    {
      summary: 'The cart: packages, quantities, prices, VAT and the total (spec 7 summary)',
      description:
        'Whole CZK or lei. A signed-in visitor whose browser holds an anonymous cart gets its items merged into the account’s cart first.',
      responses: { 200: json('The cart (empty without one)', cartSummarySchema) },
    },
    async (req, res) => {
      const document = await documentOf(await deps.locator.find(req, res));
      const at = (deps.clock ?? (() => new Date()))().toISOString();
      const pricing = await cartDiscounts(document, lookup, at);
      const invalidText = translate(DISCOUNT_ERROR_CODES.invalidInCart, languageOf(res));
      res
        .set('Cache-Control', 'no-store')
        .json(summaryOf(document, currencyOf(deps.market), pricing ? { pricing, invalidText } : null));
    },
  );

  r.get(
    '/api/cart/count',
    'public',
    {
      summary: 'The pieces in the cart (spec 7 cart_count, the badge)',
      responses: { 200: json('The count', cartCountSchema) },
    },
    async (req, res) => {
      const document = await documentOf(await deps.locator.find(req, res));
      res.set('Cache-Control', 'no-store').json({ count: summaryOf(document, currencyOf(deps.market)).count });
    },
  );
}
