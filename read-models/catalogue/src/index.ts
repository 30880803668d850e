export { catalogueModule, type CatalogueHandle, type CatalogueModuleOptions } from './module';
export type { CataloguePart, OpenedPart } from './part';
