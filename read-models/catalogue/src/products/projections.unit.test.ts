import { describe, expect, it } from 'vitest';
import { project, recorded } from '@buyloop/projector/spec';
import { masterCategoriesProjection } from './master-categories-projection';
import { mastersProjection } from './masters-projection';
import { metaMastersProjection } from './meta-masters-projection';
import { productsProjection } from './products-projection';
import { referenceProjection } from './reference-projection';

const at = '2026-11-24T10:00:00.000Z';
const later = '2026-11-25T10:00:00.000Z';
const masterFields = {
  name: 'Apple iPhone 15',
  seoName: 'apple-iphone-15',
  manufacturerId: 'apple',
  typeDeviceId: 'phone',
  description: '<p>x</p>',
  params: [{ name: 'RAM', value: '6', type: 'number' }],
  photoIds: ['img-1'],
  package: { width: 9, height: 17, depth: 4, weight: 0.3 },
  seoTitle: null,
  seoDescription: null,
};
const product = {
  ean: '4006381333931',
  colour: 'Black',
  capacity: '128 GB',
  quality: 'new',
  grade: null,
  longName: 'iPhone 15 128 GB',
  shortName: 'iPhone 15',
  vatRate: 21,
  preOrder: false,
  electronicLicence: false,
  externalStock: false,
  legalWarrantyMonths: 24,
  kind: 'device',
  extensionMonths: null,
};

describe('catalogue_masters', () => {
  const created = recorded('MasterProductCreated', { masterProductId: 'm1', ...masterFields, at }, 'master-m1');

  it('holds the master, its variants (active and all), its meta master and the master stream’s version', () => {
    const joined = recorded(
      'MasterMetaMasterChanged',
      { masterProductId: 'm1', metaMasterId: 'iphones', previousMetaMasterId: null, at: later },
      'master-m1',
    );
    const documents = project(mastersProjection, [
      created,
      recorded('CatalogueProductCreated', { code: 'A', masterProductId: 'm1', ...product, at }, 'product-A'),
      recorded('MasterVariantAttached', { masterProductId: 'm1', code: 'A', at }, 'master-m1'),
      recorded('CatalogueProductCreated', { code: 'B', masterProductId: 'm1', ...product, at }, 'product-B'),
      recorded('CatalogueProductDiscontinued', { code: 'A', masterProductId: 'm1', reason: null, at: later }, 'product-A'),
      recorded('MasterProductUpdated', { masterProductId: 'm1', name: 'iPhone 15', seoTitle: 'Buy', at: later }, 'master-m1'),
      joined,
      recorded('CatalogueProductCreated', { code: 'C', masterProductId: 'm1', ...product, at }, 'product-C'),
    ]);
    const master = documents.get('m1')!;
    expect(master).toMatchObject({
      id: 'm1',
      name: 'iPhone 15',
      seo_name: 'apple-iphone-15',
      seo_title: 'Buy',
      manufacturer_id: 'apple',
      meta_master_id: 'iphones',
      variant_codes: ['A', 'B', 'C'],
      active_variant_codes: ['B', 'C'],
      variant_count: 3,
      active_variant_count: 2,
      created_at: at,
      updated_at: later,
    });
    // Only the master stream's events move the version a client sends back in If-Match.
    expect(master.stream_version).toBe(Number(joined.streamVersion));
  });

  it('forgets a deleted master, and a late variant event does not bring it back', () => {
    const documents = project(mastersProjection, [
      created,
      recorded('MasterProductDeleted', { masterProductId: 'm1', seoName: 'apple-iphone-15', at: later }, 'master-m1'),
      recorded('CatalogueProductDiscontinued', { code: 'A', masterProductId: 'm1', reason: null, at: later }, 'product-A'),
    ]);
    expect(documents.size).toBe(0);
  });
});

