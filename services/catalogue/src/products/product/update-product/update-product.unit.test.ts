import { describe, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import type { ProductFields } from '../../events';
import { at, productCreated } from '../../fixtures';
import { productDecider } from '../decider';

const { given } = deciderSpec(productDecider);
const update = (changes: Partial<ProductFields>) =>
  ({ type: 'UpdateProduct', code: 'IP15-128-BLK', changes, market: 'cz', at: at(1) }) as const;
const discontinued = {
  type: 'CatalogueProductDiscontinued',
  data: { code: 'IP15-128-BLK', masterProductId: 'm1', reason: null, at: at(1) },
} as const;

describe('update catalogue product', () => {
  it('records the changed fields only', () => {
    given(productCreated())
      .when(update({ preOrder: true, colour: 'Black', vatRate: 21 }))
      .then({
        type: 'CatalogueProductUpdated',
        data: { code: 'IP15-128-BLK', masterProductId: 'm1', preOrder: true, at: at(1) },
      });
    given(productCreated())
      .when(update({ shortName: 'iPhone 15 128 GB' }))
      .then();
  });

  it('checks the rules on the product as it will stand', () => {
    given(productCreated())
      .when(update({ quality: 'used', grade: 'B' }))
      .then({
        type: 'CatalogueProductUpdated',
        data: { code: 'IP15-128-BLK', masterProductId: 'm1', quality: 'used', grade: 'B', at: at(1) },
      });
    given(productCreated())
      .when(update({ quality: 'used' }))
      .thenThrows(ValidationError, 'validation.failed');
    given(productCreated())
      .when(update({ ean: '123' }))
      .thenThrows(ValidationError);
    given(productCreated())
      .when(update({ kind: 'accessory' }))
      .thenThrows(ValidationError);
  });

  it('refuses an unknown or discontinued product', () => {
    given()
      .when(update({ preOrder: true }))
      .thenThrows(NotFound, 'catalogue.product.not_found');
    given(productCreated(), discontinued)
      .when(update({ preOrder: true }))
      .thenThrows(IllegalState, 'catalogue.product.discontinued');
  });
});
