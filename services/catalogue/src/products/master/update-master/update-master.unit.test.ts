import { describe, it } from 'vitest';
import { NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { allReferences, at, masterCreated } from '../../fixtures';
import { masterDecider } from '../decider';
import type { MasterFields } from '../../events';

const { given } = deciderSpec(masterDecider);
const update = (changes: Partial<MasterFields>, references = allReferences) =>
  ({ type: 'UpdateMaster', masterProductId: 'm1', changes, references, at: at(1) }) as const;
const deleted = { type: 'MasterProductDeleted', data: { masterProductId: 'm1', seoName: 'apple-iphone-15', at: at(1) } } as const;

describe('update master', () => {
  it('records only the fields that change', () => {
    given(masterCreated())
      .when(update({ name: 'Apple iPhone 15 (2023)', seoName: 'apple-iphone-15' }))
      .then({ type: 'MasterProductUpdated', data: { masterProductId: 'm1', name: 'Apple iPhone 15 (2023)', at: at(1) } });
    given(masterCreated())
      .when(update({ name: 'Apple iPhone 15' }))
      .then();
    given(masterCreated())
      .when(update({ seoTitle: 'Buy iPhone 15', seoDescription: 'The iPhone 15.' }))
      .then({
        type: 'MasterProductUpdated',
        data: { masterProductId: 'm1', seoTitle: 'Buy iPhone 15', seoDescription: 'The iPhone 15.', at: at(1) },
      });
  });

  it('keeps references it does not change even if they have gone since', () => {
    given(masterCreated())
      .when(
        update(
          { name: 'iPhone 15', photoIds: ['img-1'] },
          { manufacturerExists: false, typeDeviceExists: false, existingPhotoIds: [] },
        ),
      )
      .then({ type: 'MasterProductUpdated', data: { masterProductId: 'm1', name: 'iPhone 15', at: at(1) } });
  });

  it('refuses an unknown or deleted master and bad changes', () => {
    given()
      .when(update({ name: 'X' }))
      .thenThrows(NotFound, 'catalogue.product.master_not_found');
    given(masterCreated(), deleted)
      .when(update({ name: 'X' }))
      .thenThrows(NotFound, 'catalogue.product.master_not_found');
    given(masterCreated())
      .when(update({ manufacturerId: 'samsung' }, { ...allReferences, manufacturerExists: false }))
      .thenThrows(ValidationError);
    given(masterCreated())
      .when(update({ seoName: 'iPhone_15' }))
      .thenThrows(ValidationError);
    given(masterCreated())
      .when(update({ description: 'x'.repeat(20_001) }))
      .thenThrows(ValidationError);
  });
});
