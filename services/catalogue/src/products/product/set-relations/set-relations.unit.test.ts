import { describe, expect, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import type { ProductRelations } from '../../events';
import { at, productCreated } from '../../fixtures';
import { productDecider } from '../decider';
import { NO_RELATIONS } from '../state';
import type { RelatedFacts, SetRelations } from './decide';

const { given } = deciderSpec(productDecider);
const facts: RelatedFacts = {
  CASE: { kind: 'accessory', active: true },
  CABLE: { kind: 'accessory', active: true },
  INS: { kind: 'insurance', active: true },
  EXT12: { kind: 'warranty_extension', active: true },
  OLD: { kind: 'accessory', active: false },
  PHONE2: { kind: 'device', active: true },
  GONE: null,
};
const set = (relations: Partial<ProductRelations>): SetRelations => ({
  type: 'SetRelations',
  code: 'IP15',
  relations: { ...NO_RELATIONS, ...relations },
  related: facts,
  at: at(1),
});
const created = productCreated('IP15');

function refusedFields(command: SetRelations): Record<string, readonly string[]> {
  try {
    productDecider.decide(command, productDecider.evolve(productDecider.initialState(), created));
  } catch (error) {
    if (error instanceof ValidationError) return error.fieldErrors;
    throw error;
  }
  throw new Error('not refused');
}

describe('set relations', () => {
  it('offers accessories, gifts, special offers, insurance and warranty extensions', () => {
    const relations = {
      accessories: ['CASE', 'CABLE'],
      gifts: ['CABLE'],
      specialOffers: ['PHONE2'],
      insurance: ['INS'],
      warrantyExtensions: ['EXT12'],
    };
    given(created)
      .when(set(relations))
      .then({ type: 'CatalogueProductRelationsSet', data: { code: 'IP15', masterProductId: 'm1', ...relations, at: at(1) } });
    given(created, {
      type: 'CatalogueProductRelationsSet',
      data: { code: 'IP15', masterProductId: 'm1', ...relations, at: at(1) },
    })
      .when(set(relations))
      .then();
  });

  it('refuses itself, duplicates, unknown or discontinued products and the wrong kind, each at its place', () => {
    expect(
      refusedFields(
        set({
          accessories: ['IP15', 'CASE', 'CASE', 'OLD', 'GONE', 'INS'],
          insurance: ['CASE'],
          warrantyExtensions: ['INS'],
        }),
      ),
    ).toEqual({
      'accessories.0': ['catalogue.product.relation_self'],
      'accessories.2': ['catalogue.product.relation_duplicate'],
      'accessories.3': ['catalogue.product.relation_not_found'],
      'accessories.4': ['catalogue.product.relation_not_found'],
      'accessories.5': ['catalogue.product.relation_kind_accessory'],
      'insurance.0': ['catalogue.product.relation_kind_insurance'],
      'warranty_extensions.0': ['catalogue.product.relation_kind_warranty_extension'],
    });
    expect(Object.keys(refusedFields(set({ gifts: Array.from({ length: 51 }, () => 'CASE') })))).toContain('gifts');
  });

  it('refuses an unknown or discontinued product', () => {
    given().when(set({})).thenThrows(NotFound, 'catalogue.product.not_found');
    given(created, {
      type: 'CatalogueProductDiscontinued',
      data: { code: 'IP15', masterProductId: 'm1', reason: null, at: at(1) },
    })
      .when(set({}))
      .thenThrows(IllegalState, 'catalogue.product.discontinued');
  });
});
