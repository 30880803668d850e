import { assertNever } from '@buyloop/kit';
import type { ProductEvent, ProductFields, ProductRelations } from '../events';

export type ProductStatus = 'none' | 'active' | 'discontinued';

export interface ProductState {
  readonly status: ProductStatus;
  readonly code: string | null;
  readonly masterProductId: string | null;
  readonly fields: ProductFields | null;
  readonly relations: ProductRelations;
}

export const NO_RELATIONS: ProductRelations = {
  accessories: [],
  gifts: [],
  specialOffers: [],
  insurance: [],
  warrantyExtensions: [],
};

export const initialProductState = (): ProductState => ({
  status: 'none',
  code: null,
  masterProductId: null,
  fields: null,
  relations: NO_RELATIONS,
});

export function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  switch (event.type) {
    case 'CatalogueProductCreated': {
      const { code, masterProductId, at: _at, ...fields } = event.data;
      return { ...state, status: 'active', code, masterProductId, fields };
    }
    case 'CatalogueProductUpdated': {
      const { code: _code, masterProductId: _master, at: _at, ...changes } = event.data;
      return state.fields ? { ...state, fields: { ...state.fields, ...changes } } : state;
    }
    case 'CatalogueProductDiscontinued':
      return { ...state, status: 'discontinued' };
    case 'CatalogueProductRelationsSet': {
      const { code: _code, masterProductId: _master, at: _at, ...relations } = event.data;
      return { ...state, relations };
    }
    default:
      return assertNever(event, 'catalogue product event');
  }
}

/** The rule other areas rely on: a product exists iff its stream is non-empty and it is not discontinued. */
export const isSellable = (state: ProductState): boolean => state.status === 'active';
