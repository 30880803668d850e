import type { Market } from '@buyloop/kit';
import type { DocumentStore } from '@buyloop/document-store';
import { SecuredRouter } from '@buyloop/identity';
import { catalogueQuery, catalogueRoutes } from '@buyloop/buy-back-read-models';

/** Wires the buy-back context's routes: so far the storefront's selector, appraisal and quotes. */
export function buyBackRoutes(options: {
  readonly documents: DocumentStore;
  readonly market: Market;
  /** The `buyout_catalogue` read model's serving collection (Projector.readCollection). */
  readonly catalogueCollection: () => Promise<string>;
}): SecuredRouter {
  const router = new SecuredRouter();
  catalogueRoutes(router, {
    market: options.market,
    catalogue: catalogueQuery(options.documents, options.market, options.catalogueCollection),
  });
  return router;
}
