import type { Response } from 'express';
import {
  favouriteParamsSchema,
  favouritesSchema,
  mergeFavouritesSchema,
  type Favourites,
} from '@buyloop/contracts/catalogue/favourites';
import type { ShopProductItem } from '@buyloop/contracts/catalogue/shop';
import { json, ownSession, problem, type SecuredRouter } from '@buyloop/http';
import { NotFound, parseInput } from '@buyloop/kit';
import { mergedFavourites, withFavourite, withoutFavourite, type FavouritesStore } from './favourites';

export const FAVOURITES_TAG = 'Shop: favourites';

export interface FavouritesRouteDeps {
  readonly store: FavouritesStore;
  /** The card of a product on sale (listed in the shop); undefined for any other code. */
  readonly card: (code: string) => ShopProductItem | undefined;
}

const ANSWER = json('The favourites, newest first, with the cards of those on sale', favouritesSchema);

/**
 * A signed-in customer's favourites (issue 14). Adding needs a product on sale (404 otherwise);
 * a merge leaves out what is no longer sold, since a device may keep a list for months.
 */
export function favouritesRoutes(r: SecuredRouter, deps: FavouritesRouteDeps): void {
  const answer = (res: Response, codes: readonly string[]): void => {
    const products = codes.map((code) => deps.card(code)).filter((card): card is ShopProductItem => card !== undefined);
    const body: Favourites = { items: [...codes], products };
    // The person's own list: never in a shared cache.
    res.set('Cache-Control', 'no-store').json(body);
  };

  r.get(
    '/api/favourites',
    'favourites.own',
    { summary: 'The signed-in customer’s favourites', responses: { 200: ANSWER } },
    async (_req, res) => {
      answer(res, await deps.store.codes(ownSession(res).userId));
    },
  );

  r.put(
    '/api/favourites/:code',
    'favourites.own',
    {
      summary: 'Add a product to the favourites (again: moves it to the front)',
      description: 'At most 200 are kept: adding one more drops the oldest.',
      params: favouriteParamsSchema,
      responses: { 200: ANSWER, 404: problem('No such product on sale') },
    },
    async (req, res) => {
      const { code } = parseInput(favouriteParamsSchema, req.params);
      if (!deps.card(code)) throw new NotFound('catalogue.shop.product_not_found', 'There is no such product on sale', { code });
      answer(res, await deps.store.change(ownSession(res).userId, (codes) => withFavourite(codes, code)));
    },
  );

  r.delete(
    '/api/favourites/:code',
    'favourites.own',
    {
      summary: 'Remove a product from the favourites (one that is not there: nothing changes)',
      params: favouriteParamsSchema,
      responses: { 200: ANSWER },
    },
    async (req, res) => {
      const { code } = parseInput(favouriteParamsSchema, req.params);
      answer(res, await deps.store.change(ownSession(res).userId, (codes) => withoutFavourite(codes, code)));
    },
  );

  r.post(
    '/api/favourites/merge',
    'favourites.own',
    {
      summary: 'Merge the favourites kept on the device into the account’s (after signing in)',
      description:
        'The device’s codes come first, in their order, then the account’s; duplicates once; codes of products no longer on sale are left out; at most 200 are kept.',
      body: mergeFavouritesSchema,
      responses: { 200: ANSWER },
    },
    async (req, res) => {
      const { codes: device } = parseInput(mergeFavouritesSchema, req.body);
      const onSale = (code: string) => deps.card(code) !== undefined;
      answer(res, await deps.store.change(ownSession(res).userId, (codes) => mergedFavourites(codes, device, onSale)));
    },
  );
}
