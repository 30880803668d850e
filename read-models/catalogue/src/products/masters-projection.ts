import type { ComponentParam, MasterEvent, MasterFields, PackageDimensions, ProductEvent } from '@buyloop/catalogue';
import type { Projection } from '@buyloop/projector';

/**
 * A master product as the back office's grid and detail read it. Its
 * variants' codes come from the catalogue products' own events (they name
 * their master). Names of the manufacturer, type device and meta master,
 * and the categories, are joined when read: one event here changes one
 * document, and renaming a manufacturer must not rewrite every master.
 */
export interface MasterDocument extends Record<string, unknown> {
  readonly id: string;
  readonly name: string;
  readonly seo_name: string;
  readonly manufacturer_id: string;
  readonly type_device_id: string;
  readonly description: string;
  readonly params: readonly ComponentParam[];
  readonly photo_ids: readonly string[];
  readonly package: PackageDimensions | null;
  readonly seo_title: string | null;
  readonly seo_description: string | null;
  readonly meta_master_id: string | null;
  readonly variant_codes: readonly string[];
  readonly active_variant_codes: readonly string[];
  readonly variant_count: number;
  readonly active_variant_count: number;
  readonly created_at: string;
  readonly updated_at: string;
  /** Version of `master-<id>` folded so far: the ETag for If-Match. */
  readonly stream_version: number;
}

export const MASTERS_PROJECTION = 'catalogue_masters';

const FIELD_NAMES: Readonly<Record<keyof MasterFields, keyof MasterDocument>> = {
  name: 'name',
  seoName: 'seo_name',
  manufacturerId: 'manufacturer_id',
  typeDeviceId: 'type_device_id',
  description: 'description',
  params: 'params',
  photoIds: 'photo_ids',
  package: 'package',
  seoTitle: 'seo_title',
  seoDescription: 'seo_description',
};

function fieldsOf(data: Partial<MasterFields>): Partial<MasterDocument> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(FIELD_NAMES))
    if (data[field as keyof MasterFields] !== undefined) out[column] = data[field as keyof MasterFields];
  return out as Partial<MasterDocument>;
}

const withCodes = (document: MasterDocument, all: readonly string[], active: readonly string[]): MasterDocument => ({
  ...document,
  variant_codes: all,
  active_variant_codes: active,
  variant_count: all.length,
  active_variant_count: active.length,
});

type Handled = MasterEvent | Extract<ProductEvent, { type: 'CatalogueProductCreated' | 'CatalogueProductDiscontinued' }>;

export const mastersProjection: Projection<MasterDocument> = {
  name: MASTERS_PROJECTION,
  version: 1,
  handles: [
    'MasterProductCreated',
    'MasterProductUpdated',
    'MasterProductDeleted',
    'MasterMetaMasterChanged',
    'MasterVariantAttached',
    'CatalogueProductCreated',
    'CatalogueProductDiscontinued',
  ],
  collection: {
    fields: {
      master_id: { path: 'id', type: 'string' },
      name: { path: 'name', type: 'string' },
      seo_name: { path: 'seo_name', type: 'string' },
      manufacturer_id: { path: 'manufacturer_id', type: 'string' },
      type_device_id: { path: 'type_device_id', type: 'string' },
      meta_master_id: { path: 'meta_master_id', type: 'string' },
      seo_title: { path: 'seo_title', type: 'string' },
      variant_count: { path: 'variant_count', type: 'number' },
      active_variant_count: { path: 'active_variant_count', type: 'number' },
      created_at: { path: 'created_at', type: 'date' },
      updated_at: { path: 'updated_at', type: 'date' },
    },
    indexes: ['seo_name', 'manufacturer_id', 'type_device_id', 'meta_master_id', 'name'],
    textFields: ['name', 'seo_name', 'seo_title'],
  },
  key(event) {
    return (event.data as { masterProductId?: string }).masterProductId ?? null;
  },
  evolve(document, recorded) {
    const event = recorded as unknown as Handled;
    const onMaster = recorded.stream.startsWith('master-');
    const version = onMaster ? Number(recorded.streamVersion) : (document?.stream_version ?? 0);
    if (event.type === 'MasterProductCreated') {
      const { masterProductId, at, ...fields } = event.data;
      return {
        id: masterProductId,
        name: fields.name,
        seo_name: fields.seoName,
        manufacturer_id: fields.manufacturerId,
        type_device_id: fields.typeDeviceId,
        description: fields.description,
        params: fields.params,
        photo_ids: fields.photoIds,
        package: fields.package,
        seo_title: fields.seoTitle,
        seo_description: fields.seoDescription,
        meta_master_id: document?.meta_master_id ?? null,
        variant_codes: document?.variant_codes ?? [],
        active_variant_codes: document?.active_variant_codes ?? [],
        variant_count: document?.variant_count ?? 0,
        active_variant_count: document?.active_variant_count ?? 0,
        created_at: at,
        updated_at: at,
        stream_version: version,
      };
    }
    // Anything about a master not (or no longer) listed: a deleted master stays gone.
    if (!document) return null;
    switch (event.type) {
      case 'MasterProductUpdated':
        return { ...document, ...fieldsOf(event.data), updated_at: event.data.at, stream_version: version };
      case 'MasterProductDeleted':
        return null;
      case 'MasterMetaMasterChanged':
        return { ...document, meta_master_id: event.data.metaMasterId, updated_at: event.data.at, stream_version: version };
      case 'MasterVariantAttached':
        // The variant itself is counted from its own CatalogueProductCreated; the master's version moved on.
        return { ...document, stream_version: version };
      case 'CatalogueProductCreated': {
        const { code } = event.data;
        if (document.variant_codes.includes(code)) return document;
        return withCodes(document, [...document.variant_codes, code], [...document.active_variant_codes, code]);
      }
      case 'CatalogueProductDiscontinued':
        return withCodes(
          document,
          document.variant_codes,
          document.active_variant_codes.filter((code) => code !== event.data.code),
        );
      default:
        return document;
    }
  },
};
