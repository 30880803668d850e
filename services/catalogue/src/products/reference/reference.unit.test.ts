import { describe, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import type { ReferenceEvent } from '../events';
import { at } from '../fixtures';
import { referenceDecider } from './decider';

const { given } = deciderSpec(referenceDecider);

const apple: ReferenceEvent = {
  type: 'ReferenceEntryCreated',
  data: { kind: 'manufacturer', id: 'apple', name: 'Apple', at: at(0) },
};
const gram: ReferenceEvent = {
  type: 'ReferenceEntryCreated',
  data: { kind: 'unit', id: 'g', name: 'gram', symbol: 'g', at: at(0) },
};

describe('create reference entry', () => {
  it('adds a manufacturer, a unit with its symbol and an attribute name with its type and unit', () => {
    given()
      .when({ type: 'CreateReferenceEntry', kind: 'manufacturer', id: 'apple', fields: { name: ' Apple ' }, at: at(0) })
      .then(apple);
    given()
      .when({ type: 'CreateReferenceEntry', kind: 'unit', id: 'g', fields: { name: 'gram', symbol: 'g' }, at: at(0) })
      .then(gram);
    given()
      .when({
        type: 'CreateReferenceEntry',
        kind: 'attribute_name',
        id: 'weight',
        fields: { name: 'Weight', valueType: 'number', unitId: 'g' },
        unitExists: true,
        at: at(0),
      })
      .then({
        type: 'ReferenceEntryCreated',
        data: { kind: 'attribute_name', id: 'weight', name: 'Weight', valueType: 'number', unitId: 'g', at: at(0) },
      });
  });

  it('refuses an entry that exists, a blank or bad name, a bad id, a field of another kind, a missing type and an unknown unit', () => {
    given(apple)
      .when({ type: 'CreateReferenceEntry', kind: 'manufacturer', id: 'apple', fields: { name: 'Apple' }, at: at(1) })
      .thenThrows(IllegalState, 'catalogue.product.reference_exists');
    given()
      .when({ type: 'CreateReferenceEntry', kind: 'manufacturer', id: 'apple', fields: { name: '  ' }, at: at(0) })
      .thenThrows(ValidationError, 'validation.failed');
    given()
      .when({ type: 'CreateReferenceEntry', kind: 'manufacturer', id: 'Apple Inc', fields: { name: 'Apple' }, at: at(0) })
      .thenThrows(ValidationError);
    given()
      .when({ type: 'CreateReferenceEntry', kind: 'manufacturer', id: 'apple', fields: { name: 'A\u202Eelppa' }, at: at(0) })
      .thenThrows(ValidationError);
    given()
      .when({ type: 'CreateReferenceEntry', kind: 'type_device', id: 'phone', fields: { name: 'Phone', symbol: 'x' }, at: at(0) })
      .thenThrows(ValidationError);
    given()
      .when({ type: 'CreateReferenceEntry', kind: 'attribute_name', id: 'w', fields: { name: 'Weight' }, at: at(0) })
      .thenThrows(ValidationError);
    given()
      .when({
        type: 'CreateReferenceEntry',
        kind: 'attribute_name',
        id: 'w',
        fields: { name: 'Weight', valueType: 'number', unitId: 'kg' },
        unitExists: false,
        at: at(0),
      })
      .thenThrows(ValidationError);
    given()
      .when({ type: 'CreateReferenceEntry', kind: 'unit', id: 'g', fields: { name: 'gram' }, at: 'yesterday' })
      .thenThrows(ValidationError);
  });
});

describe('update reference entry', () => {
  it('renames, and changes nothing when the name is the same', () => {
    given(apple)
      .when({ type: 'UpdateReferenceEntry', kind: 'manufacturer', id: 'apple', changes: { name: 'Apple Inc.' }, at: at(1) })
      .then({ type: 'ReferenceEntryUpdated', data: { kind: 'manufacturer', id: 'apple', name: 'Apple Inc.', at: at(1) } });
    given(apple)
      .when({ type: 'UpdateReferenceEntry', kind: 'manufacturer', id: 'apple', changes: { name: 'Apple' }, at: at(1) })
      .then();
    given(gram)
      .when({ type: 'UpdateReferenceEntry', kind: 'unit', id: 'g', changes: { symbol: '' }, at: at(1) })
      .then({ type: 'ReferenceEntryUpdated', data: { kind: 'unit', id: 'g', symbol: null, at: at(1) } });
  });

  it('refuses an unknown entry (per kind) and a bad name', () => {
    given()
      .when({ type: 'UpdateReferenceEntry', kind: 'type_device', id: 'x', changes: { name: 'X' }, at: at(1) })
      .thenThrows(NotFound, 'catalogue.product.type_device_not_found');
    given()
      .when({ type: 'UpdateReferenceEntry', kind: 'unit', id: 'x', changes: { name: 'X' }, at: at(1) })
      .thenThrows(NotFound, 'catalogue.product.unit_not_found');
    given(apple)
      .when({ type: 'UpdateReferenceEntry', kind: 'manufacturer', id: 'apple', changes: { name: 'x'.repeat(101) }, at: at(1) })
      .thenThrows(ValidationError, 'validation.failed');
  });
});