describe('catalogue_master_categories', () => {
  it('folds assignments, removals and deleted categories of the category tree', () => {
    const tree = 'categorytree-cz';
    const documents = project(masterCategoriesProjection, [
      recorded('CategoryAdded', { categoryId: 'c1' }, tree),
      recorded('ProductsAssignedToCategories', { masterProductIds: ['m1', 'm2'], categoryIds: ['c1', 'c2'], at }, tree),
      recorded('ProductsAssignedToCategories', { masterProductIds: ['m1'], categoryIds: ['c1', 'c3'], at }, tree),
      recorded('ProductsRemovedFromCategories', { masterProductIds: ['m2'], categoryIds: ['c1'], at }, tree),
      recorded('CategoryDeleted', { categoryId: 'c2', deletedIds: ['c2'], at }, tree),
    ]);
    expect(documents.get(tree)).toEqual({ masters: { m1: ['c1', 'c3'] } });
  });
});

describe('catalogue_products', () => {
  it('keeps a product by code with its relations and its end of sale', () => {
    const stream = 'product-A';
    const documents = project(productsProjection, [
      recorded('CatalogueProductCreated', { code: 'A', masterProductId: 'm1', ...product, at }, stream),
      recorded('CatalogueProductUpdated', { code: 'A', masterProductId: 'm1', preOrder: true, grade: null, at }, stream),
      recorded(
        'CatalogueProductRelationsSet',
        {
          code: 'A',
          masterProductId: 'm1',
          accessories: ['CASE'],
          gifts: [],
          specialOffers: ['B'],
          insurance: ['INS'],
          warrantyExtensions: [],
          at,
        },
        stream,
      ),
      recorded('CatalogueProductDiscontinued', { code: 'A', masterProductId: 'm1', reason: 'EOL', at: later }, stream),
    ]);
    expect(documents.get('A')).toMatchObject({
      code: 'A',
      master_product_id: 'm1',
      ean: '4006381333931',
      long_name: 'iPhone 15 128 GB',
      pre_order: true,
      vat_rate: 21,
      kind: 'device',
      status: 'discontinued',
      discontinued_reason: 'EOL',
      relations: { accessories: ['CASE'], gifts: [], special_offers: ['B'], insurance: ['INS'], warranty_extensions: [] },
      created_at: at,
      updated_at: later,
    });
  });
});

describe('catalogue_reference and catalogue_meta_masters', () => {
  it('lists reference entries by kind and follows renames', () => {
    const documents = project(referenceProjection, [
      recorded('ReferenceEntryCreated', { kind: 'unit', id: 'g', name: 'gram', symbol: 'g', at }, 'unit-g'),
      recorded('ReferenceEntryUpdated', { kind: 'unit', id: 'g', name: 'gramy', at: later }, 'unit-g'),
      recorded('ReferenceEntryCreated', { kind: 'manufacturer', id: 'apple', name: 'Apple', at }, 'manufacturer-apple'),
    ]);
    expect(documents.get('unit:g')).toMatchObject({ kind: 'unit', id: 'g', name: 'gramy', symbol: 'g', updated_at: later });
    expect(documents.get('manufacturer:apple')).toMatchObject({ kind: 'manufacturer', name: 'Apple' });
  });

  it('keeps meta masters until deleted', () => {
    const stream = 'metamaster-iphones';
    const documents = project(metaMastersProjection, [
      recorded('MetaMasterCreated', { metaMasterId: 'iphones', name: 'iPhone', description: null, at }, stream),
      recorded('MetaMasterUpdated', { metaMasterId: 'iphones', description: 'All', at }, stream),
      recorded('MetaMasterCreated', { metaMasterId: 'old', name: 'Old', description: null, at }, 'metamaster-old'),
      recorded('MetaMasterDeleted', { metaMasterId: 'old', at }, 'metamaster-old'),
    ]);
    expect([...documents.keys()]).toEqual(['iphones']);
    expect(documents.get('iphones')).toMatchObject({ name: 'iPhone', description: 'All' });
  });
});
