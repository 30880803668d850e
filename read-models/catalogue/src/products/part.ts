import {
  claimDecider,
  masterDecider,
  metaMasterDecider,
  productDecider,
  productsCommandRoutes,
  ProductsService,
  referenceDecider,
} from '@buyloop/catalogue';
import { SecuredRouter } from '@buyloop/http';
import type { StreamFolder } from '@buyloop/projector';
import { asProjections, type CataloguePart } from '../part';
import { categoryTreeProjection, type CategoryTreeDocument } from '../categories/category-tree-projection';
import { masterCategoriesProjection } from './master-categories-projection';
import { mastersProjection } from './masters-projection';
import { metaMastersProjection } from './meta-masters-projection';
import { productQueries, type ProductQueries } from './product-queries';
import { productQueryRoutes } from './product-routes';
import { productsProjection } from './products-projection';
import { referenceProjection } from './reference-projection';

/** What tests, tools and the demo data reach the products area through. */
export interface ProductsHandle {
  readonly service: ProductsService;
  readonly queries: ProductQueries;
}

const folder = (decider: unknown): StreamFolder => decider as StreamFolder;

/**
 * The catalogue's products area: reference lists, master products, their
 * catalogue products (variants), meta masters and relations; the read
 * models the back office (and later the storefront) read; the routes.
 */
export const productsPart = (): CataloguePart<ProductsHandle> => ({
  name: 'products',
  projections: asProjections(
    referenceProjection,
    mastersProjection,
    masterCategoriesProjection,
    productsProjection,
    metaMastersProjection,
  ),
  streams: {
    typedevice: folder(referenceDecider),
    manufacturer: folder(referenceDecider),
    unit: folder(referenceDecider),
    attribute: folder(referenceDecider),
    master: folder(masterDecider),
    product: folder(productDecider),
    metamaster: folder(metaMasterDecider),
    ean: folder(claimDecider),
    masterslug: folder(claimDecider),
  },
  async open(context) {
    const service = new ProductsService({ events: context.events, market: context.market, clock: context.clock });
    const queries = productQueries({
      documents: context.documents,
      market: context.market,
      collection: (projection) => context.collection(projection),
      // The SEO grid lists the categories too; their SEO fields are the categories area's (changed with the category).
      async categories() {
        const collection = await context.collection(categoryTreeProjection.name);
        const tree = await context.documents.get<CategoryTreeDocument>(collection, context.market);
        return Object.values(tree?.categories ?? {}).map((c) => ({
          id: c.id,
          name: c.name,
          seo_name: c.seo_name,
          seo_title: c.seo_title,
          seo_description: c.seo_description,
        }));
      },
    });
    const routes = new SecuredRouter({ tag: 'Catalogue: products' });
    // Reads first: `/masters/query` is a POST the command routes never take, and GETs never clash with them.
    productQueryRoutes(routes, queries);
    productsCommandRoutes(routes, { service, settle: context.settle });
    return { routes: [routes], handle: { service, queries } };
  },
});
