import type { MasterEvent } from '../../events';
import { FieldErrors, illegal } from '../../rules';
import { assertActive } from '../fields';
import type { MasterState } from '../state';

/**
 * Spec 7's meta master calls that move a master: `add` puts an ungrouped
 * master into a meta master (refused when it already belongs to another:
 * that is a swap), `swap` moves it from whichever it is in, `remove` takes
 * it out. The master stream holds the membership, so a master is in at
 * most one meta master whatever runs at the same time.
 */
export interface ChangeMetaMaster {
  readonly type: 'ChangeMetaMaster';
  readonly masterProductId: string;
  readonly mode: 'add' | 'swap' | 'remove';
  /** The target (null for remove). */
  readonly metaMasterId: string | null;
  /** Whether the target meta master exists and is not deleted (read from its stream). */
  readonly targetExists: boolean;
  /** Whether the meta master the master is in now still exists: membership of a deleted one counts as none. */
  readonly currentExists: boolean;
  readonly at: string;
}

export function decideChangeMetaMaster(command: ChangeMetaMaster, state: MasterState): MasterEvent[] {
  assertActive(state, command.masterProductId);
  const errors = new FieldErrors().time('at', command.at);
  if (command.mode !== 'remove' && command.metaMasterId === null) errors.add('meta_master_id', 'validation.required');
  else if (command.mode !== 'remove' && !command.targetExists)
    errors.add('meta_master_id', 'catalogue.product.meta_master_not_found');
  errors.throwIfAny('The meta master cannot be changed');
  const current = state.metaMasterId !== null && command.currentExists ? state.metaMasterId : null;
  const target = command.mode === 'remove' ? null : command.metaMasterId;
  if (command.mode === 'add' && current !== null && current !== target)
    throw illegal('catalogue.product.master_in_other_meta_master', 'The master product belongs to another meta master: swap it', {
      meta_master_id: current,
    });
  if (state.metaMasterId === target) return [];
  return [
    {
      type: 'MasterMetaMasterChanged',
      data: {
        masterProductId: command.masterProductId,
        metaMasterId: target,
        previousMetaMasterId: state.metaMasterId,
        at: command.at,
      },
    },
  ];
}
