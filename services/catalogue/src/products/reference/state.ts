import { assertNever } from '@buyloop/kit';
import type { ReferenceEvent, ReferenceFields, ReferenceKind } from '../events';

export interface ReferenceState {
  readonly exists: boolean;
  readonly kind: ReferenceKind | null;
  readonly id: string | null;
  readonly fields: ReferenceFields;
}

export const initialReferenceState = (): ReferenceState => ({ exists: false, kind: null, id: null, fields: { name: '' } });

export function evolveReference(state: ReferenceState, event: ReferenceEvent): ReferenceState {
  switch (event.type) {
    case 'ReferenceEntryCreated': {
      const { kind, id, at: _at, ...fields } = event.data;
      return { exists: true, kind, id, fields };
    }
    case 'ReferenceEntryUpdated': {
      const { kind: _kind, id: _id, at: _at, ...changes } = event.data;
      return { ...state, fields: { ...state.fields, ...changes } };
    }
    default:
      return assertNever(event, 'reference event');
  }
}

/** The NotFound code of each kind, so the back office says which list lacks the entry. */
export const REFERENCE_NOT_FOUND: Readonly<Record<ReferenceKind, string>> = {
  type_device: 'catalogue.product.type_device_not_found',
  manufacturer: 'catalogue.product.manufacturer_not_found',
  unit: 'catalogue.product.unit_not_found',
  attribute_name: 'catalogue.product.attribute_name_not_found',
};
