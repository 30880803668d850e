import type { DomainEvent } from '@buyloop/kit';
import type { Grade, ParamType, ProductKind, ProductQuality } from './rules';

/**
 * The products area's published events. Other areas and read models rely
 * on them (the brief pins MasterProductCreated/Updated/Deleted and
 * CatalogueProductCreated/Updated/Discontinued): fields may be added, never
 * renamed. Times are ISO strings; every field is plain JSON.
 */

// --- reference data: type devices, manufacturers, units, attribute names --------------------

export const REFERENCE_KINDS = ['type_device', 'manufacturer', 'unit', 'attribute_name'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** Fields of a reference entry beyond its name: a unit's symbol, an attribute name's value type and unit. */
export interface ReferenceFields {
  readonly name: string;
  /** Units only: `g`, `mAh`, `"`. */
  readonly symbol?: string | null;
  /** Attribute names only: what kind of value a component parameter with this name holds. */
  readonly valueType?: ParamType;
  /** Attribute names only: the unit its values are in. */
  readonly unitId?: string | null;
}

export type ReferenceEvent =
  | DomainEvent<'ReferenceEntryCreated', { kind: ReferenceKind; id: string; at: string } & ReferenceFields>
  | DomainEvent<'ReferenceEntryUpdated', { kind: ReferenceKind; id: string; at: string } & Partial<ReferenceFields>>;

// --- master products --------------------------------------------------------------------------

/** Spec 7's component parameter: a name, a value and the value's type. */
export interface ComponentParam {
  readonly name: string;
  readonly value: string;
  readonly type: ParamType;
}

/** Spec 3's product package: centimetres and kilograms. */
export interface PackageDimensions {
  readonly width: number;
  readonly height: number;
  readonly depth: number;
  readonly weight: number;
}

/** Everything about a master product a person edits. */
export interface MasterFields {
  readonly name: string;
  readonly seoName: string;
  readonly manufacturerId: string;
  readonly typeDeviceId: string;
  /** Rich text, sanitised before the command (services' sanitiseDescription); '' for none. */
  readonly description: string;
  readonly params: readonly ComponentParam[];
  readonly photoIds: readonly string[];
  readonly package: PackageDimensions | null;
  readonly seoTitle: string | null;
  readonly seoDescription: string | null;
}

export type MasterEvent =
  | DomainEvent<'MasterProductCreated', { masterProductId: string; at: string } & MasterFields>
  | DomainEvent<'MasterProductUpdated', { masterProductId: string; at: string } & Partial<MasterFields>>
  | DomainEvent<'MasterProductDeleted', { masterProductId: string; seoName: string; at: string }>
  /** A catalogue product (variant) of this master was created: the master counts it before it may be deleted. */
  | DomainEvent<'MasterVariantAttached', { masterProductId: string; code: string; at: string }>
  /** The master joined, moved to or left a meta master; null is none. */
  | DomainEvent<
      'MasterMetaMasterChanged',
      { masterProductId: string; metaMasterId: string | null; previousMetaMasterId: string | null; at: string }
    >;

// --- catalogue products (sellable variants) ---------------------------------------------------

export interface ProductRelations {
  /** Recommended accessories (products of kind accessory). */
  readonly accessories: readonly string[];
  readonly gifts: readonly string[];
  readonly specialOffers: readonly string[];
  /** Insurance products offered with it (kind insurance). */
  readonly insurance: readonly string[];
  /** Warranty extensions offered with it (kind warranty_extension). */
  readonly warrantyExtensions: readonly string[];
}

/** Everything about a catalogue product a person edits (the code and the master are fixed at creation). */
export interface ProductFields {
  readonly ean: string | null;
  readonly colour: string | null;
  readonly capacity: string | null;
  readonly quality: ProductQuality;
  readonly grade: Grade | null;
  readonly longName: string;
  readonly shortName: string;
  /** Per cent, one of the market's rates. */
  readonly vatRate: number;
  readonly preOrder: boolean;
  /** Sent by e-mail (spec 4): a licence key, nothing shipped. */
  readonly electronicLicence: boolean;
  /** Shipped by a parcel carrier straight from a supplier (spec 4). */
  readonly externalStock: boolean;
  readonly legalWarrantyMonths: number;
  readonly kind: ProductKind;
  /** Warranty extensions only: the months they add (spec 9: 12 or 36). */
  readonly extensionMonths: number | null;
}

export type ProductEvent =
  | DomainEvent<'CatalogueProductCreated', { code: string; masterProductId: string; at: string } & ProductFields>
  | DomainEvent<'CatalogueProductUpdated', { code: string; masterProductId: string; at: string } & Partial<ProductFields>>
  | DomainEvent<'CatalogueProductDiscontinued', { code: string; masterProductId: string; reason: string | null; at: string }>
  | DomainEvent<'CatalogueProductRelationsSet', { code: string; masterProductId: string; at: string } & ProductRelations>;

// --- meta masters -----------------------------------------------------------------------------

export interface MetaMasterFields {
  readonly name: string;
  readonly description: string | null;
}

export type MetaMasterEvent =
  | DomainEvent<'MetaMasterCreated', { metaMasterId: string; at: string } & MetaMasterFields>
  | DomainEvent<'MetaMasterUpdated', { metaMasterId: string; at: string } & Partial<MetaMasterFields>>
  | DomainEvent<'MetaMasterDeleted', { metaMasterId: string; at: string }>;

// --- claims: an EAN or a master's seo_name held by one owner ----------------------------------

export type ClaimEvent =
  | DomainEvent<'ValueClaimed', { value: string; owner: string; at: string }>
  | DomainEvent<'ValueReleased', { value: string; owner: string; at: string }>;

export type ProductsAreaEvent = ReferenceEvent | MasterEvent | ProductEvent | MetaMasterEvent | ClaimEvent;
