import type { ReferenceEvent, ReferenceKind } from '@buyloop/catalogue';
import type { Projection } from '@buyloop/projector';

/** One entry of a reference list: a type device, manufacturer, unit or attribute name. */
export interface ReferenceDocument extends Record<string, unknown> {
  readonly kind: ReferenceKind;
  readonly id: string;
  readonly name: string;
  readonly symbol?: string | null;
  readonly value_type?: 'text' | 'number' | 'boolean';
  readonly unit_id?: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly stream_version: number;
}

export const REFERENCE_PROJECTION = 'catalogue_reference';

const fieldsOf = (data: Partial<ReferenceEvent['data']>): Partial<ReferenceDocument> => ({
  ...(data.name !== undefined ? { name: data.name } : {}),
  ...(data.symbol !== undefined ? { symbol: data.symbol } : {}),
  ...(data.valueType !== undefined ? { value_type: data.valueType } : {}),
  ...(data.unitId !== undefined ? { unit_id: data.unitId } : {}),
});

/** The four reference lists in one collection, keyed `<kind>:<id>`, listed by kind and name. */
export const referenceProjection: Projection<ReferenceDocument> = {
  name: REFERENCE_PROJECTION,
  version: 1,
  handles: ['ReferenceEntryCreated', 'ReferenceEntryUpdated'],
  collection: {
    fields: {
      kind: { path: 'kind', type: 'string' },
      name: { path: 'name', type: 'string' },
    },
    indexes: [['kind', 'name']],
    textFields: ['name'],
  },
  key(event) {
    const data = event.data as ReferenceEvent['data'];
    return `${data.kind}:${data.id}`;
  },
  evolve(document, recorded) {
    const event = recorded as unknown as ReferenceEvent;
    const version = Number(recorded.streamVersion);
    switch (event.type) {
      case 'ReferenceEntryCreated':
        return {
          kind: event.data.kind,
          id: event.data.id,
          name: event.data.name,
          ...fieldsOf(event.data),
          created_at: event.data.at,
          updated_at: event.data.at,
          stream_version: version,
        };
      case 'ReferenceEntryUpdated':
        return document ? { ...document, ...fieldsOf(event.data), updated_at: event.data.at, stream_version: version } : null;
      default:
        return document;
    }
  },
};
