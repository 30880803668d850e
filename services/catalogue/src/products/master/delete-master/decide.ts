import type { MasterEvent } from '../../events';
import { FieldErrors, illegal } from '../../rules';
import { assertActive } from '../fields';
import type { MasterState } from '../state';

/**
 * Deletes a master product. Refused while any of its catalogue products is
 * still sold: the service reads each attached code's own stream and passes
 * the active ones, and appends with the version it read, so a variant
 * attached meanwhile makes it decide again.
 */
export interface DeleteMaster {
  readonly type: 'DeleteMaster';
  readonly masterProductId: string;
  readonly activeVariantCodes: readonly string[];
  readonly at: string;
}

export function decideDeleteMaster(command: DeleteMaster, state: MasterState): MasterEvent[] {
  assertActive(state, command.masterProductId);
  new FieldErrors().time('at', command.at).throwIfAny('The master product cannot be deleted');
  if (command.activeVariantCodes.length > 0)
    throw illegal('catalogue.product.master_has_active_variants', 'Discontinue its catalogue products first', {
      count: command.activeVariantCodes.length,
      codes: command.activeVariantCodes.slice(0, 20).join(', '),
    });
  return [
    {
      type: 'MasterProductDeleted',
      data: { masterProductId: command.masterProductId, seoName: state.fields.seoName, at: command.at },
    },
  ];
}
