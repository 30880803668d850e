import { assertNever } from '@buyloop/kit';
import type { MetaMasterEvent, MetaMasterFields } from '../events';

export interface MetaMasterState {
  readonly status: 'none' | 'active' | 'deleted';
  readonly fields: MetaMasterFields | null;
}

export const initialMetaMasterState = (): MetaMasterState => ({ status: 'none', fields: null });

export function evolveMetaMaster(state: MetaMasterState, event: MetaMasterEvent): MetaMasterState {
  switch (event.type) {
    case 'MetaMasterCreated':
      return { status: 'active', fields: { name: event.data.name, description: event.data.description } };
    case 'MetaMasterUpdated': {
      const { metaMasterId: _id, at: _at, ...changes } = event.data;
      return state.fields ? { ...state, fields: { ...state.fields, ...changes } } : state;
    }
    case 'MetaMasterDeleted':
      return { ...state, status: 'deleted' };
    default:
      return assertNever(event, 'meta master event');
  }
}
