import type { ProductEvent } from '../../events';
import { FieldErrors } from '../../rules';
import { assertProductActive } from '../fields';
import type { ProductState } from '../state';

export const MAX_REASON = 500;

/** Stops selling a catalogue product; it stays in the history (orders, prices) and keeps its code and EAN. */
export interface DiscontinueProduct {
  readonly type: 'DiscontinueProduct';
  readonly code: string;
  readonly reason: string | null;
  readonly at: string;
}

export function decideDiscontinueProduct(command: DiscontinueProduct, state: ProductState): ProductEvent[] {
  assertProductActive(state, command.code);
  new FieldErrors()
    .time('at', command.at)
    .optionalText('reason', command.reason, MAX_REASON, true)
    .throwIfAny('The catalogue product cannot be discontinued');
  return [
    {
      type: 'CatalogueProductDiscontinued',
      data: {
        code: command.code,
        masterProductId: state.masterProductId,
        reason: command.reason?.trim() || null,
        at: command.at,
      },
    },
  ];
}
