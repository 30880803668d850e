import { describe, expect, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import type { ProductFields } from '../../events';
import { at, newPhone, productCreated } from '../../fixtures';
import { productDecider } from '../decider';
import { initialProductState } from '../state';
import type { CreateProduct } from './decide';

const { given } = deciderSpec(productDecider);
const create = (fields: Partial<ProductFields> = {}, extra: Partial<CreateProduct> = {}): CreateProduct => ({
  type: 'CreateProduct',
  code: 'IP15-128-BLK',
  masterProductId: 'm1',
  fields: { ...newPhone, ...fields },
  masterActive: true,
  market: 'cz',
  at: at(0),
  ...extra,
});

/** The field errors a refused command names. */
function refusedFields(command: CreateProduct): string[] {
  try {
    productDecider.decide(command, initialProductState());
  } catch (error) {
    if (error instanceof ValidationError) return Object.keys(error.fieldErrors).sort();
    throw error;
  }
  throw new Error('not refused');
}

describe('create catalogue product', () => {
  it('creates a new device, a graded used one, a newish one with or without a grade', () => {
    given().when(create()).then(productCreated());
    given()
      .when(create({ quality: 'used', grade: 'C', legalWarrantyMonths: 12 }))
      .then(productCreated('IP15-128-BLK', { quality: 'used', grade: 'C', legalWarrantyMonths: 12 }));
    given()
      .when(create({ quality: 'newish', grade: 'A+' }))
      .then(productCreated('IP15-128-BLK', { quality: 'newish', grade: 'A+' }));
    given()
      .when(create({ quality: 'newish' }))
      .then(productCreated('IP15-128-BLK', { quality: 'newish' }));
  });

  it('creates insurance and a warranty extension (no goods: no warranty of their own)', () => {
    const insurance = { kind: 'insurance', ean: null, colour: null, capacity: null, legalWarrantyMonths: 0 } as const;
    given().when(create(insurance)).then(productCreated('IP15-128-BLK', insurance));
    const extension = { ...insurance, kind: 'warranty_extension', extensionMonths: 12 } as const;
    given().when(create(extension)).then(productCreated('IP15-128-BLK', extension));
  });

  it('takes the market’s VAT rates only', () => {
    given()
      .when(create({ vatRate: 12 }))
      .then(productCreated('IP15-128-BLK', { vatRate: 12 }));
    given()
      .when(create({ vatRate: 19 }, { market: 'ro' }))
      .then(productCreated('IP15-128-BLK', { vatRate: 19 }));
    expect(refusedFields(create({ vatRate: 19 }))).toEqual(['vat_rate']);
    expect(refusedFields(create({ vatRate: 12 }, { market: 'ro' }))).toEqual(['vat_rate']);
  });

  it('refuses grades that do not fit the quality', () => {
    expect(refusedFields(create({ grade: 'A' }))).toEqual(['grade']);
    expect(refusedFields(create({ quality: 'used', legalWarrantyMonths: 12 }))).toEqual(['grade']);
    expect(refusedFields(create({ quality: 'newish', grade: 'C' }))).toEqual(['grade']);
    expect(refusedFields(create({ quality: 'used', grade: 'E' as never, legalWarrantyMonths: 12 }))).toEqual(['grade']);
  });

  it('refuses a bad EAN, code, names, warranty and extension months', () => {
    expect(refusedFields(create({ ean: '4006381333932' }))).toEqual(['ean']);
    expect(refusedFields(create({}, { code: 'ip 15' }))).toEqual(['code']);
    expect(refusedFields(create({ longName: '', shortName: 'x'.repeat(81) }))).toEqual(['long_name', 'short_name']);
    expect(refusedFields(create({ legalWarrantyMonths: 12 }))).toEqual(['legal_warranty_months']);
    expect(refusedFields(create({ quality: 'used', grade: 'B', legalWarrantyMonths: 6 }))).toEqual(['legal_warranty_months']);
    expect(refusedFields(create({ legalWarrantyMonths: 24.5 }))).toEqual(['legal_warranty_months']);
    expect(refusedFields(create({ extensionMonths: 12 }))).toEqual(['extension_months']);
    expect(refusedFields(create({ kind: 'warranty_extension', legalWarrantyMonths: 0 }))).toEqual(['extension_months']);
    expect(refusedFields(create({ kind: 'warranty_extension', extensionMonths: 5, legalWarrantyMonths: 0 }))).toEqual([
      'extension_months',
    ]);
    expect(refusedFields(create({ kind: 'insurance', quality: 'used', grade: 'B' }))).toEqual(['quality']);
    expect(refusedFields(create({ kind: 'gadget' as never }))).toEqual(['kind']);
  });

  it('refuses a taken code and an unknown master', () => {
    given(productCreated()).when(create()).thenThrows(IllegalState, 'catalogue.product.code_taken');
    given()
      .when(create({}, { masterActive: false }))
      .thenThrows(NotFound, 'catalogue.product.master_not_found');
  });
});
