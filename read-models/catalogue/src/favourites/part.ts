import { SecuredRouter } from '@buyloop/http';
import type { CataloguePart } from '../part';
import type { ShopHandle } from '../shop/part';
import { FavouritesStore } from './favourites';
import { FAVOURITES_TAG, favouritesRoutes } from './routes';

export interface FavouritesHandle {
  readonly store: FavouritesStore;
}

/**
 * The catalogue's favourites area (issue 14): a signed-in customer's favourites, which the
 * storefront fills from the device's list at sign-in. The cards come from the shop area's
 * memory (`shop`, read when asked: the shop area opens before this one).
 */
export const favouritesPart = (shop: () => ShopHandle | undefined): CataloguePart<FavouritesHandle> => ({
  name: 'favourites',
  projections: [],
  streams: {},
  async open(context) {
    const store = new FavouritesStore(context.documents, context.clock);
    await store.open();
    const routes = new SecuredRouter({ tag: FAVOURITES_TAG });
    favouritesRoutes(routes, {
      store,
      card(code) {
        const handle = shop();
        const entry = handle?.catalogue.entry(code);
        return handle && entry?.listed ? handle.queries.item(entry) : undefined;
      },
    });
    return { routes: [routes], handle: { store } };
  },
});
