import type { ImageDocument } from '@buyloop/catalogue';
import { SecuredRouter } from '@buyloop/http';
import { defaultLanguage } from '@buyloop/i18n';
import { asProjections, type CataloguePart } from '../part';
import { imagesProjection } from '../media/images-projection';
import { ShopCatalogue } from './shop-catalogue';
import { shopLocationsProjection, shopProductsProjection } from './shop-products-projection';
import { ShopQueries } from './shop-queries';
import { shopRoutes } from './shop-routes';
import { ShopSync } from './sync';

/** What tests and the bench reach the shop through. */
export interface ShopHandle {
  readonly catalogue: ShopCatalogue;
  readonly queries: ShopQueries;
  /** Resolves when every change the projector announced so far is in the shop's memory. */
  settled(): Promise<void>;
}

/**
 * The catalogue's shop area (issue 14): the public catalogue API the
 * storefront reads. Its projections fold what names one product (the shop
 * products) and the market's locations; the rest (masters, categories,
 * manufacturers) are the other areas' read models, joined in memory
 * (ShopCatalogue), which the projector's changes keep up to date (ShopSync),
 * so a listing, its facets or a search read no document.
 */
export const shopPart = (): CataloguePart<ShopHandle> => ({
  name: 'shop',
  projections: asProjections(shopProductsProjection, shopLocationsProjection),
  streams: {},
  async open(context) {
    const language = defaultLanguage(context.market);
    const catalogue = new ShopCatalogue(context.market, language, context.clock);
    const queries = new ShopQueries(catalogue, language);
    const sync = new ShopSync(context, catalogue);
    const routes = new SecuredRouter({ tag: 'Shop: catalogue' });
    shopRoutes(routes, {
      catalogue,
      queries,
      settled: () => sync.settled(),
      async images(ids) {
        if (ids.length === 0) return new Map<string, ImageDocument>();
        return context.documents.getMany<ImageDocument>(await context.collection(imagesProjection.name), ids);
      },
    });
    return {
      routes: [routes],
      handle: { catalogue, queries, settled: () => sync.settled() },
      start: () => sync.start(),
      stop: () => sync.stop(),
    };
  },
});
