import type { MasterEvent, MasterFields, ProductEvent, ProductFields } from './events';
import type { MasterReferences } from './master/fields';

/** Shared Given/When/Then material for the products area's specs. */
export const at = (day: number): string => new Date(Date.UTC(2026, 0, 1 + day, 9)).toISOString();

export const iphoneFields: MasterFields = {
  name: 'Apple iPhone 15',
  seoName: 'apple-iphone-15',
  manufacturerId: 'apple',
  typeDeviceId: 'phone',
  description: '<p>Dynamic Island.</p>',
  params: [{ name: 'Display', value: '6.1', type: 'number' }],
  photoIds: ['img-1'],
  package: { width: 9, height: 17, depth: 4, weight: 0.3 },
  seoTitle: 'iPhone 15',
  seoDescription: null,
};

export const allReferences: MasterReferences = {
  manufacturerExists: true,
  typeDeviceExists: true,
  existingPhotoIds: ['img-1', 'img-2'],
};

export const masterCreated = (fields: Partial<MasterFields> = {}): MasterEvent => ({
  type: 'MasterProductCreated',
  data: { masterProductId: 'm1', ...iphoneFields, ...fields, at: at(0) },
});

export const newPhone: ProductFields = {
  ean: '4006381333931',
  colour: 'Black',
  capacity: '128 GB',
  quality: 'new',
  grade: null,
  longName: 'Apple iPhone 15 128 GB Black',
  shortName: 'iPhone 15 128 GB',
  vatRate: 21,
  preOrder: false,
  electronicLicence: false,
  externalStock: false,
  legalWarrantyMonths: 24,
  kind: 'device',
  extensionMonths: null,
};

export const productCreated = (code = 'IP15-128-BLK', fields: Partial<ProductFields> = {}, master = 'm1'): ProductEvent => ({
  type: 'CatalogueProductCreated',
  data: { code, masterProductId: master, ...newPhone, ...fields, at: at(0) },
});
