import { describe, it } from 'vitest';
import { IllegalState, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { allReferences, at, iphoneFields, masterCreated } from '../../fixtures';
import { masterDecider } from '../decider';

const { given } = deciderSpec(masterDecider);
const create = (fields = iphoneFields, references = allReferences, id = 'm1') =>
  ({ type: 'CreateMaster', masterProductId: id, fields, references, at: at(0) }) as const;

describe('create master', () => {
  it('creates a master with its params, photos, package and SEO texts', () => {
    given().when(create()).then(masterCreated());
  });

  it('trims what people type and reads blank SEO texts as none', () => {
    given()
      .when(
        create({
          ...iphoneFields,
          name: ' Apple iPhone 15 ',
          seoTitle: '  ',
          params: [{ name: ' RAM ', value: ' 6 ', type: 'number' }],
        }),
      )
      .then(masterCreated({ seoTitle: null, params: [{ name: 'RAM', value: '6', type: 'number' }] }));
  });

  it('refuses a master that exists', () => {
    given(masterCreated()).when(create()).thenThrows(IllegalState, 'catalogue.product.master_exists');
  });

  it('refuses unknown references, a bad seo_name, bad params, a bad package and missing photos', () => {
    given()
      .when(create(iphoneFields, { ...allReferences, manufacturerExists: false }))
      .thenThrows(ValidationError);
    given()
      .when(create(iphoneFields, { ...allReferences, typeDeviceExists: false }))
      .thenThrows(ValidationError);
    given()
      .when(create(iphoneFields, { ...allReferences, existingPhotoIds: [] }))
      .thenThrows(ValidationError);
    given()
      .when(create({ ...iphoneFields, seoName: 'Apple iPhone' }))
      .thenThrows(ValidationError);
    given()
      .when(create({ ...iphoneFields, name: '' }))
      .thenThrows(ValidationError);
    given()
      .when(create({ ...iphoneFields, params: [{ name: 'Display', value: 'big', type: 'number' }] }))
      .thenThrows(ValidationError);
    given()
      .when(create({ ...iphoneFields, params: [{ name: '5G', value: 'yes', type: 'boolean' }] }))
      .thenThrows(ValidationError);
    given()
      .when(
        create({
          ...iphoneFields,
          params: [
            { name: 'Colour', value: 'Black', type: 'text' },
            { name: 'colour', value: 'Blue', type: 'text' },
          ],
        }),
      )
      .thenThrows(ValidationError);
    given()
      .when(create({ ...iphoneFields, package: { width: 0, height: 17, depth: 4, weight: 0.3 } }))
      .thenThrows(ValidationError);
    given()
      .when(create({ ...iphoneFields, package: { width: 9, height: 17, depth: 4, weight: -1 } }))
      .thenThrows(ValidationError);
    given()
      .when(create({ ...iphoneFields, photoIds: ['img-1', 'img-1'] }))
      .thenThrows(ValidationError);
    given()
      .when(create(iphoneFields, allReferences, 'Not An Id'))
      .thenThrows(ValidationError);
  });
});
