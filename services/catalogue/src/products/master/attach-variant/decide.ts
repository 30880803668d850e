import type { MasterEvent } from '../../events';
import { FieldErrors } from '../../rules';
import { assertActive } from '../fields';
import type { MasterState } from '../state';

/** Records on the master that a catalogue product of it now exists, so deleting the master sees it. */
export interface AttachVariant {
  readonly type: 'AttachVariant';
  readonly masterProductId: string;
  readonly code: string;
  readonly at: string;
}

export function decideAttachVariant(command: AttachVariant, state: MasterState): MasterEvent[] {
  assertActive(state, command.masterProductId);
  new FieldErrors().time('at', command.at).throwIfAny('The variant cannot be attached');
  if (state.variantCodes.includes(command.code)) return [];
  return [
    { type: 'MasterVariantAttached', data: { masterProductId: command.masterProductId, code: command.code, at: command.at } },
  ];
}
