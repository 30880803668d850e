import type { Market } from '@buyloop/kit';
import type { ProductEvent, ProductFields } from '../../events';
import { FieldErrors, illegal, notFound, PRODUCT_CODE } from '../../rules';
import { checkProductFields, normaliseProductFields } from '../fields';
import type { ProductState } from '../state';

/**
 * Creates a catalogue product, a sellable variant of a master. Its stream
 * is `product-<code>`: creating expects no stream, which is what keeps
 * codes unique. The EAN's uniqueness is its own claim (eanStream).
 */
export interface CreateProduct {
  readonly type: 'CreateProduct';
  readonly code: string;
  readonly masterProductId: string;
  readonly fields: ProductFields;
  /** Whether the master exists and is not deleted (read from its stream). */
  readonly masterActive: boolean;
  readonly market: Market;
  readonly at: string;
}

export function decideCreateProduct(command: CreateProduct, state: ProductState): ProductEvent[] {
  if (!command.masterActive)
    throw notFound('catalogue.product.master_not_found', `There is no master product ${command.masterProductId}`);
  if (state.status !== 'none')
    throw illegal('catalogue.product.code_taken', `The code ${command.code} is taken`, { code: command.code });
  const errors = new FieldErrors().time('at', command.at);
  if (!PRODUCT_CODE.test(command.code)) errors.add('code', 'catalogue.product.code_invalid');
  const fields = normaliseProductFields(command.fields);
  checkProductFields(errors, fields, command.market);
  errors.throwIfAny('The catalogue product cannot be created');
  return [
    {
      type: 'CatalogueProductCreated',
      data: { code: command.code, masterProductId: command.masterProductId, ...fields, at: command.at },
    },
  ];
}
