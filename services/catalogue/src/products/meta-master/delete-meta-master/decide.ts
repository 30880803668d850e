import type { MetaMasterEvent } from '../../events';
import { FieldErrors } from '../../rules';
import { assertMetaMasterActive } from '../fields';
import type { MetaMasterState } from '../state';

/**
 * Spec 7's delete-meta-master. Membership is kept on the master streams,
 * which read a deleted meta master as none, so deleting never has to reach
 * into its members and never leaves one in two groups.
 */
export interface DeleteMetaMaster {
  readonly type: 'DeleteMetaMaster';
  readonly metaMasterId: string;
  readonly at: string;
}

export function decideDeleteMetaMaster(command: DeleteMetaMaster, state: MetaMasterState): MetaMasterEvent[] {
  assertMetaMasterActive(state, command.metaMasterId);
  new FieldErrors().time('at', command.at).throwIfAny('The meta master cannot be deleted');
  return [{ type: 'MetaMasterDeleted', data: { metaMasterId: command.metaMasterId, at: command.at } }];
}
