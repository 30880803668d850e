import { describe, it } from 'vitest';
import { IllegalState, NotFound } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { at, masterCreated } from '../../fixtures';
import { masterDecider } from '../decider';

const { given } = deciderSpec(masterDecider);
const remove = (activeVariantCodes: string[] = []) =>
  ({ type: 'DeleteMaster', masterProductId: 'm1', activeVariantCodes, at: at(2) }) as const;
const deleted = { type: 'MasterProductDeleted', data: { masterProductId: 'm1', seoName: 'apple-iphone-15', at: at(2) } } as const;
const attached = { type: 'MasterVariantAttached', data: { masterProductId: 'm1', code: 'IP15', at: at(1) } } as const;

describe('delete master', () => {
  it('deletes a master whose variants are all discontinued (or that has none)', () => {
    given(masterCreated()).when(remove()).then(deleted);
    given(masterCreated(), attached).when(remove()).then(deleted);
  });

  it('refuses while a variant is still sold, and a master that is not there', () => {
    given(masterCreated(), attached)
      .when(remove(['IP15']))
      .thenThrows(IllegalState, 'catalogue.product.master_has_active_variants');
    given().when(remove()).thenThrows(NotFound, 'catalogue.product.master_not_found');
    given(masterCreated(), deleted).when(remove()).thenThrows(NotFound, 'catalogue.product.master_not_found');
  });
});
