import type { Decider } from '@buyloop/kit';
import type { ProductEvent } from '../events';
import { decideCreateProduct, type CreateProduct } from './create-product/decide';
import { decideDiscontinueProduct, type DiscontinueProduct } from './discontinue-product/decide';
import { decideSetRelations, type SetRelations } from './set-relations/decide';
import { evolveProduct, initialProductState, type ProductState } from './state';
import { decideUpdateProduct, type UpdateProduct } from './update-product/decide';

export type ProductCommand = CreateProduct | UpdateProduct | DiscontinueProduct | SetRelations;

/** The catalogue product's decider: stream `product-<code>`. */
export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = {
  initialState: initialProductState,
  evolve: evolveProduct,
  decide(command, state) {
    switch (command.type) {
      case 'CreateProduct':
        return decideCreateProduct(command, state);
      case 'UpdateProduct':
        return decideUpdateProduct(command, state);
      case 'DiscontinueProduct':
        return decideDiscontinueProduct(command, state);
      case 'SetRelations':
        return decideSetRelations(command, state);
      default:
        return neverCommand(command);
    }
  },
};

function neverCommand(command: never): never {
  throw new Error(`Unhandled catalogue product command ${JSON.stringify(command)}`);
}
