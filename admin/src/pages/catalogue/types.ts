/**
 * The shapes the catalogue section reads and sends: the contracts' types
 * (type-only imports, so no zod reaches the bundle). The lists the forms
 * offer come from the contracts' zod-free vocabulary.
 */
import type {
  CatalogueProductView,
  MasterDetail,
  metaMasterListSchema,
  metaMasterSchema,
  productImportResultSchema,
  seoTextPageSchema,
  seoTextRowSchema,
} from '@buyloop/contracts/catalogue/products';

export type {
  CatalogueProductView,
  MasterCreateRequest,
  MasterDetail,
  MasterRow,
  MasterUpdateRequest,
  ProductUpdateRequest,
  ReferenceEntry,
  VariantCreateRequest,
} from '@buyloop/contracts/catalogue/products';
export type {
  OfferResult,
  PriceImportResult,
  PriceSegmentView,
  PriceView,
  SetPriceResult,
} from '@buyloop/contracts/catalogue/pricing';
export type { LocationView, ProductStockView, StockLevelView } from '@buyloop/contracts/catalogue/stock';
export type { CategoryList, CategoryRow } from '@buyloop/contracts/catalogue/categories';
export type { CatalogueImage } from '@buyloop/contracts/catalogue/media';

// The answers the contract names by schema only (a schema's output type, read without loading zod).
export type SeoTextRow = (typeof seoTextRowSchema)['_output'];
export type SeoTextPage = (typeof seoTextPageSchema)['_output'];
export type MetaMaster = (typeof metaMasterSchema)['_output'];
export type MetaMasterList = (typeof metaMasterListSchema)['_output'];
export type ProductImportResult = (typeof productImportResultSchema)['_output'];
export type Relations = CatalogueProductView['relations'];
export type ComponentParam = MasterDetail['params'][number];

export type {
  ProductGrade as Grade,
  ParamType,
  ProductKind,
  ProductQuality as Quality,
  ReferenceList as ReferenceKind,
} from '@buyloop/contracts/catalogue/vocabulary';

/** A name for a choice: reference entries, categories (by path), meta masters. */
export interface Named {
  readonly id: string;
  readonly name: string;
}
