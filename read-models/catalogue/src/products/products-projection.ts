import type { ProductGrade as Grade, ProductEvent, ProductKind, ProductQuality, ProductRelations } from '@buyloop/catalogue';
import type { Projection } from '@buyloop/projector';

/** A catalogue product (sellable variant) by its code; its master's data is joined when read. */
export interface ProductDocument extends Record<string, unknown> {
  readonly code: string;
  readonly master_product_id: string;
  readonly ean: string | null;
  readonly colour: string | null;
  readonly capacity: string | null;
  readonly quality: ProductQuality;
  readonly grade: Grade | null;
  readonly long_name: string;
  readonly short_name: string;
  readonly vat_rate: number;
  readonly pre_order: boolean;
  readonly electronic_licence: boolean;
  readonly external_stock: boolean;
  readonly legal_warranty_months: number;
  readonly kind: ProductKind;
  readonly extension_months: number | null;
  readonly status: 'active' | 'discontinued';
  readonly discontinued_reason: string | null;
  readonly relations: {
    readonly accessories: readonly string[];
    readonly gifts: readonly string[];
    readonly special_offers: readonly string[];
    readonly insurance: readonly string[];
    readonly warranty_extensions: readonly string[];
  };
  readonly created_at: string;
  readonly updated_at: string;
  readonly stream_version: number;
}

export const PRODUCTS_PROJECTION = 'catalogue_products';

const COLUMNS: Readonly<Record<string, keyof ProductDocument>> = {
  ean: 'ean',
  colour: 'colour',
  capacity: 'capacity',
  quality: 'quality',
  grade: 'grade',
  longName: 'long_name',
  shortName: 'short_name',
  vatRate: 'vat_rate',
  preOrder: 'pre_order',
  electronicLicence: 'electronic_licence',
  externalStock: 'external_stock',
  legalWarrantyMonths: 'legal_warranty_months',
  kind: 'kind',
  extensionMonths: 'extension_months',
};

function fieldsOf(data: object): Partial<ProductDocument> {
  const values = data as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) if (values[field] !== undefined) out[column] = values[field];
  return out as Partial<ProductDocument>;
}

const relationsOf = (relations: ProductRelations): ProductDocument['relations'] => ({
  accessories: relations.accessories,
  gifts: relations.gifts,
  special_offers: relations.specialOffers,
  insurance: relations.insurance,
  warranty_extensions: relations.warrantyExtensions,
});

export const productsProjection: Projection<ProductDocument> = {
  name: PRODUCTS_PROJECTION,
  version: 1,
  handles: ['CatalogueProductCreated', 'CatalogueProductUpdated', 'CatalogueProductDiscontinued', 'CatalogueProductRelationsSet'],
  collection: {
    fields: {
      code: { path: 'code', type: 'string' },
      master_product_id: { path: 'master_product_id', type: 'string' },
      ean: { path: 'ean', type: 'string' },
      status: { path: 'status', type: 'string' },
      kind: { path: 'kind', type: 'string' },
      quality: { path: 'quality', type: 'string' },
      long_name: { path: 'long_name', type: 'string' },
      short_name: { path: 'short_name', type: 'string' },
      created_at: { path: 'created_at', type: 'date' },
    },
    indexes: ['master_product_id', 'ean', 'kind'],
    textFields: ['code', 'long_name', 'short_name'],
  },
  key(event) {
    return (event.data as { code?: string }).code ?? null;
  },
  evolve(document, recorded) {
    const event = recorded as unknown as ProductEvent;
    const version = Number(recorded.streamVersion);
    switch (event.type) {
      case 'CatalogueProductCreated':
        return {
          ...(fieldsOf(event.data) as ProductDocument),
          code: event.data.code,
          master_product_id: event.data.masterProductId,
          status: 'active',
          discontinued_reason: null,
          relations: { accessories: [], gifts: [], special_offers: [], insurance: [], warranty_extensions: [] },
          created_at: event.data.at,
          updated_at: event.data.at,
          stream_version: version,
        };
      case 'CatalogueProductUpdated':
        return document ? { ...document, ...fieldsOf(event.data), updated_at: event.data.at, stream_version: version } : null;
      case 'CatalogueProductDiscontinued':
        return document
          ? {
              ...document,
              status: 'discontinued',
              discontinued_reason: event.data.reason,
              updated_at: event.data.at,
              stream_version: version,
            }
          : null;
      case 'CatalogueProductRelationsSet': {
        if (!document) return null;
        const { code: _code, masterProductId: _master, at, ...relations } = event.data;
        return { ...document, relations: relationsOf(relations), updated_at: at, stream_version: version };
      }
      default:
        return document;
    }
  },
};
