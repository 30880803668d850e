import type { SecuredRouter } from '@buyloop/http';
import { importProductsRoute } from '../import-products/route';
import { changeMetaMasterRoutes } from '../master/change-meta-master/route';
import { createMasterRoute } from '../master/create-master/route';
import { deleteMasterRoute } from '../master/delete-master/route';
import { setMasterParamsRoute } from '../master/set-master-params/route';
import { updateMasterRoutes } from '../master/update-master/route';
import { metaMasterCommandRoutes } from '../meta-master/routes';
import { createProductRoute } from '../product/create-product/route';
import { discontinueProductRoute } from '../product/discontinue-product/route';
import { setRelationsRoute } from '../product/set-relations/route';
import { updateProductRoute } from '../product/update-product/route';
import { createReferenceEntryRoutes } from '../reference/create-reference-entry/route';
import { updateReferenceEntryRoutes } from '../reference/update-reference-entry/route';
import type { ProductsRouteDeps } from './route-deps';

/** Every command route of the products area (the reads are the read side's: @buyloop/catalogue-read-models). */
export function productsCommandRoutes(r: SecuredRouter, deps: ProductsRouteDeps): void {
  createReferenceEntryRoutes(r, deps);
  updateReferenceEntryRoutes(r, deps);
  createMasterRoute(r, deps);
  updateMasterRoutes(r, deps);
  setMasterParamsRoute(r, deps);
  deleteMasterRoute(r, deps);
  changeMetaMasterRoutes(r, deps);
  createProductRoute(r, deps);
  updateProductRoute(r, deps);
  discontinueProductRoute(r, deps);
  setRelationsRoute(r, deps);
  metaMasterCommandRoutes(r, deps);
  importProductsRoute(r, deps);
}
