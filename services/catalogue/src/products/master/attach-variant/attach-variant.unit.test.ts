import { describe, it } from 'vitest';
import { NotFound } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { at, masterCreated } from '../../fixtures';
import { masterDecider } from '../decider';

const { given } = deciderSpec(masterDecider);
const attach = { type: 'AttachVariant', masterProductId: 'm1', code: 'IP15', at: at(1) } as const;
const attached = { type: 'MasterVariantAttached', data: { masterProductId: 'm1', code: 'IP15', at: at(1) } } as const;

describe('attach variant', () => {
  it('records a new variant once', () => {
    given(masterCreated()).when(attach).then(attached);
    given(masterCreated(), attached).when(attach).then();
  });

  it('refuses a master that is not there or deleted', () => {
    given().when(attach).thenThrows(NotFound, 'catalogue.product.master_not_found');
    given(masterCreated(), {
      type: 'MasterProductDeleted',
      data: { masterProductId: 'm1', seoName: 'apple-iphone-15', at: at(1) },
    })
      .when(attach)
      .thenThrows(NotFound, 'catalogue.product.master_not_found');
  });
});
