import type { MetaMasterEvent, MetaMasterFields } from '../../events';
import { FieldErrors, illegal } from '../../rules';
import { checkMetaMasterFields, normaliseMetaMasterFields } from '../fields';
import type { MetaMasterState } from '../state';

/** Spec 7's add-meta-master: a group of master products (the same model in its generations or sizes). */
export interface CreateMetaMaster {
  readonly type: 'CreateMetaMaster';
  readonly metaMasterId: string;
  readonly fields: MetaMasterFields;
  readonly at: string;
}

export function decideCreateMetaMaster(command: CreateMetaMaster, state: MetaMasterState): MetaMasterEvent[] {
  if (state.status !== 'none')
    throw illegal('catalogue.product.meta_master_exists', `There is already a meta master ${command.metaMasterId}`);
  const errors = new FieldErrors().id('id', command.metaMasterId).time('at', command.at);
  checkMetaMasterFields(errors, command.fields);
  errors.throwIfAny('The meta master cannot be created');
  return [
    {
      type: 'MetaMasterCreated',
      data: { metaMasterId: command.metaMasterId, ...normaliseMetaMasterFields(command.fields), at: command.at },
    },
  ];
}
