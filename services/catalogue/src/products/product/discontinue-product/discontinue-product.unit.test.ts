import { describe, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { at, productCreated } from '../../fixtures';
import { productDecider } from '../decider';

const { given } = deciderSpec(productDecider);
const discontinue = (reason: string | null = ' End of life ') =>
  ({ type: 'DiscontinueProduct', code: 'IP15-128-BLK', reason, at: at(1) }) as const;
const discontinued = {
  type: 'CatalogueProductDiscontinued',
  data: { code: 'IP15-128-BLK', masterProductId: 'm1', reason: 'End of life', at: at(1) },
} as const;

describe('discontinue catalogue product', () => {
  it('stops selling it, with the reason', () => {
    given(productCreated()).when(discontinue()).then(discontinued);
    given(productCreated())
      .when(discontinue(''))
      .then({
        type: 'CatalogueProductDiscontinued',
        data: { code: 'IP15-128-BLK', masterProductId: 'm1', reason: null, at: at(1) },
      });
  });

  it('refuses twice, an unknown product and an overlong reason', () => {
    given(productCreated(), discontinued).when(discontinue()).thenThrows(IllegalState, 'catalogue.product.discontinued');
    given().when(discontinue()).thenThrows(NotFound, 'catalogue.product.not_found');
    given(productCreated())
      .when(discontinue('x'.repeat(501)))
      .thenThrows(ValidationError);
  });
});
