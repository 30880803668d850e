import { categoryCommandRoutes, categoryTreeDecider, CategoryService } from '@buyloop/catalogue';
import type { StreamFolder } from '@buyloop/projector';
import { SecuredRouter } from '@buyloop/http';
import { asProjections, type CataloguePart } from '../part';
import { categoryTreeProjection, type CategoryTreeDocument } from './category-tree-projection';
import { categoryQueries, emptyCategoryTree, type CategoryQueries } from './category-queries';
import { categoryQueryRoutes } from './category-routes';

/** What tests, tools and the demo data reach the categories through. */
export interface CategoriesHandle {
  readonly service: CategoryService;
  readonly queries: CategoryQueries;
}

/**
 * The catalogue's categories area: the market's category tree and which
 * master products sit in which category (one stream, `categorytree-<market>`),
 * its read model, and the back office's routes.
 */
export const categoriesPart = (): CataloguePart<CategoriesHandle> => ({
  name: 'categories',
  projections: asProjections(categoryTreeProjection),
  streams: { categorytree: categoryTreeDecider as unknown as StreamFolder },
  async open(context) {
    const service = new CategoryService({ events: context.events, market: context.market, clock: context.clock });
    const queries = categoryQueries(async () => {
      const collection = await context.collection(categoryTreeProjection.name);
      return (await context.documents.get<CategoryTreeDocument>(collection, context.market)) ?? emptyCategoryTree(context.market);
    });
    const routes = new SecuredRouter({ tag: 'Catalogue: categories' });
    // Before the command routes, so `/categories/tree` is never read as a category id.
    categoryQueryRoutes(routes, queries);
    categoryCommandRoutes(routes, { service, settle: context.settle });
    return { routes: [routes], handle: { service, queries } };
  },
});
