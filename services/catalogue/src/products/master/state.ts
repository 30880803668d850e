import { assertNever } from '@buyloop/kit';
import type { MasterEvent, MasterFields } from '../events';

export type MasterStatus = 'none' | 'active' | 'deleted';

export interface MasterState {
  readonly status: MasterStatus;
  readonly masterProductId: string | null;
  readonly fields: MasterFields | null;
  /** The meta master it belongs to (the master stream is where membership is decided: at most one). */
  readonly metaMasterId: string | null;
  /** Codes of every catalogue product ever created for it; whether each is still active is read from its own stream. */
  readonly variantCodes: readonly string[];
}

export const initialMasterState = (): MasterState => ({
  status: 'none',
  masterProductId: null,
  fields: null,
  metaMasterId: null,
  variantCodes: [],
});

export function evolveMaster(state: MasterState, event: MasterEvent): MasterState {
  switch (event.type) {
    case 'MasterProductCreated': {
      const { masterProductId, at: _at, ...fields } = event.data;
      return { ...state, status: 'active', masterProductId, fields };
    }
    case 'MasterProductUpdated': {
      const { masterProductId: _id, at: _at, ...changes } = event.data;
      return state.fields ? { ...state, fields: { ...state.fields, ...changes } } : state;
    }
    case 'MasterProductDeleted':
      return { ...state, status: 'deleted' };
    case 'MasterVariantAttached':
      return state.variantCodes.includes(event.data.code)
        ? state
        : { ...state, variantCodes: [...state.variantCodes, event.data.code] };
    case 'MasterMetaMasterChanged':
      return { ...state, metaMasterId: event.data.metaMasterId };
    default:
      return assertNever(event, 'master event');
  }
}
