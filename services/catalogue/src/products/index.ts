/**
 * The catalogue's products area: reference lists (type devices,
 * manufacturers, units, attribute names), master products, their sellable
 * variants (catalogue products), meta masters and relations. Other areas
 * and the read side use the events, stream names and deciders; the routes,
 * the CSV import and the demo data use ProductsService.
 */
export * from './events';
export * from './streams';
export {
  QUALITIES as PRODUCT_QUALITIES,
  GRADES as PRODUCT_GRADES,
  GRADES_OF_QUALITY,
  PRODUCT_KINDS,
  INTANGIBLE_KINDS,
  VAT_RATES as PRODUCT_VAT_RATES,
  DEFAULT_LEGAL_WARRANTY_MONTHS,
  USED_MIN_LEGAL_WARRANTY_MONTHS,
  WARRANTY_EXTENSION_MONTHS,
  PARAM_TYPES,
  SEO_NAME as SEO_NAME_PATTERN,
  PRODUCT_CODE as PRODUCT_CODE_PATTERN,
  ENTITY_ID as ENTITY_ID_PATTERN,
  isValidEan,
  type ProductQuality,
  type Grade as ProductGrade,
  type ProductKind,
  type ParamType,
} from './rules';
export { sanitiseDescription } from './description';
export { referenceDecider, type ReferenceCommand } from './reference/decider';
export { initialReferenceState, evolveReference, REFERENCE_NOT_FOUND, type ReferenceState } from './reference/state';
export type { CreateReferenceEntry } from './reference/create-reference-entry/decide';
export type { UpdateReferenceEntry } from './reference/update-reference-entry/decide';
export { masterDecider, type MasterCommand } from './master/decider';
export { initialMasterState, evolveMaster, type MasterState, type MasterStatus } from './master/state';
export type { MasterReferences } from './master/fields';
export type { CreateMaster } from './master/create-master/decide';
export type { UpdateMaster } from './master/update-master/decide';
export type { SetMasterParams } from './master/set-master-params/decide';
export type { DeleteMaster } from './master/delete-master/decide';
export type { AttachVariant } from './master/attach-variant/decide';
export type { ChangeMetaMaster } from './master/change-meta-master/decide';
export { productDecider, type ProductCommand } from './product/decider';
export {
  initialProductState,
  evolveProduct,
  isSellable,
  NO_RELATIONS,
  type ProductState,
  type ProductStatus,
} from './product/state';
export type { CreateProduct } from './product/create-product/decide';
export type { UpdateProduct } from './product/update-product/decide';
export type { DiscontinueProduct } from './product/discontinue-product/decide';
export { RELATION_LISTS, type SetRelations, type RelatedFacts } from './product/set-relations/decide';
export { metaMasterDecider, type MetaMasterCommand } from './meta-master/decider';
export { initialMetaMasterState, evolveMetaMaster, type MetaMasterState } from './meta-master/state';
export type { CreateMetaMaster } from './meta-master/create-meta-master/decide';
export type { UpdateMetaMaster } from './meta-master/update-meta-master/decide';
export type { DeleteMetaMaster } from './meta-master/delete-meta-master/decide';
export { claimDecider, type ClaimCommand } from './claim/decider';
export { initialClaimState, evolveClaim, type ClaimState } from './claim/state';
export {
  ProductsService,
  derivedId,
  normaliseCode,
  variantFields,
  type CallOptions,
  type MasterInput,
  type MetaMasterInput,
  type ProductsEventStore,
  type ProductsServiceDeps,
  type ReferenceInput,
  type VariantInput,
  type Written,
} from './service';
export { productsCommandRoutes } from './http/routes';
export type { ProductsRouteDeps } from './http/route-deps';
export { importProducts, type ProductImportResult } from './import-products/import';
export { readProductCsv, IMPORT_COLUMNS_MISSING, type ImportError as ProductImportError } from './import-products/csv';
